import { describe, expect, it } from 'vitest'
import { markWords, searchWords } from './concordance-marks'

describe('searchWords', () => {
  it.each([
    ['  open   file ', ['open', 'file']],
    ['', []],
    ['a a b', ['a', 'b']],
  ])('%j → %j', (text, words) => {
    expect(searchWords(text)).toEqual(words)
  })

  it('keeps at most 10 words', () => {
    expect(searchWords('a b c d e f g h i j k l')).toHaveLength(10)
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

  it('prefers the longer word where two overlap, and takes regular-expression characters as text', () => {
    expect(markWords('files (file)', ['file', 'files', '('])).toEqual([
      { text: 'files', hit: true },
      { text: ' ', hit: false },
      { text: '(', hit: true },
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
