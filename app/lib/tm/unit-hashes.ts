/**
 * What tm_units stores for a unit besides its text: its source's key hashes (unitKeys, the fuzzy index) and the
 * word hashes of its source and target (unitWords, concordance) — found in one scan of each text, making no token
 * objects. A TMX import computes them for every unit, and the token objects and their garbage were the larger part
 * of its tokenizing (decision 0014, fourth addendum). unit-hashes.test.ts holds it equal to unitKeys and unitWords.
 * Pure and browser-safe.
 */
import { keyHash, lowerCaseHash, rangeHash } from './index-keys'
import { NUMBER_KEY, plainText, scanTokens } from './tokens'

const NUMBER_KEY_HASH = keyHash(NUMBER_KEY)

export interface UnitHashes {
  /** unitKeys(tokenize(source).tokens): sorted, repeats kept. */
  keys: Int32Array
  /** unitWords(source, target): sorted, distinct. */
  words: Int32Array
}

export function unitHashes(source: string, target: string): UnitHashes {
  keyCount = 0
  wordCount = 0
  const sourceText = plainText(source)
  scanTokens(sourceText, (kind, start, end) => {
    if (kind === 'word') {
      const hash = lowerCaseHash(sourceText, start, end)
      pushKey(hash)
      pushWord(hash)
    } else if (kind === 'number') {
      pushKey(NUMBER_KEY_HASH)
      pushWord(rangeHash(sourceText, start, end))
    } else {
      pushKey(rangeHash(sourceText, start, end))
    }
  })
  const targetText = plainText(target)
  scanTokens(targetText, (kind, start, end) => {
    if (kind === 'word') pushWord(lowerCaseHash(targetText, start, end))
    else if (kind === 'number') pushWord(rangeHash(targetText, start, end))
  })
  return { keys: keyScratch.slice(0, keyCount).sort(), words: distinct(wordScratch.slice(0, wordCount).sort()) }
}

// The hashes of the unit being read, gathered in arrays kept from unit to unit (an import reads a million units).
let keyScratch = new Int32Array(256)
let wordScratch = new Int32Array(256)
let keyCount = 0
let wordCount = 0

function pushKey(hash: number) {
  if (keyCount === keyScratch.length) keyScratch = grown(keyScratch)
  keyScratch[keyCount++] = hash
}

function pushWord(hash: number) {
  if (wordCount === wordScratch.length) wordScratch = grown(wordScratch)
  wordScratch[wordCount++] = hash
}

function grown(array: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const larger = new Int32Array(array.length * 2)
  larger.set(array)
  return larger
}

/** A sorted array without its repeats. */
function distinct(sorted: Int32Array): Int32Array {
  let kept = 0
  for (let at = 0; at < sorted.length; at++) if (at === 0 || sorted[at] !== sorted[at - 1]) sorted[kept++] = sorted[at]!
  return sorted.subarray(0, kept)
}
