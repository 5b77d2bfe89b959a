import { type TaggedText } from './types'

/**
 * SPEC §5 tag rules broken by a segment, as values: the route turns a code into the SPEC §8 message
 * ("Incorrect translation tags. Return to previous text.").
 */
export type TagErrorCode =
  | 'duplicate-tag'
  | 'closing-without-opening'
  | 'unclosed-opening'
  | 'crossed-tags'
  | 'too-many-tags'
  | 'malformed-tag'

export interface TagError {
  code: TagErrorCode
  /** The offending tag in canonical form (`<g1>`, `</g1>`, `<x2/>`); absent for 'too-many-tags'. */
  tag?: string
}

export type ParseResult = { ok: true; tokens: TaggedText } | { ok: false; errors: TagError[] }
