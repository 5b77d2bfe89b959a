import { describe, expect, it } from 'vitest'
import { MAX_ROW_ID, rowId } from './row-id'
import { rowIdSchema } from './row-id.server'

describe('rowId', () => {
  it.each([
    ['1', 1],
    [' 42 ', 42],
    [7, 7],
    [String(MAX_ROW_ID), MAX_ROW_ID],
  ])('reads %j as %j', (value, id) => expect(rowId(value)).toBe(id))

  it.each([['0'], ['-3'], ['1.5'], ['1e3'], [String(MAX_ROW_ID + 1)], ['99999999999999999999'], [''], ['abc'], [null], [undefined], [Number.NaN], [{}]])(
    'finds no row for %j',
    (value) => expect(rowId(value)).toBeUndefined(),
  )

  it('agrees with the form schema at the edge', () => {
    expect(rowIdSchema.safeParse(String(MAX_ROW_ID)).success).toBe(true)
    expect(rowIdSchema.safeParse(String(MAX_ROW_ID + 1)).success).toBe(false)
  })
})
