import { keyHash } from './index-keys'
import { textTokens, tokenize, type TextUnitToken } from './tokens'

/**
 * Concordance words (SPEC §2 concordance; docs/decisions/0014): a unit's source and target as the whole words and
 * numbers they hold, lower-cased (locale-independent), each as its 32-bit hash (index-keys.ts) — what
 * tm_units.words stores and the in-process copies scan (memory-index.ts). Punctuation and tags do not count. Pure and
 * browser-safe.
 *
 * A hash collision can only add a candidate, which the exact check on the text (concordance.server.ts) drops.
 */
function wordForms(tokens: readonly TextUnitToken[]): string[] {
  const forms: string[] = []
  // A word's key is its form lower-cased already; a number's form has no case; punctuation is no word.
  for (const token of tokens) if (token.kind !== 'punctuation') forms.push(token.kind === 'word' ? token.key : token.form)
  return forms
}

/** The distinct word hashes of a canonical string, sorted. */
export function segmentWords(canonical: string): number[] {
  return [...new Set(wordForms(tokenize(canonical).tokens).map(keyHash))].sort((a, b) => a - b)
}

/**
 * A unit's words: those of its source and of its target together. The definition: what tm_units.words stores is
 * computed by unit-hashes.ts in one scan without token objects, and held equal to this by its tests.
 */
export function unitWords(source: string, target: string): number[] {
  const words = new Set<number>()
  for (const text of [source, target]) for (const form of wordForms(tokenize(text).tokens)) words.add(keyHash(form))
  return [...words].sort((a, b) => a - b)
}

/** The words a search asks for (at most 10), lower-cased, in the order typed. */
export function searchedWords(text: string): string[] {
  return [...new Set(wordForms(textTokens(text.normalize('NFC'))))].slice(0, 10)
}

/** Whether a canonical string holds every one of the (lower-cased) words. */
export function holdsAll(canonical: string, words: readonly string[]): boolean {
  const held = new Set(wordForms(tokenize(canonical).tokens))
  return words.every((word) => held.has(word))
}

export { keyHash as wordHash }
