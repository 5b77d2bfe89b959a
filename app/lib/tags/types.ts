/**
 * DESIGN.md "Tagged text": a segment's source and target are lists of tokens. Pure types, browser-safe.
 *
 * Canonical string form (what a <textarea> shows and every form posts):
 *   open `<g1>`, close `</g1>`, self-closing `<x2/>`, placeholder `<ph3/>`; `<g_1>` accepted on input.
 * The name `ph` is reserved for placeholders (XLIFF <ph>, printf-style variables, line breaks kept as codes);
 * every other self-contained code is a self-closing tag.
 */
export type TagKind = 'open' | 'close' | 'self' | 'placeholder'

export interface TextToken {
  kind: 'text'
  text: string
}

export interface TagToken {
  kind: TagKind
  /** 1–5 ASCII letters or digits, starting with a letter (g, x, bx, ph, b, i, a, br, …). */
  name: string
  /** Unique in the segment for self/placeholder; an open tag and its close share one id. */
  id: number
  /**
   * Opaque reference to the original markup, kept by the format filter (e.g. an index into the unit's
   * code table). Not part of the canonical string: restored from the source segment by (kind, name, id).
   */
  ref?: string
}

export type Token = TextToken | TagToken

export type TaggedText = Token[]

export function isTag(token: Token): token is TagToken {
  return token.kind !== 'text'
}
