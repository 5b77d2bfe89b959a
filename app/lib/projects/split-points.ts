import { normalize, parse, serialize, tagString } from '../tags'
import { isTag, type TaggedText, type Token } from '../tags/types'

/**
 * Where a segment can be split (issue "Ctrl+S split and Ctrl+J merge"), pure so that the browser editor can
 * use it too. Offsets count characters of the plain text (UTF-16 code units, as JavaScript strings do): tags
 * are not counted.
 */

export type SplitRefusal = 'empty-part' | 'inside-tag-pair' | 'bad-offset'

export type TokenSplit = { ok: true; first: TaggedText; second: TaggedText } | { ok: false; code: SplitRefusal }

/**
 * Cuts tokens at a plain-text offset. Tags standing exactly at the point: a closing tag and a standalone tag
 * stay with the first part (they end what comes before), an opening tag goes with the second. A point inside
 * a tag pair is refused rather than moving the pair: each part keeps balanced tags, so its translation can be
 * checked against it (SPEC §5) on its own.
 */
export function splitTokensAt(tokens: readonly Token[], offset: number): TokenSplit {
  if (!Number.isInteger(offset) || offset <= 0) return { ok: false, code: 'bad-offset' }
  const first: Token[] = []
  const second: Token[] = []
  const openAtPoint = new Set<number>()
  let seen = 0
  let reached = false
  for (const token of tokens) {
    if (reached) {
      second.push(token)
    } else if (isTag(token)) {
      if (seen === offset && token.kind === 'open') {
        reached = true
        second.push(token)
        continue
      }
      if (token.kind === 'open') openAtPoint.add(token.id)
      if (token.kind === 'close') openAtPoint.delete(token.id)
      first.push(token)
    } else if (seen + token.text.length <= offset) {
      first.push(token)
      seen += token.text.length
    } else {
      const cut = offset - seen
      first.push({ kind: 'text', text: token.text.slice(0, cut) })
      second.push({ kind: 'text', text: token.text.slice(cut) })
      seen = offset
      reached = true
    }
  }
  if (seen < offset) return { ok: false, code: 'bad-offset' }
  if (openAtPoint.size > 0) return { ok: false, code: 'inside-tag-pair' }
  return { ok: true, first: normalize(first), second: normalize(second) }
}

/**
 * The plain-text offset after the n-th word (1-based) — what a translator without JavaScript names in the
 * split field. Punctuation right after the word stays with it ("Hello, | world"). Words are the same
 * Unicode word segments that word counts use. Undefined when the text has no word after the n-th.
 */
export function offsetAfterWord(plain: string, n: number, language: string): number | undefined {
  if (!Number.isInteger(n) || n < 1) return undefined
  const words = [...new Intl.Segmenter(language, { granularity: 'word' }).segment(plain)].filter((piece) => piece.isWordLike)
  const word = words[n - 1]
  const next = words[n]
  if (!word || !next) return undefined
  let offset = word.index + word.segment.length
  while (offset < next.index && !/\s/u.test(plain[offset]!)) offset++
  return offset
}

/** Token lists joined back-to-back (joined as tokens, not strings: "&" + "lt;" must not become "<"). */
export function joinTokens(...parts: readonly TaggedText[]): TaggedText {
  return normalize(parts.flat())
}

/**
 * The plain-text offset of a point in a canonical string as the page shows it (the caret of Ctrl+S): tags
 * count for nothing, an escape ("&lt;") for one character. A point inside a tag counts as before the tag.
 */
export function plainOffsetAt(canonical: string, at: number): number {
  let written = 0
  let plain = 0
  for (const token of parse(canonical)) {
    if (written >= at) break
    if (isTag(token)) {
      written += tagString(token).length
      continue
    }
    const whole = serialize([token]).length
    if (written + whole <= at) {
      written += whole
      plain += token.text.length
      continue
    }
    // Inside this text: walk it character by character with the length each one is written with.
    for (let index = 0; index < token.text.length; ) {
      const char = String.fromCodePoint(token.text.codePointAt(index)!)
      const width = writtenWidth(token.text.slice(index), char)
      if (written + width > at) return plain
      written += width
      plain += char.length
      index += char.length
    }
  }
  return plain
}

/** How many characters one literal character takes in the canonical string (canonical.ts escapeText rules). */
function writtenWidth(rest: string, char: string): number {
  if (char === '<') return isTag(parse(rest)[0] ?? { kind: 'text', text: '' }) ? '&lt;'.length : 1
  if (char === '&') return ['&lt;', '&gt;', '&amp;'].some((escape) => rest.startsWith(escape)) ? '&amp;'.length : 1
  return char.length
}

/** Where a sentence ends: its closing punctuation (with quotes or brackets after it), then a space or the text's end. */
const SENTENCE_END = /[.!?…:;。！？]+["'”’»)\]]*(?=\s)/gu

/** The plain-text offsets right after each sentence end that has more text after it. */
function sentenceEnds(plain: string): number[] {
  const text = plain.trimEnd()
  return [...text.matchAll(SENTENCE_END)].map((match) => match.index + match[0].length).filter((end) => end < text.length)
}

export type MatchingRefusal = 'target-not-sentence-end' | 'sentences-differ'

export type MatchingPlace = { ok: true; sourceOffset: number } | { ok: false; code: MatchingRefusal }

/**
 * Issue 51: Ctrl+S with the caret in the translation. The source is cut at the place that matches the caret: the caret
 * must stand after a sentence's end (spaces after it do not matter), and source and translation must have as many
 * sentence ends, so the n-th in one is the n-th in the other. Anything else would be a guess, and a wrong cut
 * misplaces text in the download: the translator is told why instead.
 */
export function matchingSourceOffset(sourcePlain: string, targetPlain: string, targetOffset: number): MatchingPlace {
  let at = Math.min(Math.max(0, targetOffset), targetPlain.length)
  while (at > 0 && /\s/u.test(targetPlain[at - 1]!)) at--
  const inTarget = sentenceEnds(targetPlain)
  const nth = inTarget.indexOf(at)
  if (nth < 0) return { ok: false, code: 'target-not-sentence-end' }
  const inSource = sentenceEnds(sourcePlain)
  if (inSource.length !== inTarget.length) return { ok: false, code: 'sentences-differ' }
  return { ok: true, sourceOffset: inSource[nth]! }
}
