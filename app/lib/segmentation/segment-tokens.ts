/**
 * Sentence segmentation of tagged text (DESIGN.md "Tagged text"). Breaks are found in the text with the
 * tags removed and mapped back:
 * - closing tags, self-closing tags and placeholders at a break stay with the sentence before; an opening
 *   tag and whatever follows it there go with the sentence after;
 * - a break inside an open/close pair is dropped, so every segment keeps its pairs whole;
 * - lossless: the segments joined are the input, up to merging adjacent text tokens.
 */
import { type TaggedText, type Token } from '../tags/types'
import { breakOffsets } from './segment-text'

/** Where a segment starts: before token `index`, or inside that text token at `within` characters. */
interface Cut {
  index: number
  within: number
}

export function segmentTokens(tokens: TaggedText, language: string): TaggedText[] {
  const starts: number[] = []
  let plain = ''
  for (const token of tokens) {
    starts.push(plain.length)
    if (token.kind === 'text') plain += token.text
  }
  const cuts = breakOffsets(plain, language)
    .map((offset) => cutFor(tokens, starts, offset))
    .filter(outside(pairSpans(tokens)))
  return sliceAt(tokens, cuts)
    .map(mergeText)
    .filter((segment) => segment.length > 0)
}

/** The cut for a break before plain-text character `offset` (0 < offset < plain length). */
function cutFor(tokens: TaggedText, starts: readonly number[], offset: number): Cut {
  const index = textTokenAt(tokens, starts, offset)
  if (starts[index]! < offset) return { index, within: offset - starts[index]! }
  let first = index
  while (first > 0 && isZeroWidth(tokens[first - 1]!)) first--
  for (let i = first; i < index; i++) if (tokens[i]!.kind === 'open') return { index: i, within: 0 }
  return { index, within: 0 }
}

/** The text token holding plain-text character `offset` (binary search over token start offsets). */
function textTokenAt(tokens: TaggedText, starts: readonly number[], offset: number): number {
  let low = 0
  let high = tokens.length - 1
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if (starts[middle]! <= offset) low = middle
    else high = middle - 1
  }
  // `low` is the last token starting at or before `offset`; the character's token is the last text one.
  while (tokens[low]!.kind !== 'text' || (tokens[low] as { text: string }).text.length === 0) low--
  return low
}

function isZeroWidth(token: Token): boolean {
  return token.kind !== 'text' || token.text === ''
}

/** Open/close pairs as [open index, close index]; unpaired tags do not constrain breaks. */
function pairSpans(tokens: TaggedText): [number, number][] {
  const open = new Map<number, number>()
  const spans: [number, number][] = []
  tokens.forEach((token, index) => {
    if (token.kind === 'open') open.set(token.id, index)
    if (token.kind === 'close') {
      const start = open.get(token.id)
      if (start !== undefined) {
        spans.push([start, index])
        open.delete(token.id)
      }
    }
  })
  return spans
}

/** Keeps cuts that fall outside every pair: not after an open tag whose close comes at or after the cut. */
function outside(spans: readonly [number, number][]): (cut: Cut) => boolean {
  // Cut positions on a doubled line: before token k is 2k, inside text token k is 2k + 1.
  return (cut) => {
    const position = 2 * cut.index + (cut.within > 0 ? 1 : 0)
    return spans.every(([open, close]) => position <= 2 * open || position > 2 * close)
  }
}

function sliceAt(tokens: TaggedText, cuts: readonly Cut[]): TaggedText[] {
  const segments: TaggedText[] = []
  let current: Token[] = []
  let next = 0
  tokens.forEach((token, index) => {
    let rest: Token = token
    for (; next < cuts.length && cuts[next]!.index === index; next++) {
      const { within } = cuts[next]!
      if (within > 0 && rest.kind === 'text') {
        const consumed = (token as { text: string }).text.length - rest.text.length
        current.push({ kind: 'text', text: rest.text.slice(0, within - consumed) })
        rest = { kind: 'text', text: rest.text.slice(within - consumed) }
      }
      segments.push(current)
      current = []
    }
    current.push(rest)
  })
  segments.push(current)
  return segments
}

/** Adjacent text tokens merged, empty ones dropped: the normal form the lossless law compares. */
export function mergeText(tokens: TaggedText): TaggedText {
  const merged: Token[] = []
  for (const token of tokens) {
    const last = merged[merged.length - 1]
    if (token.kind !== 'text') merged.push(token)
    else if (token.text === '') continue
    else if (last?.kind === 'text') merged[merged.length - 1] = { kind: 'text', text: last.text + token.text }
    else merged.push({ kind: 'text', text: token.text })
  }
  return merged
}
