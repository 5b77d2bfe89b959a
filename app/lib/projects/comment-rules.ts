/**
 * Rules for segment comments that the server action and the browser share (pure). SPEC §5 and §9: a comment
 * must not be empty and has at most 750 characters.
 */
export const COMMENT_MAX_LENGTH = 750

/** SPEC §3 comment message types. */
export const MESSAGE_TYPE = { comment: 1, resolved: 2 } as const

export type CommentError = { code: 'empty' } | { code: 'too-long'; length: number; max: number }

export type CommentCheck = { ok: true; message: string } | { ok: false; errors: CommentError[] }

/**
 * Whitespace around a comment is not part of it. Length counts characters as a reader does — Unicode code
 * points of the trimmed text — so "ā" or an emoji is one character, whatever its UTF-16 length.
 */
export function checkComment(message: string): CommentCheck {
  const trimmed = message.trim()
  if (trimmed === '') return { ok: false, errors: [{ code: 'empty' }] }
  const length = commentLength(trimmed)
  if (length > COMMENT_MAX_LENGTH) return { ok: false, errors: [{ code: 'too-long', length, max: COMMENT_MAX_LENGTH }] }
  return { ok: true, message: trimmed }
}

export function commentLength(text: string): number {
  let length = 0
  for (const _ of text) length++
  return length
}

/** Whether a comment matches the comments panel's search (case-insensitive, in the text or the author's name). */
export function commentMatches(comment: { message: string; fullName: string }, query: string, locale?: string): boolean {
  const wanted = query.trim().toLocaleLowerCase(locale)
  if (wanted === '') return true
  return comment.message.toLocaleLowerCase(locale).includes(wanted) || comment.fullName.toLocaleLowerCase(locale).includes(wanted)
}
