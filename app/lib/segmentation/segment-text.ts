/**
 * Sentence segmentation of plain text (DESIGN.md "Segmentation"). Lossless: the segments joined give the
 * text back. Whitespace after a sentence stays with it, so every segment but the first starts with a
 * non-space character and no segment is empty.
 */
import { rulesFor } from './rules'
import { srxBreaks } from './srx'

/**
 * Issue 50: the longest segment segmentation makes. A sentence longer than this (a 20 MB text with no sentence end was
 * one segment, and opening it stalled every user's pages) is cut at the last space before it, or at this many
 * characters when there is none — the same rule for every format, and as lossless as the rest.
 */
export const LONGEST_SEGMENT = 5_000

/**
 * A segment that cannot be cut (text inside one formatting pair, a unit that arrives translated) may be this long at
 * most, in its canonical form; a file holding a longer one is refused (SegmentTooLong), never stored.
 */
export const MAX_SEGMENT_CHARACTERS = 20_000

/** Offsets where segments start, ascending, excluding 0. */
export function breakOffsets(text: string, language: string, longest = LONGEST_SEGMENT): number[] {
  return withLengthBreaks(text, sentenceBreaks(text, language), longest)
}

function sentenceBreaks(text: string, language: string): number[] {
  const offsets: number[] = []
  // Whitespace before the first sentence (an empty first line) belongs to it rather than standing alone.
  const firstContent = skipWhitespace(text, 0)
  let skippedTo = 0
  for (const raw of srxBreaks(text, rulesFor(language))) {
    // Breaks come in order: one inside the run of whitespace just skipped ends where that run ends.
    const offset = raw <= skippedTo ? skippedTo : skipWhitespace(text, raw)
    skippedTo = offset
    if (offset <= firstContent || offset >= text.length || offset === offsets[offsets.length - 1]) continue
    offsets.push(offset)
  }
  return offsets
}

/** The breaks, and more wherever a piece between two is longer than `longest`. */
function withLengthBreaks(text: string, offsets: readonly number[], longest: number): number[] {
  const all: number[] = []
  let start = 0
  for (const end of [...offsets, text.length]) {
    while (end - start > longest) {
      const cut = lengthBreak(text, start, longest)
      if (cut >= end) break
      all.push(cut)
      start = cut
    }
    if (end < text.length) all.push(end)
    start = end
  }
  return all
}

/** Where a piece starting at `start` and longer than `longest` is cut: after its last space in reach, else at `longest`. */
function lengthBreak(text: string, start: number, longest: number): number {
  const limit = start + longest
  for (let at = limit; at > start + longest / 2; at--) if (isSpace(text.charCodeAt(at - 1)) && !isSpace(text.charCodeAt(at))) return at
  // No space in reach: cut at `longest` — never inside a surrogate pair, and spaces there stay with the piece before.
  let at = /[\udc00-\udfff]/.test(text[limit]!) ? limit - 1 : limit
  while (at < text.length && isSpace(text.charCodeAt(at))) at++
  return at
}

/** White space as \s reads it (the common part, without a regular expression per character). */
function isSpace(code: number): boolean {
  return code <= 0x20 || code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff
}

export function segmentText(text: string, language: string): string[] {
  return cutAt(text, breakOffsets(text, language))
}

/** The pieces of `text` between the given ascending offsets. */
export function cutAt(text: string, offsets: readonly number[]): string[] {
  if (text === '') return []
  const pieces: string[] = []
  let start = 0
  for (const offset of offsets) {
    pieces.push(text.slice(start, offset))
    start = offset
  }
  pieces.push(text.slice(start))
  return pieces
}

const whitespace = /\s/u

/** Rules may break before the space after a stop; the space belongs to the sentence before. */
function skipWhitespace(text: string, offset: number): number {
  let i = offset
  while (i < text.length && whitespace.test(text[i]!)) i++
  return i
}
