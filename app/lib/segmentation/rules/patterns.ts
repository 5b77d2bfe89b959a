/**
 * Building blocks shared by the language rule sets. Patterns are JavaScript RegExp sources (`u` flag) in
 * SRX terms: `before` ends at the candidate position, `after` starts there. Breaks are proposed just after
 * the stop (before the whitespace); segment.ts then moves each break past the whitespace so the space stays
 * with the sentence it follows.
 */
import { type SrxRule } from '../srx'

const r = String.raw

/**
 * Marks that end a sentence, then quotes and brackets that may close around them: `"Stop."` `(Yes!)`.
 * One mark is enough: as a lookbehind, `[.?!]` ends where `[.?!]+` does (srx.ts: keep `before` bounded).
 */
export const sentenceEnd = r`[.?!…‼⁇⁈⁉][»"'”’“)\]}›]{0,3}`

/** Not glued to a preceding letter or digit, so `Dr.` does not match inside `Pedr.`. */
export const wordStart = r`(?<![\p{L}\p{M}\p{N}])`

/** Text that continues the sentence after a stop: a lowercase word, possibly after quotes or a dash. */
const continuesLowercase = r`[\s\p{Pi}\p{Ps}"'«„\-–—]*\p{Ll}`

const lineEnd = r`\r(?!\n)|[\n\u0085\u2028\u2029]`

/** A line ends a segment whatever the rules below would say. */
export const lineBreak: SrxRule = { break: true, before: lineEnd, after: '' }

/** CJK full stops end a sentence without a following space. */
export const cjkBreak: SrxRule = { break: true, before: r`[。！？][」』）〉》】”’]{0,3}`, after: r`[^\s」』）〉》】”’]` }

/**
 * The rule every set ends with: a stop followed by whitespace breaks unless the text goes on in lowercase
 * ("Jane and co. at the party", Latvian ordinals "1. janvārī", "… well").
 */
export const sentenceBreak: SrxRule = {
  break: true,
  before: sentenceEnd,
  after: r`\s+(?!${continuesLowercase})`,
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')
}

/**
 * One alternation for a list of abbreviations written with their dots ("t.i.", "pr. Kr.", "Dr."). Inner
 * dots allow spaces ("т.е." and "т. е." are both common); the first letter matches either case
 * so a sentence may start with the abbreviation.
 */
export function abbreviations(words: readonly string[]): string {
  const alternatives = [...words]
    .sort((a, b) => b.length - a.length)
    .map((word) => {
      const escaped = escapeRegExp(word)
        .replace(/\\\. ?(?=\S)/g, r`\.\s{0,2}`)
      const first = word[0]!
      const lower = first.toLowerCase()
      const upper = first.toUpperCase()
      return lower === upper ? escaped : `[${lower}${upper}]${escaped.slice(first.length)}`
    })
  return `${wordStart}(?:${alternatives.join('|')})`
}

/** Abbreviations that never end a sentence in practice (titles, "e.g.", "t.i.", "т.е."). */
export function neverFinal(words: readonly string[]): SrxRule {
  return { break: false, before: abbreviations(words), after: r`\s` }
}

/** Abbreviations that announce a number ("No. 5", "p. 55", "рис. 3"); before a word they may end a sentence. */
export function beforeNumber(words: readonly string[]): SrxRule {
  return { break: false, before: abbreviations(words), after: r`\s+[(\[]?\p{N}` }
}

/**
 * Initials: one capital and a dot, standing alone or after another initial, before a capitalised word
 * ("J. K. Rowling", "А. С. Пушкин", "L.N. Tolstoy"); not the end of "Ph.D.".
 */
export const initials: SrxRule = {
  break: false,
  before: r`(?:^|(?<=[\s(\[{"'«„“‘\p{Pd}]|\p{Lu}\.))\p{Lu}\.`,
  after: r`\s+\p{Lu}`,
}

/** A single lowercase letter with a dot before a number is an abbreviation ("p. 55", "c. 1900", "s. 12"). */
export const letterBeforeNumber: SrxRule = {
  break: false,
  before: r`${wordStart}\p{Ll}\.`,
  after: r`\s+\p{N}`,
}

/**
 * A list marker at the start of a line is not a sentence: "1. Item", "a. Item", "IV. Item", "2.1. Item",
 * "• 9. Item". After a stop only a short number counts ("Steps: 1. Open it. 2. Close it."), so "plkst.
 * 10.00. Lūdzam" still breaks.
 */
export const listMarker: SrxRule[] = [
  {
    break: false,
    before: r`(?:^|[\r\n\u2028\u2029]|[•‣◦⁃▪∙●○■□*]\s{0,3})[ \t]{0,8}(?:\p{N}{1,3}(?:\.\p{N}{1,3})*|\p{L}|[ivxlcdmIVXLCDM]{1,6})\.\)?`,
    after: r`\s`,
  },
  { break: false, before: r`[.?!:;…]\s{1,3}\p{N}{1,2}\.\)?`, after: r`\s` },
  // "2.)" is a list marker wherever it stands.
  { break: false, before: r`${wordStart}\p{N}{1,3}\.\)`, after: r`\s` },
]

/**
 * Spaced or standalone ellipses inside a sentence: "weakened . . . was", "the thing is … I mean". A fourth
 * dot (". . . .") is a full stop after the ellipsis and breaks as usual.
 */
export const spacedEllipsis: SrxRule[] = [
  { break: false, before: r`[.…]`, after: r`\s+[.…]` },
  { break: false, before: r`(?:^|[^.…\s]\s{1,3})(?:\.\s?\.\s?\.|…)`, after: r`\s` },
  // An editor's omission mark inside a quotation: "Bohr [...] used the analogy […]" (Smith 55).
  { break: false, before: r`[\[(](?:\.\.\.|…)[\])]["'”’]*`, after: r`\s` },
]

/** A bullet after whitespace starts a new item even without a stop: "• first • second". */
export const bulletBreak: SrxRule = { break: true, before: r`\s`, after: r`[•‣◦⁃▪●]\s*\S` }

/**
 * A sentence inside guillemets stays whole up to the closing mark (Russian and Latvian direct speech:
 * «К чему ты готовишься? – спросила мама. – Завтра выходной»). Bounded so a stray « costs nothing.
 */
export const insideGuillemets: SrxRule = {
  break: false,
  before: r`«[^«»\r\n\u2028\u2029]{0,300}`,
  after: r`\s+[^«]{0,300}»`,
}

export interface LanguageRules {
  /** Breaks that win over the exceptions (e.g. an acronym followed by a typical sentence opener). */
  breaks?: readonly SrxRule[]
  exceptions: readonly SrxRule[]
}

/** The order every language shares: lines, then the language's own decisions, then the shared exceptions. */
export function ruleSet({ breaks = [], exceptions }: LanguageRules): SrxRule[] {
  return [
    lineBreak,
    cjkBreak,
    ...breaks,
    ...exceptions,
    ...spacedEllipsis,
    ...listMarker,
    letterBeforeNumber,
    initials,
    sentenceBreak,
    bulletBreak,
  ]
}
