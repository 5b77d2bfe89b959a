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
  const keys: number[] = []
  const words: number[] = []
  const sourceText = plainText(source)
  scanTokens(sourceText, (kind, start, end) => {
    if (kind === 'word') {
      const hash = lowerCaseHash(sourceText, start, end)
      keys.push(hash)
      words.push(hash)
    } else if (kind === 'number') {
      keys.push(NUMBER_KEY_HASH)
      words.push(rangeHash(sourceText, start, end))
    } else {
      keys.push(rangeHash(sourceText, start, end))
    }
  })
  const targetText = plainText(target)
  scanTokens(targetText, (kind, start, end) => {
    if (kind === 'word') words.push(lowerCaseHash(targetText, start, end))
    else if (kind === 'number') words.push(rangeHash(targetText, start, end))
  })
  return { keys: Int32Array.from(keys).sort(), words: distinct(Int32Array.from(words).sort()) }
}

/** A sorted array without its repeats. */
function distinct(sorted: Int32Array): Int32Array {
  let kept = 0
  for (let at = 0; at < sorted.length; at++) if (at === 0 || sorted[at] !== sorted[at - 1]) sorted[kept++] = sorted[at]!
  return sorted.subarray(0, kept)
}
