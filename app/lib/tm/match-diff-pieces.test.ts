import { describe, expect, it } from 'vitest'
import { matchDiffPieces } from './match-diff-pieces'

describe('matchDiffPieces (issue 5: the matched source with its differences)', () => {
  it('is one "same" piece for identical text', () => {
    expect(matchDiffPieces('Open the file.', 'Open the file.')).toEqual([{ kind: 'same', text: 'Open the file.' }])
  })

  it('marks words only the match has, words only the segment has, and replacements', () => {
    expect(matchDiffPieces('Open the new file.', 'Open the file now.')).toEqual([
      { kind: 'same', text: 'Open the' },
      { kind: 'inserted', text: 'new' },
      { kind: 'same', text: ' file ' },
      { kind: 'deleted', text: 'now' },
      { kind: 'same', text: '.' },
    ])
    expect(matchDiffPieces('Close the file.', 'Open the file.')).toEqual([
      { kind: 'deleted', text: 'Open' },
      { kind: 'inserted', text: 'Close' },
      { kind: 'same', text: ' the file.' },
    ])
  })

  it('marks a number whose value differs, with the segment’s value', () => {
    expect(matchDiffPieces('Page 12 of 30', 'Page 11 of 30')).toEqual([
      { kind: 'same', text: 'Page ' },
      { kind: 'number', text: '11', query: '12' },
      { kind: 'same', text: ' of 30' },
    ])
  })

  it('marks a difference in case only', () => {
    expect(matchDiffPieces('open the file', 'Open the file')).toEqual([
      { kind: 'case', text: 'Open', query: 'open' },
      { kind: 'same', text: ' the file' },
    ])
  })

  describe('edge cases', () => {
    it('shows the match’s plain text: tags dropped, escapes read', () => {
      expect(matchDiffPieces('Click <g1>here</g1>', 'Click <g2>here</g2> &amp; go')).toEqual([
        { kind: 'same', text: 'Click here ' },
        { kind: 'deleted', text: '& go' },
      ])
    })

    it('an empty match is all inserted', () => {
      expect(matchDiffPieces('a b', '')).toEqual([{ kind: 'inserted', text: 'a b' }])
    })
  })
})
