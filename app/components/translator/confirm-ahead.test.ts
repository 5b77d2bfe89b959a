import { describe, expect, it } from 'vitest'
import { guessNext } from './confirm-ahead'

const row = (id: number, position: number, status = 'NEW') => ({ id, position, status, target: null, saveType: null })

describe('guessNext: the segment the server goes on to after a confirm (SPEC §4), when the rows shown tell it', () => {
  it('is the nearest row after it that is not confirmed', () => {
    const rows = [row(10, 1), row(11, 2, 'TRANSLATED'), row(12, 3, 'TRANSLATED'), row(13, 4, 'DRAFT'), row(14, 5)]
    expect(guessNext(rows, 10)?.id).toBe(13)
    expect(guessNext(rows, 13)?.id).toBe(14)
    expect(guessNext(rows, 11)?.id).toBe(13)
  })

  it('is none when the rows after it end before one is found: the next may lie beyond them', () => {
    expect(guessNext([row(10, 1), row(11, 2, 'TRANSLATED')], 10)).toBeUndefined()
    expect(guessNext([row(10, 1)], 10)).toBeUndefined()
  })

  it('is none across a gap in the positions (the rows of a search): a segment not shown may come first', () => {
    expect(guessNext([row(10, 1), row(12, 3)], 10)).toBeUndefined()
    expect(guessNext([row(10, 1), row(11, 2, 'TRANSLATED'), row(14, 5)], 10)).toBeUndefined()
  })

  it('is none for a segment not in the rows', () => {
    expect(guessNext([row(10, 1), row(11, 2)], 99)).toBeUndefined()
  })
})
