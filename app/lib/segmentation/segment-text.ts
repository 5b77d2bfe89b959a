/**
 * Sentence segmentation of plain text (DESIGN.md "Segmentation"). Lossless: the segments joined give the
 * text back. Whitespace after a sentence stays with it, so every segment but the first starts with a
 * non-space character and no segment is empty.
 */
import { rulesFor } from './rules'
import { srxBreaks } from './srx'

/** Offsets where segments start, ascending, excluding 0. */
export function breakOffsets(text: string, language: string): number[] {
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
