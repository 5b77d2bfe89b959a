import { describe, expect, it } from 'vitest'
import { stemKey } from './stemming'
import { findTerms, lookupKey, lookupKeysOf, segmentWords, termIndex } from './term-matcher'

const index = (terms: [number, string][], language: string) =>
  termIndex(terms.map(([conceptId, term]) => ({ conceptId, stems: stemKey(term, language) })))

describe('findTerms', () => {
  it('finds inflected Latvian and Russian terms, longest first, not across tags', () => {
    const lv = index(
      [
        [1, 'dators'],
        [2, 'tulkošanas atmiņa'],
        [3, 'atmiņa'],
      ],
      'lv',
    )
    const text = 'Datoram ir <g1>tulkošanas</g1> atmiņa un tulkošanas atmiņām.'
    expect(findTerms(text, 'lv', lv)).toEqual([
      { token: 0, start: 0, end: 7, conceptIds: [1] },
      { token: 4, start: 1, end: 7, conceptIds: [3] },
      { token: 4, start: 11, end: 29, conceptIds: [2] },
    ])
    const ru = index([[7, 'компьютер']], 'ru')
    expect(findTerms('Нет компьютера.', 'ru', ru)).toEqual([{ token: 0, start: 4, end: 14, conceptIds: [7] }])
  })

  it('lists every concept that has the term', () => {
    expect(
      findTerms(
        'the file',
        'en',
        index(
          [
            [1, 'file'],
            [2, 'files'],
          ],
          'en',
        ),
      )[0]?.conceptIds,
    ).toEqual([1, 2])
  })

  it('looks terms up by their first three stems: a window asks for its words, pairs and triples, not across tags', () => {
    expect(lookupKey('tulkošan atmin')).toBe('tulkošan atmin')
    expect(lookupKey('a b c d')).toBe('a b c')
    expect(lookupKey('dator')).toBe('dator')
    const runs = [...segmentWords('Open <g1>files</g1> now', 'en'), ...segmentWords('open the file', 'en')]
    expect(lookupKeysOf(runs).sort()).toEqual(['file', 'now', 'open', 'open the', 'open the file', 'the', 'the file'])
  })
})
