import { describe, expect, it } from 'vitest'
import { keyCounts, NUMBER_KEY, tokenize } from './tokens'

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
