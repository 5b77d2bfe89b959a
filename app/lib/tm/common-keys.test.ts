import { describe, expect, it, vi } from 'vitest'
import { bruteForceTop, type TmUnit } from './candidate-filter'
import { COMMON_KEYS, commonBitsOf, commonKeysOf, markCommonBits, unreadCommon } from './common-keys'
import { sequenceKeys, unitKeys } from './index-keys'
import { MemoryIndex } from './memory-index'
import { tokenize } from './tokens'

describe('the common keys of a memory', () => {
  it('are the keys with the most postings, most first, at most eight', () => {
    const sizes = [5, 90, 7, 300, 2, 11, 60, 8, 40, 1, 75]
    const blockOf = new Map(sizes.map((_, block) => [1000 + block, block]))
    expect([...commonKeysOf(blockOf, Int32Array.from(sizes))]).toEqual([1003, 1001, 1010, 1006, 1008, 1005, 1007, 1002])
    expect([...commonKeysOf(new Map([[7, 0]]), Int32Array.from([3]))]).toEqual([7])
    expect(COMMON_KEYS).toBe(8)
  })

  it('set a unit’s bits from its keys and from the postings, packed with the length above the slot', () => {
    const common = Int32Array.from([50, 60, 70])
    expect(commonBitsOf(common, [70, 1, 50, 50])).toBe(0b101)
    expect(commonBitsOf(common, [1, 2])).toBe(0)
    const bits = new Uint8Array(4).fill(0xff)
    const packed = (length: number, slot: number) => ((length << 24) | slot) >>> 0
    const blocks = {
      of: new Map([[50, 0], [70, 1]]),
      start: Int32Array.from([0, 2]),
      size: Int32Array.from([2, 1]),
      postings: Uint32Array.from([packed(3, 1), packed(200, 3), packed(9, 3)]),
    }
    markCommonBits(bits, Int32Array.from([50, 70]), blocks, (1 << 24) - 1)
    expect([...bits]).toEqual([0, 0b01, 0, 0b11])
  })

  it('left unread for a length take off the tokens of those a unit does not hold', () => {
    // Query keys 50 (twice) and 60 are common; 50 is read for lengths up to 5, 60 not at all; 9 is not common.
    const counted = [{ key: 9, count: 1 }, { key: 50, count: 2 }, { key: 60, count: 1 }]
    const read = [{ key: 9, longest: 8 }, { key: 50, longest: 5 }]
    const { unreadAt, tokensOf } = unreadCommon(Int32Array.from([50, 60, 70]), counted, read, { min: 4, max: 8 })
    expect([...unreadAt]).toEqual([0b10, 0b10, 0b11, 0b11, 0b11])
    expect(tokensOf[0b01]).toBe(2)
    expect(tokensOf[0b10]).toBe(1)
    expect(tokensOf[0b11]).toBe(3)
    expect(tokensOf[0b100]).toBe(0) // 70 is not in the query
  })
})

describe('a memory index with the common keys’ bits', () => {
  // A query of three rare words and three common ones, of which "," is the commonest and left unread: 1,200 units reach
  // the bound through the others ("the ." or "zebra lion") but lack the ",", and only the 40 that hold it are counted.
  const word = (n: number): string => 'q' + n.toString(26).replace(/./g, (digit) => String.fromCharCode(97 + parseInt(digit, 26)))
  const sources = [
    ...Array.from({ length: 1_000 }, (_, at) => `the . ${word(at)} ${word(at + 10_000)}`),
    ...Array.from({ length: 1_500 }, (_, at) => `, ${word(at + 20_000)} ${word(at + 30_000)}`),
    ...Array.from({ length: 200 }, (_, at) => `zebra lion ${word(at + 40_000)} ${word(at + 50_000)}`),
    ...Array.from({ length: 40 }, (_, at) => `zebra lion tiger the , . ${word(at + 60_000)}`),
  ]
  const units: TmUnit[] = sources.map((source, id) => ({ id, source, changedAt: id }))
  const query = 'zebra lion tiger the . ,'

  function built(): MemoryIndex {
    const index = new MemoryIndex()
    for (const unit of units) index.load(unit.id, sequenceKeys(tokenize(unit.source).tokens))
    index.rebuild()
    return index
  }

  it('count the shared tokens of far fewer units, and find the same candidates', () => {
    const index = built()
    const counted = vi.spyOn(MemoryIndex.prototype as unknown as { sharedWith: () => number }, 'sharedWith')
    const candidates = index.candidates(unitKeys(tokenize(query).tokens), 50, sequenceKeys(tokenize(query).tokens))
    expect(counted.mock.calls.length).toBe(40)
    counted.mockRestore()
    const byId = new Map(units.map((unit) => [unit.id, unit]))
    const found = bruteForceTop(query, candidates.map((candidate) => byId.get(candidate.unitId) as TmUnit), 50)
    expect(found.map((hit) => [hit.unit.id, hit.match])).toEqual(bruteForceTop(query, units, 50).map((hit) => [hit.unit.id, hit.match]))
  })

  it('keep them for units put after the build and for an index read from its image', () => {
    const index = built()
    index.put(9000, sequenceKeys(tokenize('zebra lion , tiger').tokens))
    index.put(9001, sequenceKeys(tokenize('zebra lion qqq').tokens))
    const ids = (from: MemoryIndex) => from.candidates(unitKeys(tokenize(query).tokens), 50).map((candidate) => candidate.unitId)
    expect(ids(index)).toContain(9000)
    expect(ids(index)).not.toContain(9001)
    index.remove(9000)
    const copy = MemoryIndex.fromImage(index.image())
    expect(ids(copy).sort((a, b) => a - b)).toEqual(ids(index).sort((a, b) => a - b))
  })
})
