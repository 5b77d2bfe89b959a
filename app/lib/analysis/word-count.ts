/**
 * DESIGN.md "Word count": words are Unicode word segments (Intl.Segmenter, isWordLike) of the tag-free text.
 * Pure; one segmenter per language, reused (creating one is far slower than using it).
 *
 * Iterating Intl.Segmenter makes an object per segment and costs 70–80 µs for a sentence: 4 s of a
 * 40,000-paragraph conversion. Text made only of the characters in `kinds` below (ASCII, Latin-1, Latin
 * Extended-A/B, IPA, Cyrillic, the common dashes and quotes) is counted by a scan that applies UAX #29's word rules
 * for those characters, which is what ICU applies in every locale for them; any other character (combining marks,
 * soft hyphens, Greek, CJK, emoji…) sends the text to Intl.Segmenter. A property test holds the two equal.
 */
const segmenters = new Map<string, Intl.Segmenter>()

export function countWords(text: string, language: string): number {
  return scannedWords(text) ?? segmentedWords(text, language)
}

/** The definition: Intl.Segmenter's word-like segments. */
export function segmentedWords(text: string, language: string): number {
  let segmenter = segmenters.get(language)
  if (!segmenter) {
    segmenter = new Intl.Segmenter(language, { granularity: 'word' })
    segmenters.set(language, segmenter)
  }
  let words = 0
  for (const piece of segmenter.segment(text)) if (piece.isWordLike) words++
  return words
}

// UAX #29 Word_Break classes of the characters the scan knows; everything else is UNKNOWN.
const OTHER = 0 // breaks on both sides (punctuation, symbols, spaces, line ends: none of them word-like)
const LETTER = 1 // ALetter
const DIGIT = 2 // Numeric
const MID_LETTER = 3 // joins letter to letter (WB6, WB7): colon, middle dot, hyphenation point
const MID_NUM = 4 // joins digit to digit (WB11, WB12): comma, semicolon
const MID_NUM_LET = 5 // joins either: full stop, apostrophes, one dot leader
const JOINER = 6 // ExtendNumLet: the low line joins letters, digits and itself (WB13a, WB13b)
const UNKNOWN = 7

const kinds = (() => {
  const table = new Uint8Array(0x202a).fill(UNKNOWN)
  const set = (from: number, to: number, kind: number) => table.fill(kind, from, to + 1)
  set(0x00, 0x7f, OTHER)
  set(0x41, 0x5a, LETTER)
  set(0x61, 0x7a, LETTER)
  set(0x30, 0x39, DIGIT)
  table[0x3a] = MID_LETTER // :
  table[0x2c] = MID_NUM // ,
  table[0x3b] = MID_NUM // ;
  table[0x2e] = MID_NUM_LET // .
  table[0x27] = MID_NUM_LET // ' (Single_Quote: as MidNumLet outside Hebrew)
  table[0x5f] = JOINER // _
  set(0x80, 0xbf, OTHER) // C1 controls (U+0085 is a line end), no-break space, Latin-1 punctuation and signs
  table[0xaa] = LETTER // ª
  table[0xb5] = LETTER // µ
  table[0xba] = LETTER // º
  table[0xb7] = MID_LETTER // ·
  table[0xad] = UNKNOWN // soft hyphen: Format, which WB4 makes part of the word it sits in
  table[0xb8] = UNKNOWN // cedilla: ICU keeps a¸a together
  set(0xc0, 0x2af, LETTER) // Latin-1 letters, Latin Extended-A and -B, IPA
  table[0xd7] = OTHER // ×
  table[0xf7] = OTHER // ÷
  set(0x400, 0x52f, LETTER) // Cyrillic and its supplement…
  table[0x482] = OTHER // … except the thousands sign
  set(0x483, 0x489, UNKNOWN) // … and the combining titlo and friends (Extend)
  set(0x2010, 0x2026, OTHER) // dashes, quotes, daggers, bullet, ellipsis…
  table[0x2018] = MID_NUM_LET // ‘
  table[0x2019] = MID_NUM_LET // ’
  table[0x2024] = MID_NUM_LET // one dot leader
  table[0x2027] = MID_LETTER // hyphenation point
  set(0x2028, 0x2029, OTHER) // line and paragraph separators
  return table
})()

const kindAt = (text: string, at: number): number => {
  const code = text.charCodeAt(at)
  return code < kinds.length ? kinds[code]! : UNKNOWN
}

/** The count by the rules for known characters; undefined when the text holds a character the scan does not know. */
export function scannedWords(text: string): number | undefined {
  let words = 0
  let at = 0
  while (at < text.length) {
    let kind = kindAt(text, at)
    if (kind === UNKNOWN) return undefined
    at++
    if (kind !== LETTER && kind !== DIGIT && kind !== JOINER) continue
    // A segment: letters, digits and low lines join each other; a middle character joins two letters or two digits.
    const start = at - 1
    let wordLike = kind !== JOINER
    let last = kind
    while (at < text.length) {
      kind = kindAt(text, at)
      if (kind === LETTER || kind === DIGIT || kind === JOINER) {
        wordLike ||= kind !== JOINER
        last = kind
        at++
        continue
      }
      if (kind === UNKNOWN) return undefined
      const next = at + 1 < text.length ? kindAt(text, at + 1) : OTHER
      const joinsLetters = last === LETTER && next === LETTER && (kind === MID_LETTER || kind === MID_NUM_LET)
      const joinsDigits = last === DIGIT && next === DIGIT && (kind === MID_NUM || kind === MID_NUM_LET)
      if (!joinsLetters && !joinsDigits) break
      at += 2
    }
    // Low lines alone are word-like from two on (ICU's rule 13a status); one alone is not.
    if (wordLike || at - start >= 2) words++
  }
  return words
}
