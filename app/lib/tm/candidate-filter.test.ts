import fs from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  bruteForceTop,
  canReach,
  lengthWindow,
  maxDistance,
  mayReach,
  prepareUnit,
  statsOf,
  TmIndex,
  type TmUnit,
} from './candidate-filter'
import { score } from './fuzzy-score'
import { tokenize } from './tokens'

function indexOf(units: readonly TmUnit[]): TmIndex {
  const index = new TmIndex()
  for (const unit of units) index.add(unit)
  return index
}

describe('the filter bounds', () => {
  it.each([
    // [L, t, dMax]
    [10, 50, 5],
    [10, 90, 1],
    [3, 50, 1],
    [1, 50, 0],
    [0, 50, 0],
    [7, 1, 6],
    [7, 100, 0],
  ])('a longest side of %i tokens at %i%% allows %i edits', (longest, threshold, expected) => {
    expect(maxDistance(longest, threshold)).toBe(expected)
  })

  it('gives the length window of a query', () => {
    expect(lengthWindow(10, 50)).toEqual({ min: 5, max: 20 })
    expect(lengthWindow(3, 75)).toEqual({ min: 3, max: 4 })
    expect(lengthWindow(1, 50)).toEqual({ min: 1, max: 2 })
  })

  it('keeps exactly the pairs whose shared tokens allow the threshold', () => {
    expect(canReach(10, 10, 5, 50)).toBe(true)
    expect(canReach(10, 10, 4, 50)).toBe(false)
    expect(canReach(10, 21, 10, 50)).toBe(false)
    expect(canReach(0, 0, 0, 50)).toBe(true)
    expect(canReach(0, 1, 0, 50)).toBe(false)
  })

  it('never drops a pair that scores the threshold (a necessary condition)', () => {
    const piece = fc.constantFrom('a', 'A', 'b', 'c', 'ā', 'ж', '1', '2', '.', '<g1>', '</g1>', '<x2/>')
    const segment = fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(' '))
    fc.assert(
      fc.property(segment, segment, fc.integer({ min: 1, max: 100 }), (query, candidate, threshold) => {
        const [q, c] = [tokenize(query), tokenize(candidate)]
        if (score(q, c).match >= threshold) expect(mayReach(statsOf(q), statsOf(c), threshold)).toBe(true)
      }),
      { numRuns: 500 },
    )
  })
})

describe('TmIndex.lookup equals the brute force', () => {
  const word = fc.constantFrom('the', 'The', 'cat', 'dog', 'sat', 'on', 'mat', 'ļoti', 'Ļoti', 'кот', '3', '4', '3.5', '.', ',', '<g1>', '</g1>', '<x2/>')
  const segment = fc.array(word, { maxLength: 9 }).map((words) => words.join(' '))
  const units = fc
    .array(fc.record({ source: segment, changedAt: fc.nat(3) }), { maxLength: 40 })
    .map((records) => records.map((record, id): TmUnit => ({ id, ...record })))

  it('for t = 50 and the top 5', () => {
    fc.assert(
      fc.property(units, segment, (tm, query) => {
        expect(indexOf(tm).lookup(query)).toEqual(bruteForceTop(query, tm))
      }),
      { numRuns: 300 },
    )
  })

  it('for any threshold and any number of hits', () => {
    fc.assert(
      fc.property(units, segment, fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 50 }), (tm, query, threshold, top) => {
        expect(indexOf(tm).lookup(query, { threshold, top })).toEqual(bruteForceTop(query, tm, top, threshold))
      }),
      { numRuns: 200 },
    )
  })

  it('after more units are added between lookups', () => {
    fc.assert(
      fc.property(units, units, segment, (first, second, query) => {
        const index = indexOf(first)
        index.lookup(query)
        const all = [...first, ...second.map((unit) => ({ ...unit, id: unit.id + first.length }))]
        for (const unit of all.slice(first.length)) index.add(unit)
        expect(index.lookup(query)).toEqual(bruteForceTop(query, all))
      }),
      { numRuns: 100 },
    )
  })

  it('orders ties by the latest change, then the newest id', () => {
    const tm: TmUnit[] = [
      { id: 1, source: 'The cat sat.', changedAt: 5 },
      { id: 2, source: 'The cat sat.', changedAt: 9 },
      { id: 3, source: 'The cat sat.', changedAt: 9 },
      { id: 4, source: 'The dog sat.', changedAt: 99 },
    ]
    expect(indexOf(tm).lookup('The cat sat.').map((hit) => [hit.unit.id, hit.match])).toEqual([
      [3, 100],
      [2, 100],
      [1, 100],
      [4, 75],
    ])
  })

  it('finds units without text for a query without text', () => {
    const tm: TmUnit[] = [
      { id: 1, source: '<x1/>', changedAt: 0 },
      { id: 2, source: '', changedAt: 0 },
      { id: 3, source: 'text', changedAt: 0 },
    ]
    expect(indexOf(tm).lookup(' ').map((hit) => [hit.unit.id, hit.match])).toEqual([
      [2, 100],
      [1, 99],
    ])
  })

  it('refuses a threshold it cannot be exact for, and a unit added twice', () => {
    expect(() => new TmIndex().lookup('a', { threshold: 0 })).toThrow(RangeError)
    expect(() => new TmIndex().lookup('a', { threshold: 50.5 })).toThrow(RangeError)
    const index = indexOf([{ id: 1, source: 'a', changedAt: 0 }])
    expect(() => index.add({ id: 1, source: 'b', changedAt: 0 })).toThrow(RangeError)
  })
})

describe('real sentences from ../shared/samples/parallel', () => {
  const dir = path.join(import.meta.dirname, '../../../../shared/samples/parallel')
  const lines = (file: string) =>
    fs
      .readFileSync(path.join(dir, file), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
  const sentences = [
    ...lines('en-lv-ru/ntrex128.newstest2019.en.txt'),
    ...lines('en-lv/tatoeba_laser.en-lv.en'),
    ...lines('en-ru/tatoeba_laser.en-ru.en'),
  ]
  const tm: TmUnit[] = sentences.slice(0, 2000).map((source, id) => ({ id, source, changedAt: id % 7 }))
  const unrelated = sentences.slice(2000)

  /** Deterministic edits, so a failure names a query that fails again. */
  function queries(): string[] {
    const edited: string[] = []
    for (let at = 0; at < 200; at++) {
      const unit = tm[(at * 37) % tm.length]?.source ?? ''
      const words = unit.split(' ')
      const middle = Math.floor(words.length / 2)
      switch (at % 8) {
        case 0:
          edited.push(unit) // an exact hit
          break
        case 1:
          edited.push(words.filter((_, position) => position !== middle).join(' ')) // a word dropped
          break
        case 2:
          edited.push(words.map((word, position) => (position === middle ? 'banana' : word)).join(' ')) // replaced
          break
        case 3:
          edited.push(unit.toUpperCase()) // case
          break
        case 4:
          edited.push(/\d/.test(unit) ? unit.replace(/\d/, (digit) => String((Number(digit) + 1) % 10)) : `${unit} 42`) // a number
          break
        case 5:
          edited.push(`<g1>${words.slice(0, 2).join(' ')}</g1> ${words.slice(2).join(' ')}`) // tags
          break
        case 6:
          edited.push(words.slice(0, Math.max(1, Math.ceil(words.length * 0.6))).join(' ')) // a long prefix
          break
        default:
          edited.push(unrelated[at] ?? 'Nothing like it.') // an unrelated line
      }
    }
    return edited
  }

  it('2,000 units and 200 queries: the same top 5 with the same scores', () => {
    const index = indexOf(tm)
    const prepared = tm.map(prepareUnit)
    const found = queries().map((query) => [query, index.lookup(query)] as const)
    for (const [query, hits] of found) expect(hits, query).toEqual(bruteForceTop(query, prepared))
    // The queries do reach the bands they were made for, so the comparison is not over empty lists only.
    expect(found.filter(([, hits]) => hits[0]?.match === 100).length).toBeGreaterThanOrEqual(25)
    expect(found.filter(([, hits]) => (hits[0]?.match ?? 0) >= 95 && (hits[0]?.match ?? 0) < 100).length).toBeGreaterThan(25)
    expect(found.filter(([, hits]) => (hits[0]?.match ?? 0) >= 50 && (hits[0]?.match ?? 0) < 95).length).toBeGreaterThan(25)
  }, 120_000) // 400,000 brute-force scorings: a few seconds alone, far more on a machine busy with other suites
})
