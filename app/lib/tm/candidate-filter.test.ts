import fs from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bruteForceTop, canReach, lengthWindow, maxDistance, mayReach, prepareUnit, statsOf, type TmUnit } from './candidate-filter'
import { score, tokenDistance } from './fuzzy-score'
import { sequenceDistance, sequenceKeys, unitKeys } from './index-keys'
import { MemoryIndex } from './memory-index'
import { tokenize } from './tokens'

const keysOf = (source: string) => unitKeys(tokenize(source).tokens)

/**
 * A unit's keys as tm_units.keys holds them: in token order (issue 53), or sorted for every fourth unit, as units
 * stored before it are.
 */
const storedKeys = (unit: TmUnit) => (unit.id % 4 === 3 ? keysOf(unit.source) : sequenceKeys(tokenize(unit.source).tokens))

/** Built as a memory is loaded (postings laid out once), or unit by unit as write-backs arrive. */
function indexOf(units: readonly TmUnit[], how: 'loaded' | 'put' = 'loaded'): MemoryIndex {
  const index = new MemoryIndex()
  for (const unit of units) (how === 'loaded' ? index.load : index.put).call(index, unit.id, storedKeys(unit))
  return index
}

/**
 * A lookup through the index: its candidates scored exactly. Each candidate's bound must hold (no candidate scores
 * above it), and the result must be brute force's over all units.
 */
function lookup(index: MemoryIndex, units: readonly TmUnit[], query: string, { top = 5, threshold = 50 } = {}) {
  const byId = new Map(units.map((unit) => [unit.id, unit]))
  const candidates = index.candidates(keysOf(query), threshold, sequenceKeys(tokenize(query).tokens))
  for (const candidate of candidates) {
    const unit = byId.get(candidate.unitId)
    expect(unit, `candidate ${candidate.unitId}`).toBeDefined()
    expect(score(tokenize(query), tokenize(unit?.source ?? '')).match).toBeLessThanOrEqual(candidate.bound)
  }
  const bounds = candidates.map((candidate) => candidate.bound)
  expect(bounds).toEqual([...bounds].sort((a, b) => b - a))
  return bruteForceTop(query, candidates.map((candidate) => byId.get(candidate.unitId) as TmUnit), top, threshold)
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

describe('MemoryIndex candidates hold every match the brute force finds', () => {
  const word = fc.constantFrom('the', 'The', 'cat', 'dog', 'sat', 'on', 'mat', 'ļoti', 'Ļoti', 'кот', '3', '4', '3.5', '.', ',', '<g1>', '</g1>', '<x2/>')
  const segment = fc.array(word, { maxLength: 9 }).map((words) => words.join(' '))
  const units = fc
    .array(fc.record({ source: segment, changedAt: fc.nat(3) }), { maxLength: 40 })
    .map((records) => records.map((record, id): TmUnit => ({ id, ...record })))

  it('for t = 50 and the top 5', () => {
    fc.assert(
      fc.property(units, segment, (tm, query) => {
        expect(lookup(indexOf(tm), tm, query)).toEqual(bruteForceTop(query, tm))
      }),
      { numRuns: 300 },
    )
  })

  it('for any threshold and any number of hits', () => {
    fc.assert(
      fc.property(units, segment, fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 50 }), (tm, query, threshold, top) => {
        expect(lookup(indexOf(tm, 'put'), tm, query, { threshold, top })).toEqual(bruteForceTop(query, tm, top, threshold))
      }),
      { numRuns: 200 },
    )
  })

  it('after units are added, replaced and removed between lookups', () => {
    fc.assert(
      fc.property(units, units, segment, fc.nat(), (first, second, query, seed) => {
        const index = indexOf(first)
        lookup(index, first, query)
        const added = second.map((unit) => ({ ...unit, id: unit.id + first.length }))
        for (const unit of added) index.put(unit.id, storedKeys(unit))
        // Every third unit of the first set goes, every third gets the source of another (a changed unit).
        const removed = new Set(first.filter((unit) => (unit.id + seed) % 3 === 0).map((unit) => unit.id))
        for (const id of removed) index.remove(id)
        const changed = first
          .filter((unit) => !removed.has(unit.id) && (unit.id + seed) % 3 === 1)
          .map((unit) => ({ ...unit, source: second[unit.id % Math.max(1, second.length)]?.source ?? 'changed' }))
        for (const unit of changed) index.put(unit.id, storedKeys(unit))
        const changedIds = new Set(changed.map((unit) => unit.id))
        const all = [...first.filter((unit) => !removed.has(unit.id) && !changedIds.has(unit.id)), ...changed, ...added]
        expect(index.units).toBe(all.length)
        expect(lookup(index, all, query)).toEqual(bruteForceTop(query, all))
        index.rebuild() // lays the postings out again and renumbers the slots
        expect(lookup(index, all, query)).toEqual(bruteForceTop(query, all))
      }),
      { numRuns: 150 },
    )
  })

  it('orders ties by the latest change, then the newest id', () => {
    const tm: TmUnit[] = [
      { id: 1, source: 'The cat sat.', changedAt: 5 },
      { id: 2, source: 'The cat sat.', changedAt: 9 },
      { id: 3, source: 'The cat sat.', changedAt: 9 },
      { id: 4, source: 'The dog sat.', changedAt: 99 },
    ]
    expect(lookup(indexOf(tm), tm, 'The cat sat.').map((hit) => [hit.unit.id, hit.match])).toEqual([
      [3, 100],
      [2, 100],
      [1, 100],
      [4, 75],
    ])
  })

  it('counts the distance between key sequences as the score does over tokens, and stops past a limit', () => {
    fc.assert(
      fc.property(segment, segment, fc.nat(12), (a, b, limit) => {
        const [x, y] = [tokenize(a).tokens, tokenize(b).tokens]
        const distance = tokenDistance(x, y)
        expect(sequenceDistance(sequenceKeys(x), sequenceKeys(y))).toBe(distance)
        // Within a larger array, from an offset, as the index holds them.
        const pool = [7, ...sequenceKeys(y), 9]
        expect(sequenceDistance(sequenceKeys(x), pool, 1, 1 + y.length, limit)).toBe(distance <= limit ? distance : limit + 1)
      }),
      { numRuns: 300 },
    )
  })

  it('bounds a unit by the distance between the key sequences, and a unit stored sorted by its shared tokens (issue 53)', () => {
    const tm: TmUnit[] = [
      { id: 1, source: 'mat the on sat cat the', changedAt: 0 },
      { id: 3, source: 'mat the on sat cat the', changedAt: 0 }, // stored sorted, as before issue 53
      { id: 4, source: 'the cat sat on the rug', changedAt: 0 },
    ]
    const query = 'The cat sat on the mat'
    const candidates = indexOf(tm).candidates(keysOf(query), 50, sequenceKeys(tokenize(query).tokens))
    const bounds = new Map(candidates.map((candidate) => [candidate.unitId, candidate.bound]))
    // Six tokens, all shared with the query: the sorted keys allow 100; in order, five edits are needed.
    expect(bounds.get(3)).toBe(100)
    expect(bounds.has(1)).toBe(false)
    expect(bounds.get(4)).toBe(83)
  })

  it('finds units without text for a query without text', () => {
    const tm: TmUnit[] = [
      { id: 1, source: '<x1/>', changedAt: 0 },
      { id: 2, source: '', changedAt: 0 },
      { id: 3, source: 'text', changedAt: 0 },
    ]
    expect(lookup(indexOf(tm), tm, ' ').map((hit) => [hit.unit.id, hit.match])).toEqual([
      [2, 100],
      [1, 99],
    ])
  })

  it('keeps a unit put again with the same keys in its slot, and holds units longer than 255 tokens', () => {
    const long = Array.from({ length: 300 }, (_, at) => `w${at}`).join(' ')
    const tm: TmUnit[] = [
      { id: 1, source: long, changedAt: 0 },
      { id: 2, source: `${long} more`, changedAt: 0 },
    ]
    const index = indexOf(tm)
    index.put(1, storedKeys(tm[0]!))
    expect(index.units).toBe(2)
    expect(lookup(index, tm, long).map((hit) => [hit.unit.id, hit.match])).toEqual([
      [1, 100],
      [2, 99],
    ])
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
    const found = queries().map((query) => [query, lookup(index, tm, query)] as const)
    for (const [query, hits] of found) expect(hits, query).toEqual(bruteForceTop(query, prepared))
    // The queries do reach the bands they were made for, so the comparison is not over empty lists only.
    expect(found.filter(([, hits]) => hits[0]?.match === 100).length).toBeGreaterThanOrEqual(25)
    expect(found.filter(([, hits]) => (hits[0]?.match ?? 0) >= 95 && (hits[0]?.match ?? 0) < 100).length).toBeGreaterThan(25)
    expect(found.filter(([, hits]) => (hits[0]?.match ?? 0) >= 50 && (hits[0]?.match ?? 0) < 95).length).toBeGreaterThan(25)
  }, 120_000) // 400,000 brute-force scorings: a few seconds alone, far more on a machine busy with other suites
})
