import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { integers } from './index-cache.server'

describe('integers', () => {
  it("reads PostgreSQL's text form of an integer[] back to the same numbers", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 })), (values) => {
        expect(integers(`{${values.join(',')}}`)).toEqual(values)
      }),
      { numRuns: 500 },
    )
    expect(integers('{-2147483648,2147483647,0}')).toEqual([-2147483648, 2147483647, 0])
    expect(integers('{}')).toEqual([])
    expect(integers(null)).toEqual([])
  })
})
