/**
 * DESIGN.md "TM matching": a segment as word and punctuation tokens, the unit the match score counts in.
 * Pure and browser-safe: the editor can highlight what the server scored.
 *
 * Tokens are read from the segment's plain text (tags dropped, escapes read):
 * - number:      a run of decimal digits, joined across a single ".", "," or a no-break, narrow no-break or thin
 *                space that is followed by more digits: "3.5", "1,000", "1 000" (with U+00A0) are one token each.
 *                An ordinary space splits ("1 000" typed with a space is two numbers): in running text it cannot
 *                be told from two numbers side by side. A sentence-final "." stays punctuation ("in 2019." ends
 *                with "2019" and ".").
 * - word:        a run of letters and combining marks (any script: ā č ē ģ ī ķ ļ ņ š ū ž, Cyrillic, …), joined
 *                across a single apostrophe between letters ("can't", "l’homme"). Digits end a word: "MP3" is
 *                "MP" and "3", so "MP3" against "MP4" differs only in a number.
 * - punctuation: any other non-space character, one token each ("..." is three tokens).
 * Whitespace only separates tokens: how much of it there is, and whether it stands next to punctuation or a tag,
 * does not count. Text is compared in Unicode NFC, so composed and decomposed "ā" are the same letter.
 *
 * Each token has a key, the form the edit distance compares: words lower-cased (locale-independent
 * `toLowerCase`), every number the same key "#". A difference only in case or only in a number's value therefore
 * costs nothing in the distance and is charged as a small penalty instead (fuzzy-score.ts).
 *
 * Not Intl.Segmenter (word-count.ts uses it for word counts): scores must not depend on the segment's language or
 * on the ICU version of the runtime, since an index built on the server must agree with brute force anywhere.
 */
import { parse, tagString, type Token } from '~/lib/tags'

export type TokenKind = 'word' | 'number' | 'punctuation'

export interface TextUnitToken {
  kind: TokenKind
  /** As written (NFC). */
  form: string
  /** What the edit distance compares: lower-cased words, "#" for numbers, punctuation as is. */
  key: string
  /** Character range in the segment's plain text (NFC), for highlighting. */
  start: number
  end: number
}

export interface PlacedTag {
  /** The tag as written in the canonical string, e.g. "<g1>". */
  tag: string
  /** How many text tokens start before it. */
  position: number
}

export interface TokenizedSegment {
  /** The segment's plain text in NFC; token ranges point into it. */
  plain: string
  tokens: TextUnitToken[]
  /** The tags in order with their place among the tokens: the "tag signature". */
  tags: PlacedTag[]
}

export const NUMBER_KEY = '#'

const TOKEN = /(\p{Nd}+(?:[.,\u00A0\u202F\u2009]\p{Nd}+)*)|([\p{L}\p{M}]+(?:['’][\p{L}\p{M}]+)*)|(\S)/gu

/** Reads a canonical tag string (what segments store) into tokens and its tag signature. */
export function tokenize(segment: string): TokenizedSegment {
  return tokenizeTagged(parse(segment))
}

export function tokenizeTagged(tagged: readonly Token[]): TokenizedSegment {
  const tags: { tag: string; offset: number }[] = []
  // Each text piece in NFC on its own, so a tag's offset is exact even if a mark follows a tag.
  let plain = ''
  for (const token of tagged) {
    if (token.kind === 'text') plain += token.text.normalize('NFC')
    else tags.push({ tag: tagString(token), offset: plain.length })
  }
  const tokens = textTokens(plain)
  let before = 0
  const placed = tags.map(({ tag, offset }) => {
    while (before < tokens.length && (tokens[before]?.start ?? Infinity) < offset) before++
    return { tag, position: before }
  })
  return { plain, tokens, tags: placed }
}

/** Tokens of plain (tag-free) text, assumed NFC. */
export function textTokens(plain: string): TextUnitToken[] {
  const tokens: TextUnitToken[] = []
  for (const match of plain.matchAll(TOKEN)) {
    const form = match[0]
    const start = match.index
    const kind: TokenKind = match[1] !== undefined ? 'number' : match[2] !== undefined ? 'word' : 'punctuation'
    const key = kind === 'number' ? NUMBER_KEY : kind === 'word' ? form.toLowerCase() : form
    tokens.push({ kind, form, key, start, end: start + form.length })
  }
  return tokens
}

/** How many times each key occurs: the multiset the candidate filter counts shared tokens in. */
export function keyCounts(tokens: readonly TextUnitToken[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const token of tokens) counts.set(token.key, (counts.get(token.key) ?? 0) + 1)
  return counts
}
