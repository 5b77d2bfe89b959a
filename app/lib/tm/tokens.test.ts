import { describe, expect, it } from 'vitest'
import { keyCounts, NUMBER_KEY, textTokens, TOKEN_PATTERN, tokenize } from './tokens'

const forms = (segment: string) => tokenize(segment).tokens.map((token) => token.form)

describe('tokenize', () => {
  it.each([
    ['words and punctuation', 'Hello, world!', ['Hello', ',', 'world', '!']],
    ['an apostrophe inside a word', "I can't stop.", ['I', "can't", 'stop', '.']],
    ['a hyphen is punctuation', 'well-known', ['well', '-', 'known']],
    ['decimals and thousands', 'Pay 3.5 or 1,000.', ['Pay', '3.5', 'or', '1,000', '.']],
    ['no-break space groups digits', 'Cena 1\u00A0000 eiro', ['Cena', '1\u00A0000', 'eiro']],
    ['an ordinary space splits numbers', '1 000', ['1', '000']],
    ['digits end a word', 'MP3', ['MP', '3']],
    ['Latvian letters', 'Ģimenē ķēriņš, ļoti žēl.', ['Ģimenē', 'ķēriņš', ',', 'ļoti', 'žēl', '.']],
    ['Cyrillic', 'Москва — столица.', ['Москва', '—', 'столица', '.']],
    ['each punctuation character', 'Wait...', ['Wait', '.', '.', '.']],
    ['tags are not text', '<g1>Sveiki</g1>,<x2/> pasaule', ['Sveiki', ',', 'pasaule']],
    ['escapes are read', 'a &lt; b', ['a', '<', 'b']],
    ['only whitespace', ' \n\t ', []],
    ['nothing', '', []],
  ])('%s', (_name, segment, expected) => {
    expect(forms(segment)).toEqual(expected)
  })

  it('keys words in lower case and every number as one key', () => {
    const { tokens } = tokenize('ŠĪ Maksā 3,50 EUR.')
    expect(tokens.map((token) => token.key)).toEqual(['šī', 'maksā', NUMBER_KEY, 'eur', '.'])
    expect(tokens.map((token) => token.kind)).toEqual(['word', 'word', 'number', 'word', 'punctuation'])
  })

  it('reads decomposed letters as composed ones', () => {
    expect(forms('ma\u0304ja')).toEqual(forms('māja'))
  })

  it('gives character ranges in the plain text', () => {
    const segmented = tokenize('<g1>Sveiki</g1>, pasaule')
    expect(segmented.plain).toBe('Sveiki, pasaule')
    expect(segmented.tokens.map(({ start, end }) => segmented.plain.slice(start, end))).toEqual(['Sveiki', ',', 'pasaule'])
  })

  it('places each tag by the tokens before it', () => {
    expect(tokenize('<g1>Sveiki</g1>, <x2/>pasaule<ph3/>').tags).toEqual([
      { tag: '<g1>', position: 0 },
      { tag: '</g1>', position: 1 },
      { tag: '<x2/>', position: 2 },
      { tag: '<ph3/>', position: 3 },
    ])
    // Whitespace around a tag does not move it.
    expect(tokenize('a <x1/>b').tags).toEqual(tokenize('a<x1/> b').tags)
  })

  it('counts keys as a multiset', () => {
    expect(keyCounts(tokenize('The cat and the 2 dogs, 3 birds').tokens)).toEqual(
      new Map([
        ['the', 2],
        ['cat', 1],
        ['and', 1],
        [NUMBER_KEY, 2],
        ['dogs', 1],
        [',', 1],
        ['birds', 1],
      ]),
    )
  })
})

describe('textTokens', () => {
  // The definition the scanner must keep: the expression's matches, as tokens (what memories stored keys from).
  const byPattern = (plain: string) =>
    [...plain.matchAll(TOKEN_PATTERN)].map((match) => ({
      kind: match[1] !== undefined ? 'number' : match[2] !== undefined ? 'word' : 'punctuation',
      form: match[0],
      start: match.index,
      end: match.index + match[0].length,
    }))
  const scanned = (plain: string) => textTokens(plain).map(({ kind, form, start, end }) => ({ kind, form, start, end }))

  // Letters of several scripts, combining marks, ASCII and other digits (Arabic-Indic, mathematical bold: a surrogate
  // pair), number joiners, apostrophes, spaces of several kinds, punctuation, an astral letter, lone surrogates.
  const alphabet = [
    'a', 'Z', 'ā', 'Ž', 'ж', 'Ё', '\u0304', '0', '9', '\u0663', '\u{1D7CE}', '.', ',', '\u00A0', '\u202F', '\u2009',
    "'", '’', ' ', '\t', '\n', '\u3000', '\uFEFF', '-', '!', '—', '€', '\u{1D400}', '😀', '\uD800', '\uDC00', '中',
  ]

  it('finds exactly what the expression finds, over 20,000 random texts', () => {
    let seed = 15
    const random = () => ((seed = Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32
    for (let text = 0; text < 20_000; text++) {
      let plain = ''
      const length = Math.floor(random() * 24)
      for (let at = 0; at < length; at++) plain += alphabet[Math.floor(random() * alphabet.length)]
      expect(scanned(plain), JSON.stringify(plain)).toEqual(byPattern(plain))
    }
  })

  it.each([['3.5.'], ["can't'"], ['1\u00A0000\u00A0'], ['a’b’'], ['\u{1D7CE}.\u{1D7CE}'], ['x\u{1D400}y'], ['\uD800\uDC00'], ['..5']])(
    'agrees on %j',
    (plain) => expect(scanned(plain)).toEqual(byPattern(plain)),
  )
})
