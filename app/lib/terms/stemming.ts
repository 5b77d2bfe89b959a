import { newStemmer, type Stemmer } from 'snowball-stemmers'
import { latvianStem } from './latvian-stemmer'

/**
 * Words to stems, for glossary terms and the text they are found in (issue 17, decision 0017): case-insensitive and
 * tolerant of inflection — Snowball for English and Russian, a light Latvian stemmer of our own, the lower-cased word
 * for any other language. A term and a text match when their stem sequences do.
 */

const WORD = /[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu

type Stem = (word: string) => string

const snowball = new Map<string, Stemmer>()

function snowballStem(algorithm: string): Stem {
  return (word) => {
    let stemmer = snowball.get(algorithm)
    if (!stemmer) snowball.set(algorithm, (stemmer = newStemmer(algorithm)))
    return stemmer.stem(word)
  }
}

const stemmers: Record<string, Stem> = {
  en: snowballStem('english'),
  ru: (word) => snowballStem('russian')(word.replaceAll('ё', 'е')),
  lv: latvianStem,
}

/** Stems already made, per language: a glossary or a window repeats its words, and Snowball costs ~5 µs a word. */
const cache = new Map<string, Map<string, string>>()
const CACHE_WORDS = 200_000

/** The stemmer of a language code (`lv`, `lv-LV`, `en-US`); the word itself for a language without one. */
export function stemmerFor(language: string): Stem {
  const code = language.slice(0, 2).toLowerCase()
  const stem = stemmers[code]
  if (!stem) return (word) => word
  let known = cache.get(code)
  if (!known) cache.set(code, (known = new Map()))
  const words = known
  return (word) => {
    let stemmed = words.get(word)
    if (stemmed === undefined) {
      if (words.size >= CACHE_WORDS) words.clear()
      stemmed = stem(word)
      words.set(word, stemmed)
    }
    return stemmed
  }
}

export interface StemmedWord {
  stem: string
  /** Where the word stands in the text (UTF-16 offsets). */
  start: number
  end: number
}

/** Lower-casing in a language's way: only Turkish, Azeri and Lithuanian differ from the default, which costs far less. */
function lowerCaserFor(language: string): (word: string) => string {
  const locale = language.slice(0, 2).toLowerCase()
  return ['tr', 'az', 'lt'].includes(locale) ? (word) => word.toLocaleLowerCase(locale) : (word) => word.toLowerCase()
}

/** The words of `text`, lower-cased in the language's way, each with its stem and place. */
export function stemWords(text: string, language: string): StemmedWord[] {
  const stem = stemmerFor(language)
  const lower = lowerCaserFor(language)
  return [...text.matchAll(WORD)].map((match) => ({
    stem: stem(lower(match[0])),
    start: match.index,
    end: match.index + match[0].length,
  }))
}

/** A term's stems joined by spaces: how it is stored and compared. */
export function stemKey(text: string, language: string): string {
  const stem = stemmerFor(language)
  const lower = lowerCaserFor(language)
  return (text.match(WORD) ?? []).map((word) => stem(lower(word))).join(' ')
}
