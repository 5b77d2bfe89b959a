import { isWellFormedTag, parse, tagString } from './canonical'
import { type ParseResult, type TagError, type TagErrorCode } from './tag-errors'
import { isTag, type TagToken, type Token } from './types'

/** SPEC §9: at most 300 tag iterations are processed; a segment with more is refused unread. */
export const TAG_LIMIT = 300

/**
 * SPEC §5 tag rules, one pure function for the server action and the browser editor. Errors come in the order
 * found (unclosed openings last, in opening order), each code and tag once.
 *
 * Identity: a self-closing tag or placeholder is its kind, name and id; a pair is its id (a second opening, or a
 * closing after the pair with its id closed, is a duplicate), and a closing tag closes only the opening with its
 * id and name.
 */
export function validate(tokens: readonly Token[]): TagError[] {
  const tags = tokens.filter(isTag)
  if (tags.length > TAG_LIMIT) return [{ code: 'too-many-tags' }]

  const errors = new Map<string, TagError>()
  const report = (code: TagErrorCode, tag: TagToken) => {
    const spelled = tagString(tag)
    errors.set(`${code} ${spelled}`, { code, tag: spelled })
  }
  const standalone = new Set<string>()
  const openings = new Map<number, TagToken>()
  const closedIds = new Set<number>()
  const open: TagToken[] = [] // openings not closed yet, innermost last

  for (const tag of tags) {
    if (!isWellFormedTag(tag)) {
      report('malformed-tag', tag)
    } else if (tag.kind === 'self' || tag.kind === 'placeholder') {
      const identity = tagString(tag)
      if (standalone.has(identity)) report('duplicate-tag', tag)
      standalone.add(identity)
    } else if (tag.kind === 'open') {
      if (openings.has(tag.id)) {
        report('duplicate-tag', tag)
      } else {
        openings.set(tag.id, tag)
        open.push(tag)
      }
    } else if (closedIds.has(tag.id)) {
      report('duplicate-tag', tag)
    } else {
      const opening = openings.get(tag.id)
      const depth = opening && opening.name === tag.name ? open.lastIndexOf(opening) : -1
      if (depth === -1) {
        report('closing-without-opening', tag)
      } else {
        // <g1><g2></g1></g2>: g1 closes while g2 is still open inside it.
        if (depth !== open.length - 1) report('crossed-tags', tag)
        open.splice(depth, 1)
        closedIds.add(tag.id)
      }
    }
  }
  for (const tag of open) report('unclosed-opening', tag)
  return [...errors.values()]
}

/** What a form post needs: the target's tokens when its tags are valid, the errors otherwise. */
export function parseAndValidate(text: string): ParseResult {
  const tokens = parse(text)
  const errors = validate(tokens)
  return errors.length === 0 ? { ok: true, tokens } : { ok: false, errors }
}
