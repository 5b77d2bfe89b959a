import { parse, plainText } from '~/lib/tags'

/**
 * Autocomplete (SPEC §5, §9; issue 17 point 6): as the translator types, a word of the active segment's top
 * suggestions or glossary targets that starts with the last typed word is offered; Tab takes the rest of it. Pure.
 */
const WORD = /[\p{L}\p{M}\p{N}'’-]+/gu
const WORD_CHARACTER = /^[\p{L}\p{M}\p{N}'’-]$/u

/** Typed letters before a completion is offered. */
export const MIN_PREFIX = 2

/**
 * What may be offered, in order of preference: glossary targets whole (a multi-word term is one offer) and word by
 * word, then the suggestions' words. Canonical strings: tags are left out.
 */
export function completionWords(terms: string[], suggestions: string[]): string[] {
  const words = [...terms, ...terms.flatMap((term) => term.match(WORD) ?? []), ...suggestions.flatMap((text) => plainText(parse(text)).match(WORD) ?? [])]
  return [...new Set(words.filter((word) => word.length > MIN_PREFIX))]
}

/**
 * The word being typed at the caret, if the text before the caret ends in one: read back from the caret a character
 * at a time (every key asks; a pattern anchored at the end would try each start of the text).
 */
export function typedWord(beforeCaret: string): string {
  let start = beforeCaret.length
  while (start > 0) {
    // A character outside the Basic Multilingual Plane is two code units (a high and a low surrogate): test it whole.
    const width = start > 1 && isLowSurrogate(beforeCaret.charCodeAt(start - 1)) && isHighSurrogate(beforeCaret.charCodeAt(start - 2)) ? 2 : 1
    if (!WORD_CHARACTER.test(beforeCaret.slice(start - width, start))) break
    start -= width
  }
  return beforeCaret.slice(start)
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff

/**
 * The first word that starts with the typed one (case-insensitive) and is longer: its rest, in the word's own
 * letters, and the whole word as the typed letters' case makes it (a capitalised start keeps its capital).
 */
export function completionFor(typed: string, words: string[], language: string): { word: string; rest: string } | undefined {
  if (typed.length < MIN_PREFIX) return undefined
  const lower = typed.toLocaleLowerCase(language)
  const found = words.find((word) => word.length > typed.length && word.toLocaleLowerCase(language).startsWith(lower))
  if (!found) return undefined
  const rest = found.slice(typed.length)
  return { word: typed + rest, rest }
}
