import { describe, expect, it } from 'vitest'
import { markWords } from './concordance-marks'
import { holdsAll, searchedWords, segmentWords, unitWords, wordHash } from './concordance-words'

describe('searchedWords', () => {
  it.each([
    ['  open   file ', ['open', 'file']],
    ['', []],
    ['a A b', ['a', 'b']],
    ['Open, the FILE!', ['open', 'the', 'file']],
    ['%', []],
    ['can’t 1,000 ĀBOLS Привет', ['can’t', '1,000', 'ābols', 'привет']],
  ])('%j → %j', (text, words) => {
    expect(searchedWords(text)).toEqual(words)
  })

  it('keeps at most 10 words', () => {
    expect(searchedWords('a b c d e f g h i j k l')).toHaveLength(10)
  })
})

describe('concordance words (tm_units.words)', () => {
  it('are the distinct hashes of the whole words and numbers of source and target, any case, tags and punctuation aside', () => {
    expect(segmentWords('Open <g1>the</g1> FILE, open it.')).toEqual(['open', 'the', 'file', 'it'].map(wordHash).sort((a, b) => a - b))
    expect(unitWords('Open it.', 'Atver to.')).toEqual(['open', 'it', 'atver', 'to'].map(wordHash).sort((a, b) => a - b))
  })

  it('hold a text only when every searched word stands in it whole', () => {
    expect(holdsAll('Open <g1>the</g1> FILE.', ['file', 'open'])).toBe(true)
    expect(holdsAll('Open the files.', ['file'])).toBe(false)
    expect(holdsAll('<g4>x</g4>', ['g4'])).toBe(false)
  })
})

describe('markWords (SPEC §2 concordance, hits highlighted)', () => {
  it('marks every occurrence of each word, whatever its case, in the plain text', () => {
    expect(markWords('Open <g1>the</g1> FILE, open it.', ['open', 'file'])).toEqual([
      { text: 'Open', hit: true },
      { text: ' the ', hit: false },
      { text: 'FILE', hit: true },
      { text: ', ', hit: false },
      { text: 'open', hit: true },
      { text: ' it.', hit: false },
    ])
  })

  it('marks whole words only', () => {
    expect(markWords('files (file)', ['file'])).toEqual([
      { text: 'files (', hit: false },
      { text: 'file', hit: true },
      { text: ')', hit: false },
    ])
  })

  it('marks Latvian and Russian letters case-insensitively', () => {
    expect(markWords('Šodien ŠODIEN', ['šodien'])).toEqual([
      { text: 'Šodien', hit: true },
      { text: ' ', hit: false },
      { text: 'ŠODIEN', hit: true },
    ])
    expect(markWords('Привет', ['привет'])).toEqual([{ text: 'Привет', hit: true }])
  })

  it('is the whole text unmarked without words, and nothing for an empty text', () => {
    expect(markWords('a b', [])).toEqual([{ text: 'a b', hit: false }])
    expect(markWords('', ['a'])).toEqual([])
  })
})
