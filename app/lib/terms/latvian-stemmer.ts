/**
 * A light stemmer for Latvian (issue 17: "dators" / "datoru" / "datoram" are one term). Snowball has no Latvian, and
 * Hunspell's affix rules generate forms rather than strip them, so Tulks strips one inflectional ending — the noun
 * declensions, the indefinite and definite adjective — and evens out the consonant alternations that meet the ending
 * (brālis / brāļa, lācis / lāča, zivs / zivju): the idea of Kreslins' and Savoy's light stemmers, written for this
 * use: matching glossary terms, where a stem that is too short would match too much.
 */

/** Endings, longest first, so "ajiem" is tried before "iem" and "iem" before "em". */
const ENDINGS = [
  'ajiem',
  'ajām',
  'ajās',
  'ajos',
  'ajam',
  'ajai',
  'ajā',
  'iem',
  'ais',
  'ām',
  'ēm',
  'īm',
  'ās',
  'ēs',
  'īs',
  'os',
  'am',
  'em',
  'im',
  'um',
  'ai',
  'ei',
  'ie',
  'as',
  'es',
  'is',
  'us',
  'ij',
  'a',
  'e',
  'i',
  'u',
  'ā',
  'ē',
  'ī',
  'ū',
  'o',
  's',
  'š',
].sort((a, b) => b.length - a.length)

/** The shortest stem an ending may leave: "ola" keeps "ol", "ar" (a preposition) is left alone. */
const MIN_STEM = 2

/** Consonants that alternate before an ending (brālis / brāļa) read as their plain form. */
const PLAIN: Record<string, string> = { ļ: 'l', ņ: 'n', č: 'c', š: 's', ž: 'z', ģ: 'g', ķ: 'k' }

/** Labial + j of the genitive plural (zivs / zivju, kurpe / kurpju) reads as the labial. */
const LABIAL_J = /([pbmv])j$/

export function latvianStem(word: string): string {
  let stem = word
  for (const ending of ENDINGS) {
    if (stem.length - ending.length >= MIN_STEM && stem.endsWith(ending)) {
      stem = stem.slice(0, -ending.length)
      break
    }
  }
  stem = stem.replace(LABIAL_J, '$1')
  return stem.slice(0, -2) + [...stem.slice(-2)].map((letter) => PLAIN[letter] ?? letter).join('')
}
