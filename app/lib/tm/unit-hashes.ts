/**
 * What tm_units stores for a unit besides its text: its source's key hashes (sequenceKeys, the fuzzy index) and the
 * word hashes of its source and target (unitWords, concordance) — found in one scan of each text, making no token
 * objects. A TMX import computes them for every unit, and the token objects and their garbage were the larger part
 * of its tokenizing (decision 0014, fourth addendum). unit-hashes.test.ts holds it equal to sequenceKeys and unitWords.
 * Pure and browser-safe.
 */
import { keyHash, lowerCaseHash, rangeHash } from './index-keys'
import { NUMBER_KEY, plainText, scanTokens } from './tokens'

const NUMBER_KEY_HASH = keyHash(NUMBER_KEY)

export interface UnitHashes {
  /** sequenceKeys(tokenize(source).tokens): in token order. */
  keys: Int32Array
  /** unitWords(source, target): sorted, distinct. */
  words: Int32Array
}

export function unitHashes(source: string, target: string): UnitHashes {
  keys.clear()
  words.clear()
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
  return { keys: keys.copy(), words: distinct(words.sorted()) }
}

/** Hashes gathered in one array kept from unit to unit (an import reads a million units), handed out as copies. */
class Gathered {
  private values = new Int32Array(256)
  private count = 0

  clear() {
    this.count = 0
  }

  push(hash: number) {
    if (this.count === this.values.length) {
      const larger = new Int32Array(this.values.length * 2)
      larger.set(this.values)
      this.values = larger
    }
    this.values[this.count++] = hash
  }

  /** A copy of what was gathered, in order. */
  copy(): Int32Array {
    return this.values.slice(0, this.count)
  }

  /** A sorted copy of what was gathered. */
  sorted(): Int32Array {
    return this.copy().sort()
  }
}

const keys = new Gathered()
const words = new Gathered()

/** A sorted array without its repeats. */
function distinct(sorted: Int32Array): Int32Array {
  let kept = 0
  for (let at = 0; at < sorted.length; at++) if (at === 0 || sorted[at] !== sorted[at - 1]) sorted[kept++] = sorted[at]!
  return sorted.subarray(0, kept)
}
