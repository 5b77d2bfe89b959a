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

/**
 * The tokens' definition as one expression: the scanner below must find exactly what this finds (tokens.test.ts
 * holds it to that over random text), since keys stored in a memory must not change.
 */
export const TOKEN_PATTERN = /(\p{Nd}+(?:[.,\u00A0\u202F\u2009]\p{Nd}+)*)|([\p{L}\p{M}]+(?:['’][\p{L}\p{M}]+)*)|(\S)/gu

/** Reads a canonical tag string (what segments store) into tokens and its tag signature. */
export function tokenize(segment: string): TokenizedSegment {
  return tokenizeTagged(parse(segment))
}

/** A canonical string's plain text as tokenize reads it: its text pieces each in NFC, tags left out, escapes read. */
export function plainText(segment: string): string {
  if (segment.indexOf('<') === -1 && segment.indexOf('&') === -1) return segment.normalize('NFC')
  let plain = ''
  for (const token of parse(segment)) if (token.kind === 'text') plain += token.text.normalize('NFC')
  return plain
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

/**
 * Tokens of plain (tag-free) text, assumed NFC: TOKEN_PATTERN's matches, found by a scanner over character classes.
 * A TMX import tokenizes every unit's source and target; this is about 2.5 times as fast as the expression.
 */
export function textTokens(plain: string): TextUnitToken[] {
  const tokens: TextUnitToken[] = []
  scanTokens(plain, (kind, start, end) => {
    const form = plain.slice(start, end)
    if (kind === 'number') tokens.push({ kind, form, key: NUMBER_KEY, start, end })
    else if (kind === 'word') tokens.push({ kind, form, key: form.toLowerCase(), start, end })
    else tokens.push({ kind, form, key: form, start, end })
  })
  return tokens
}

/** The tokens of plain text (NFC) as textTokens finds them, each told as its kind and range, making no objects. */
export function scanTokens(plain: string, visit: (kind: TokenKind, start: number, end: number) => void): void {
  const length = plain.length
  let at = 0
  while (at < length) {
    const kind = classAt(plain, at)
    const start = at
    at += widthAt(plain, at)
    if (kind === SPACE) continue
    if (kind === DIGIT) visit('number', start, (at = runEnd(plain, at, DIGIT, isNumberJoiner)))
    else if (kind === LETTER) visit('word', start, (at = runEnd(plain, at, LETTER, isApostrophe)))
    else visit('punctuation', start, at)
  }
}

const LETTER = 1
const DIGIT = 2
const SPACE = 3
const OTHER = 4

/**
 * Where a run of `kind` characters that started before `at` ends: it goes on through its class, and across one
 * joiner character followed by more of it ("3.5", "can't").
 */
function runEnd(text: string, at: number, kind: number, isJoiner: (code: number) => boolean): number {
  for (;;) {
    while (at < text.length && classAt(text, at) === kind) at += widthAt(text, at)
    if (at + 1 < text.length && isJoiner(text.charCodeAt(at)) && classAt(text, at + 1) === kind) at += 1
    else return at
  }
}

const isNumberJoiner = (code: number) => code === 0x2e || code === 0x2c || code === 0xa0 || code === 0x202f || code === 0x2009
const isApostrophe = (code: number) => code === 0x27 || code === 0x2019

/** Each UTF-16 code unit's class, learnt the first time it is met (0: not yet). */
const codeUnitClasses = new Uint8Array(0x10000)

function classAt(text: string, at: number): number {
  const code = text.charCodeAt(at)
  if (widthAt(text, at) === 2) return classOf(String.fromCodePoint(text.codePointAt(at)!))
  let known = codeUnitClasses[code]!
  if (known === 0) {
    known = classOf(text[at]!)
    codeUnitClasses[code] = known
  }
  return known
}

/** 2 for a surrogate pair, which the expression reads as one character (a lone surrogate is one too). */
function widthAt(text: string, at: number): number {
  const code = text.charCodeAt(at)
  if (code < 0xd800 || code > 0xdbff || at + 1 >= text.length) return 1
  const next = text.charCodeAt(at + 1)
  return next >= 0xdc00 && next <= 0xdfff ? 2 : 1
}

function classOf(character: string): number {
  if (/^[\p{L}\p{M}]$/u.test(character)) return LETTER
  if (/^\p{Nd}$/u.test(character)) return DIGIT
  return /^\s$/u.test(character) ? SPACE : OTHER
}

/** How many times each key occurs: the multiset the candidate filter counts shared tokens in. */
export function keyCounts(tokens: readonly TextUnitToken[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const token of tokens) counts.set(token.key, (counts.get(token.key) ?? 0) + 1)
  return counts
}
