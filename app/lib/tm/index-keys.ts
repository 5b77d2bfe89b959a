/**
 * The TM index in pure functions (lookups.server.ts does the I/O and the lookup's plan, memory-index.ts the index): a
 * segment's token keys as 32-bit hashes, counted and compared as sorted multisets, and as sequences by their
 * distance. Pure and browser-safe.
 *
 * Everything is counted over hashes rather than keys. Two keys that collide count as one, so the shared tokens
 * counted over hashes are never fewer than over keys: a collision can only add a candidate (which exact scoring
 * then drops), never lose a match. The proof of the filter is in candidate-filter.ts.
 */
import type { TextUnitToken } from './tokens'

/** FNV-1a over the key's UTF-16 code units, as a signed 32-bit integer (a PostgreSQL integer). */
export function keyHash(key: string): number {
  return rangeHash(key, 0, key.length)
}

/** keyHash of `text.slice(start, end)`, without the slice. */
export function rangeHash(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5
  for (let at = start; at < end; at++) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193)
  return hash | 0
}

/**
 * keyHash of `text.slice(start, end).toLowerCase()` (a word's key), without the slice: each code unit lowered on its
 * own (lowerCodeUnit), falling back to the slice for the few whose lower case is not one code unit of their own.
 */
export function lowerCaseHash(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5
  for (let at = start; at < end; at++) {
    const code = lowerCodeUnit(text.charCodeAt(at))
    if (code === -1) return keyHash(text.slice(start, end).toLowerCase())
    hash = Math.imul(hash ^ code, 0x01000193)
  }
  return hash | 0
}

/**
 * A code unit's lower case when toLowerCase maps it to one code unit whatever surrounds it, else -1: surrogates, those
 * that become two (İ), and Σ (final or not, by what follows). Learnt the first time each is met (0: not yet, as
 * U+0000 is never part of a word).
 */
function lowerCodeUnit(code: number): number {
  if (code < 0x80) return code >= 0x41 && code <= 0x5a ? code + 0x20 : code
  let known = lowerCodeUnits[code]!
  if (known === 0) {
    const lower = String.fromCharCode(code).toLowerCase()
    known = lower.length === 1 && code !== 0x3a3 && (code < 0xd800 || code > 0xdfff) ? lower.charCodeAt(0) : -1
    lowerCodeUnits[code] = known
  }
  return known
}

const lowerCodeUnits = new Int32Array(0x10000)

/** The multiset of a segment's key hashes, sorted, repeats kept: what the index counts shared tokens over. */
export function unitKeys(tokens: readonly TextUnitToken[]): number[] {
  return sequenceKeys(tokens).sort((a, b) => a - b)
}

/**
 * A segment's key hashes in token order: what tm_units.keys stores since issue 53 (before, the sorted multiset; the
 * index tells the two apart, decision 0011's addendum of 2026-12-07). The distance over them bounds the match score.
 */
export function sequenceKeys(tokens: readonly TextUnitToken[]): number[] {
  return tokens.map((token) => keyHash(token.key))
}

/** Whether the keys are in ascending order (a sorted multiset, or a sequence that happens to be one). */
export function isAscending(keys: ArrayLike<number>): boolean {
  for (let at = 1; at < keys.length; at++) if ((keys[at - 1] as number) > (keys[at] as number)) return false
  return true
}

let previousRow = new Int32Array(64)
let currentRow = new Int32Array(64)

/**
 * Levenshtein distance between the key sequence `a` and `b[from, to)`, each insert, delete or substitution costing 1:
 * fuzzy-score.ts's distance over token keys, counted over their hashes. Two keys that collide count as equal, so it
 * is never more than the distance over the keys, and the score it gives never less: an upper bound of the match.
 * Once every alignment so far costs more than `limit`, the answer is only that: limit + 1.
 */
export function sequenceDistance(a: ArrayLike<number>, b: ArrayLike<number>, from = 0, to = b.length, limit = Infinity): number {
  const m = to - from
  if (a.length === 0 || m === 0) return Math.min(Math.max(a.length, m), limit + 1)
  if (previousRow.length <= m) {
    previousRow = new Int32Array(2 * m + 1)
    currentRow = new Int32Array(2 * m + 1)
  }
  let previous = previousRow
  let current = currentRow
  for (let j = 0; j <= m; j++) previous[j] = j
  for (let i = 1; i <= a.length; i++) {
    const key = a[i - 1] as number
    current[0] = i
    let lowest = i
    for (let j = 1; j <= m; j++) {
      const substitute = (previous[j - 1] as number) + (b[from + j - 1] === key ? 0 : 1)
      const remove = (previous[j] as number) + 1
      const insert = (current[j - 1] as number) + 1
      const cost = substitute < remove ? (substitute < insert ? substitute : insert) : remove < insert ? remove : insert
      current[j] = cost
      if (cost < lowest) lowest = cost
    }
    if (lowest > limit) return limit + 1
    const swap = previous
    previous = current
    current = swap
  }
  return Math.min(previous[m] as number, limit + 1)
}

/** Shared tokens of two sorted multisets (the multiset intersection's size), by one merge; of `b`, [from, to). */
export function sharedKeys(a: ArrayLike<number>, b: ArrayLike<number>, from = 0, to = b.length): number {
  let shared = 0
  let i = 0
  let j = from
  while (i < a.length && j < to) {
    const x = a[i] as number
    const y = b[j] as number
    if (x === y) {
      shared++
      i++
      j++
    } else if (x < y) i++
    else j++
  }
  return shared
}

/** The query's keys with their counts, from its sorted multiset. */
export function countKeys(keys: readonly number[]): { key: number; count: number }[] {
  const counted: { key: number; count: number }[] = []
  for (const key of keys) {
    const last = counted.at(-1)
    if (last && last.key === key) last.count++
    else counted.push({ key, count: 1 })
  }
  return counted
}

/** A query's distinct keys (sorted) with their counts, and room to count down a unit's share of them. */
export interface QueryKeys {
  keys: Int32Array
  counts: Int32Array
  remaining: Int32Array
}

export function queryKeysOf(queryKeys: readonly number[]): QueryKeys {
  const counted = countKeys(queryKeys)
  const counts = Int32Array.from(counted, (entry) => entry.count)
  return { keys: Int32Array.from(counted, (entry) => entry.key), counts, remaining: new Int32Array(counts.length) }
}
