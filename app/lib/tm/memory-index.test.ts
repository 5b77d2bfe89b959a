import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { sequenceKeys } from './index-keys'
import { searchedWords, unitWords, wordHash } from './concordance-words'
import { MemoryIndex } from './memory-index'
import { tokenize } from './tokens'

interface Unit {
  id: number
  source: string
  target: string
}

/**
 * What a concordance search's candidates must be: every unit holding each word, in its source or target (which of
 * the two is for the text to decide); none for no word.
 */
function holding(units: readonly Unit[], search: string): number[] {
  const hashes = searchedWords(search).map(wordHash)
  if (hashes.length === 0) return []
  return units
    .filter((unit) => {
      const words = new Set(unitWords(unit.source, unit.target))
      return hashes.every((hash) => words.has(hash))
    })
    .map((unit) => unit.id)
    .sort((a, b) => a - b)
}

function found(index: MemoryIndex, search: string): number[] {
  return index.holdingWords(searchedWords(search).map(wordHash)).sort((a, b) => a - b)
}

const put = (index: MemoryIndex, unit: Unit, how: 'load' | 'put' = 'put') =>
  index[how](unit.id, sequenceKeys(tokenize(unit.source).tokens), unitWords(unit.source, unit.target))

describe('MemoryIndex concordance candidates', () => {
  const word = fc.constantFrom('the', 'The', 'cat', 'dog', 'sat', 'on', 'mat', 'ļoti', 'Ļoti', 'кот', 'КОТ', '3', '3.5', '.', ',', '<g1>', '</g1>')
  const text = fc.array(word, { maxLength: 8 }).map((words) => words.join(' '))
  const units = fc
    .array(fc.record({ source: text, target: text }), { maxLength: 40 })
    .map((records) => records.map((record, id): Unit => ({ id, ...record })))

  it('are exactly the units whose source and target words hold every word searched, as units change', () => {
    fc.assert(
      fc.property(units, units, text, fc.nat(), (first, second, search, seed) => {
        const index = new MemoryIndex()
        for (const unit of first) put(index, unit, 'load')
        index.rebuild()
        expect(found(index, search)).toEqual(holding(first, search))
        const added = second.map((unit) => ({ ...unit, id: unit.id + first.length }))
        for (const unit of added) put(index, unit)
        // Every third unit of the first set goes; every third gets another target only (its keys stay the same).
        const removed = new Set(first.filter((unit) => (unit.id + seed) % 3 === 0).map((unit) => unit.id))
        for (const id of removed) index.remove(id)
        const changed = first
          .filter((unit) => !removed.has(unit.id) && (unit.id + seed) % 3 === 1)
          .map((unit) => ({ ...unit, target: second[unit.id % Math.max(1, second.length)]?.target ?? 'changed' }))
        for (const unit of changed) put(index, unit)
        const changedIds = new Set(changed.map((unit) => unit.id))
        const all = [...first.filter((unit) => !removed.has(unit.id) && !changedIds.has(unit.id)), ...changed, ...added]
        expect(found(index, search)).toEqual(holding(all, search))
        index.rebuild() // drops the removed units' slots and renumbers the rest
        expect(found(index, search)).toEqual(holding(all, search))
      }),
      { numRuns: 300 },
    )
  })

  it('find a word whatever signature bit it has, and nothing for no words', () => {
    const index = new MemoryIndex()
    // Many distinct words: their signature bits cover all 128, so every part of the signature is exercised.
    const many = Array.from({ length: 500 }, (_, id) => ({ id, source: `word${id} common`, target: `vārds${id}` }))
    for (const unit of many) put(index, unit, 'load')
    for (const id of [0, 1, 63, 64, 255, 499]) {
      expect(found(index, `word${id}`)).toEqual([id])
      expect(found(index, `VĀRDS${id} common`)).toEqual([id]) // one word in the source, one in the target
      expect(found(index, `word${id} vārds${id + 1}`)).toEqual([])
    }
    expect(found(index, 'common')).toHaveLength(500)
    expect(index.holdingWords([])).toEqual([])
  })
})
