import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { editDistance } from './edit-distance'

/** The textbook table, for comparison. */
function reference(a: string[], b: string[]): number {
  const table = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)))
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      table[i]![j] = Math.min(table[i - 1]![j]! + 1, table[i]![j - 1]! + 1, table[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
  return table[a.length]![b.length]!
}

describe('editDistance (issue 52 point 5)', () => {
  it('counts characters changed, a Latvian letter as one', () => {
    expect(editDistance('Atveriet failu.', 'Atveriet datni.')).toBe(4)
    expect(editDistance('kaķis', 'kakis')).toBe(1)
    expect(editDistance('', 'abc')).toBe(3)
    expect(editDistance('same', 'same')).toBe(0)
    expect(editDistance('kitten', 'sitting')).toBe(3)
  })

  it('equals the textbook table, and is a distance', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', 'ā', 'š', ' ', '😀'), maxLength: 12 })
    fc.assert(
      fc.property(text, text, text, (a, b, c) => {
        const ab = editDistance(a, b)
        expect(ab).toBe(reference([...a], [...b]))
        expect(ab).toBe(editDistance(b, a))
        expect(ab === 0).toBe(a === b)
        expect(editDistance(a, c)).toBeLessThanOrEqual(ab + editDistance(b, c))
      }),
    )
  })
})
