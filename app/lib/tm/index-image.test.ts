import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { corpusQueries, corpusUnits } from '../../../bench/tm/corpus'
import { searchedWords, unitWords, wordHash } from './concordance-words'
import { decodeImage, encodeImage } from './index-image'
import { sequenceKeys, unitKeys } from './index-keys'
import { MemoryIndex } from './memory-index'
import { tokenize } from './tokens'

/** Issue 53, decision 0030: an index read back from its image answers as the index it was made from, and goes on. */

function indexOf(units: readonly { source: string; target: string }[], ids: readonly number[]): MemoryIndex {
  const index = new MemoryIndex()
  units.forEach((unit, at) => index.load(ids[at] as number, sequenceKeys(tokenize(unit.source).tokens), unitWords(unit.source, unit.target)))
  return index
}

/** What the index answers: candidates at two thresholds, and concordance candidates. */
function answers(index: MemoryIndex, queries: readonly string[], withWords = true) {
  return queries.map((query) => {
    const sequence = sequenceKeys(tokenize(query).tokens)
    const sorted = unitKeys(tokenize(query).tokens)
    const words = searchedWords(query).slice(0, 2).map(wordHash)
    return {
      at50: index.candidates(sorted, 50, sequence).sort((a, b) => b.bound - a.bound || a.unitId - b.unitId),
      at80: index.candidates(sorted, 80, sequence).sort((a, b) => b.bound - a.bound || a.unitId - b.unitId),
      words: withWords ? index.holdingWords(words).sort((a, b) => a - b) : [],
    }
  })
}

/** The image's bytes as the database gives them back: copied into a buffer of their own, as the parts are. */
function throughStorage(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bytes)
}

/** The index stored and read back: its keys, and its words apart. */
function stored(index: MemoryIndex) {
  const image = index.image()
  return {
    keys: decodeImage(throughStorage(encodeImage(image, 'keys')), 'keys')!,
    words: decodeImage(throughStorage(encodeImage(image, 'words')), 'words')!,
  }
}

describe('an index image', () => {
  const corpus = corpusUnits(3_000)
  const queries = corpusQueries(corpus, 40, 3)

  it('reads back as the index it was made from, units removed and added after the build included', () => {
    const index = indexOf(corpus, corpus.map((_, at) => 1_000 + at))
    index.candidates(unitKeys(tokenize('a first lookup builds').tokens), 50)
    for (let id = 1_000; id < 1_100; id++) index.remove(id)
    index.put(99_999, sequenceKeys(tokenize('A unit put after the build.').tokens), unitWords('A unit put after the build.', 'Jauna.'))
    const before = answers(index, queries)
    const { keys, words } = stored(index)
    const whole = MemoryIndex.fromImage({ ...keys, ...words })
    expect(whole.units).toBe(index.units)
    expect(answers(whole, queries)).toEqual(before)
    const apart = MemoryIndex.fromImage(keys)
    expect(apart.hasWords).toBe(false)
    expect(() => apart.holdingWords([1])).toThrow()
    apart.addWords(words)
    expect(answers(apart, queries)).toEqual(before)
  })

  it('goes on from the image: units put, replaced and removed answer as in an index built with them', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 299 }), fc.constantFrom('put', 'remove')), { maxLength: 60 }), (changes) => {
        const ids = corpus.slice(0, 300).map((_, at) => 5_000 + at)
        const { keys, words } = stored(indexOf(corpus.slice(0, 300), ids))
        const read = MemoryIndex.fromImage(keys)
        const live = new Map(corpus.slice(0, 300).map((unit, at) => [ids[at] as number, unit]))
        for (const [at, change] of changes) {
          const id = 5_000 + at
          // A put gives the unit another unit's text: a replacement, or the unit back after its removal.
          const unit = corpus[(at * 7 + 11) % 300]!
          if (change === 'remove') {
            read.remove(id)
            live.delete(id)
          } else {
            read.put(id, sequenceKeys(tokenize(unit.source).tokens), unitWords(unit.source, unit.target))
            live.set(id, unit)
          }
        }
        // A lookup runs before the words come; a rebuild meanwhile keeps the dead slots where the words fit them.
        const built = indexOf([...live.values()], [...live.keys()])
        read.rebuild()
        expect(answers(read, queries.slice(0, 10), false)).toEqual(answers(built, queries.slice(0, 10), false))
        read.addWords(words)
        expect(answers(read, queries.slice(0, 10))).toEqual(answers(built, queries.slice(0, 10)))
        read.rebuild()
        expect(answers(read, queries.slice(0, 10))).toEqual(answers(built, queries.slice(0, 10)))
      }),
      { numRuns: 25 },
    )
  })

  it('is not used when it is cut short, of another format, or not where an array can start', () => {
    const bytes = encodeImage(indexOf(corpus.slice(0, 50), corpus.slice(0, 50).map((_, at) => at + 1)).image(), 'keys')
    expect(decodeImage(throughStorage(bytes), 'keys')).toBeDefined()
    expect(decodeImage(throughStorage(bytes.subarray(0, bytes.length - 8)), 'keys')).toBeUndefined()
    const longer = new Uint8Array(bytes.length + 8)
    longer.set(bytes)
    expect(decodeImage(longer, 'keys')).toBeUndefined()
    expect(decodeImage(throughStorage(bytes), 'words')).toBeUndefined() // the keys are not words
    const other = throughStorage(bytes)
    other[4] = 9 // the format
    expect(decodeImage(other, 'keys')).toBeUndefined()
    const shifted = new Uint8Array(bytes.length + 4)
    shifted.set(bytes, 4)
    expect(decodeImage(shifted.subarray(4), 'keys')).toBeUndefined()
    expect(decodeImage(new Uint8Array(0), 'keys')).toBeUndefined()
  })

  it('of an empty index reads back empty', () => {
    const { keys, words } = stored(new MemoryIndex())
    const read = MemoryIndex.fromImage(keys)
    read.addWords(words)
    expect(read.units).toBe(0)
    expect(read.candidates(unitKeys(tokenize('anything').tokens), 50)).toEqual([])
  })
})
