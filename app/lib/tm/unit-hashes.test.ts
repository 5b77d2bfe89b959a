import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { postedString } from '../tags/tag-arbitraries'
import { unitWords } from './concordance-words'
import { keyHash, lowerCaseHash, sequenceKeys } from './index-keys'
import { tokenize } from './tokens'
import { unitHashes } from './unit-hashes'

/** What the import stored before unitHashes: the token objects' way. */
const byTokens = (source: string, target: string) => ({ keys: sequenceKeys(tokenize(source).tokens), words: unitWords(source, target) })
const byScan = (source: string, target: string) => {
  const { keys, words } = unitHashes(source, target)
  return { keys: [...keys], words: [...words] }
}

// Letters whose lower case depends on more than the letter (Σ at a word's end, İ growing a mark), ASCII and
// non-ASCII case, digits, number joiners, apostrophes, spaces, punctuation, astral and lone surrogates, tags, escapes.
const pieces = [
  'Hello',
  'WORLD',
  'AZ@[`{az',
  'MaKsĀ',
  'ΟΔΟΣ',
  'Σ',
  'İstanbul',
  'ẞ',
  'Ж',
  'ё',
  'a\u0304',
  '3',
  '1,000',
  '3.5',
  '1\u00A0000',
  "can't",
  'l’Homme',
  ' ',
  '\t',
  '\u3000',
  '.',
  '!',
  '—',
  '😀',
  '\u{1D7CE}',
  '\uD800',
  '<g1>',
  '</g1>',
  '<x2/>',
  '&lt;',
  '&amp;',
  '&gt;',
  'ABC<g1>DEF</g1>',
  '\u0301',
]
const text = fc.oneof(
  fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((parts) => parts.join('')),
  postedString,
)

describe('unitHashes', () => {
  it('gives the keys and words the token objects give, over random tagged text', () => {
    fc.assert(
      fc.property(text, text, (source, target) => {
        expect(byScan(source, target)).toEqual(byTokens(source, target))
      }),
      { numRuns: 5_000 },
    )
  })

  it.each([
    ['Pay 3.5 EUR, PAY NOW.', 'Maksā 3,5 EUR.'],
    ['AZ@[`{az ZEBRA', 'zebra Zz'],
    ['ΟΔΟΣ Σ', 'İstanbul'],
    ['<g1>Sveiki</g1>, pasaule &amp; 2', '&lt;b&gt; teksts'],
    ['', ''],
  ])('agrees on %j / %j', (source, target) => {
    expect(byScan(source, target)).toEqual(byTokens(source, target))
  })

  it('keeps repeated source keys and gives each word once', () => {
    const { keys, words } = unitHashes('the cat and the hat', 'the CAT')
    expect(keys).toHaveLength(5)
    expect(words).toHaveLength(4)
  })
})

describe('lowerCaseHash', () => {
  it('is the hash of the lower-cased slice for every code unit, inside a word and at its end', () => {
    const wrong: string[] = []
    for (let code = 0; code <= 0xffff; code++) {
      const character = String.fromCharCode(code)
      for (const word of [`A${character}b`, `Ab${character}`, `${character}${character}`]) {
        if (lowerCaseHash(word, 0, word.length) !== keyHash(word.toLowerCase())) wrong.push(code.toString(16))
        if (lowerCaseHash(`x ${word} y`, 2, 2 + word.length) !== keyHash(word.toLowerCase())) wrong.push(code.toString(16))
      }
    }
    expect(wrong).toEqual([])
  })
})
