/**
 * DESIGN.md "TM matching": retrieval may use any index, but must return what brute-force scoring returns (same
 * top 5, same scores) for every match of 50 or more. This file is that argument as code. Pure and browser-safe.
 *
 * Why the filter never drops a match (L = max(n, m), c = shared tokens: the multiset intersection of the keys):
 * 1. match ≤ floor(100 × (L − d) / L) (fuzzy-score.ts: penalties only lower it), and floor(x) ≥ t ⟺ x ≥ t for an
 *    integer t, so match ≥ t needs d ≤ dMax(L) = floor((100 − t) × L / 100).
 * 2. An alignment pairs at most c tokens as equal, and every other token of the longer side costs at least 1, so
 *    d ≥ L − c. Hence match ≥ t needs c ≥ L − dMax(L).
 * 3. c ≤ min(n, m) turns that into a length window: m ∈ [ceil(n·t/100), floor(n·100/t)].
 * 4. For t ≥ 1 a unit sharing no token with a non-empty query fails 2, so only units found through the
 *    query's tokens (and, for an empty query, units without tokens) can match; every one of those that passes
 *    2 is scored exactly, and ordered by the same comparison as the brute force.
 */
import { baseScore, type FuzzyScore, score, tokenDistance } from './fuzzy-score'
import { keyCounts, tokenize, type TokenizedSegment } from './tokens'

/** SPEC §7: five suggestions; DESIGN.md: exact for matches of 50 or more. */
export const DEFAULT_TOP = 5
export const DEFAULT_THRESHOLD = 50

export interface SegmentStats {
  tokenCount: number
  keyCounts: ReadonlyMap<string, number>
}

export interface TmUnit {
  id: number
  /** Canonical tag string of the unit's source. */
  source: string
  /** Last change, epoch milliseconds: the first tiebreak. */
  changedAt: number
}

export interface TmHit extends FuzzyScore {
  unit: TmUnit
}

export function statsOf(segment: TokenizedSegment): SegmentStats {
  return { tokenCount: segment.tokens.length, keyCounts: keyCounts(segment.tokens) }
}

/** The largest distance that still scores t: floor((100 − t) × L / 100). */
export function maxDistance(longest: number, threshold: number): number {
  return Math.floor(((100 - threshold) * longest) / 100)
}

/** Token counts a candidate may have to reach t against a query of n tokens (step 3). */
export function lengthWindow(queryTokens: number, threshold: number): { min: number; max: number } {
  return { min: Math.ceil((queryTokens * threshold) / 100), max: Math.floor((queryTokens * 100) / threshold) }
}

/** Step 2: false means the pair cannot score t or more; true means it has to be scored. */
export function canReach(queryTokens: number, candidateTokens: number, shared: number, threshold: number): boolean {
  const longest = Math.max(queryTokens, candidateTokens)
  return shared >= longest - maxDistance(longest, threshold)
}

export function sharedTokens(a: SegmentStats, b: SegmentStats): number {
  const [small, large] = a.keyCounts.size <= b.keyCounts.size ? [a, b] : [b, a]
  let shared = 0
  for (const [key, count] of small.keyCounts) shared += Math.min(count, large.keyCounts.get(key) ?? 0)
  return shared
}

export function mayReach(query: SegmentStats, candidate: SegmentStats, threshold = DEFAULT_THRESHOLD): boolean {
  return canReach(query.tokenCount, candidate.tokenCount, sharedTokens(query, candidate), threshold)
}

/** Best first: higher match, then the more recent change, then the higher (newer) id. */
export function compareHits(a: TmHit, b: TmHit): number {
  return b.match - a.match || b.unit.changedAt - a.unit.changedAt || b.unit.id - a.unit.id
}

/** A unit with its source read once, for scoring it against many queries. */
export interface PreparedUnit {
  unit: TmUnit
  tokenized: TokenizedSegment
}

export function prepareUnit(unit: TmUnit): PreparedUnit {
  return { unit, tokenized: tokenize(unit.source) }
}

/** The oracle: every unit scored, those reaching t kept, best k first. */
export function bruteForceTop(
  query: string,
  units: readonly (TmUnit | PreparedUnit)[],
  top = DEFAULT_TOP,
  threshold = DEFAULT_THRESHOLD,
): TmHit[] {
  const tokenized = tokenize(query)
  const hits: TmHit[] = []
  for (const entry of units) {
    const { unit, tokenized: source } = 'tokenized' in entry ? entry : prepareUnit(entry)
    const result = score(tokenized, source)
    if (result.match >= threshold) hits.push({ unit, ...result })
  }
  return hits.sort(compareHits).slice(0, top)
}

interface Posting {
  unit: number
  count: number
}

interface PostingList {
  postings: Posting[]
  /** Postings are kept in order of the unit's token count, sorted on the first lookup after an add. */
  sorted: boolean
}

/**
 * An in-memory inverted index: token key → units holding it, with how often. A lookup counts the shared tokens
 * of the units in the query's length window, keeps those that can reach the threshold and scores them exactly.
 */
export class TmIndex {
  private readonly units: PreparedUnit[] = []
  private readonly ids = new Set<number>()
  private readonly lists = new Map<string, PostingList>()
  /** Units without tokens (only tags, or nothing): the only ones an empty query can match. */
  private readonly withoutTokens: number[] = []
  private shared = new Int32Array(0)

  get size(): number {
    return this.units.length
  }

  add(unit: TmUnit): void {
    if (this.ids.has(unit.id)) throw new RangeError(`TM unit ${unit.id} is already indexed`)
    this.ids.add(unit.id)
    const prepared = prepareUnit(unit)
    const { tokenized } = prepared
    const position = this.units.push(prepared) - 1
    if (tokenized.tokens.length === 0) this.withoutTokens.push(position)
    for (const [key, count] of keyCounts(tokenized.tokens)) {
      let list = this.lists.get(key)
      if (!list) this.lists.set(key, (list = { postings: [], sorted: true }))
      const last = list.postings.at(-1)
      if (last && this.tokenCount(last.unit) > tokenized.tokens.length) list.sorted = false
      list.postings.push({ unit: position, count })
    }
  }

  lookup(query: string, { top = DEFAULT_TOP, threshold = DEFAULT_THRESHOLD } = {}): TmHit[] {
    if (!Number.isInteger(threshold) || threshold < 1 || threshold > 100) {
      throw new RangeError(`A lookup threshold is an integer from 1 to 100, not ${threshold}`)
    }
    const tokenized = tokenize(query)
    const n = tokenized.tokens.length
    const hits: TmHit[] = []
    const consider = (position: number, shared: number) => {
      const candidate = this.units[position]
      if (!candidate) return
      const m = candidate.tokenized.tokens.length
      if (!canReach(n, m, shared, threshold)) return
      // The cheap distance first: its base score bounds the match from above.
      if (baseScore(tokenDistance(tokenized.tokens, candidate.tokenized.tokens), Math.max(n, m)) < threshold) return
      const result = score(tokenized, candidate.tokenized)
      if (result.match >= threshold) hits.push({ unit: candidate.unit, ...result })
    }
    if (n === 0) {
      for (const position of this.withoutTokens) consider(position, 0)
    } else {
      const touched = this.countShared(tokenized, threshold)
      for (const position of touched) consider(position, this.shared[position] ?? 0)
      for (const position of touched) this.shared[position] = 0
    }
    return hits.sort(compareHits).slice(0, top)
  }

  /** Adds up, per unit in the length window, the tokens it shares with the query; returns the units touched. */
  private countShared(query: TokenizedSegment, threshold: number): number[] {
    if (this.shared.length < this.units.length) this.shared = new Int32Array(this.units.length)
    const window = lengthWindow(query.tokens.length, threshold)
    const touched: number[] = []
    for (const [key, queryCount] of keyCounts(query.tokens)) {
      const list = this.lists.get(key)
      if (!list) continue
      if (!list.sorted) {
        list.postings.sort((a, b) => this.tokenCount(a.unit) - this.tokenCount(b.unit) || a.unit - b.unit)
        list.sorted = true
      }
      const { postings } = list
      for (let at = this.firstWithTokens(postings, window.min); at < postings.length; at++) {
        const posting = postings[at]
        if (!posting || this.tokenCount(posting.unit) > window.max) break
        const before = this.shared[posting.unit] ?? 0
        if (before === 0) touched.push(posting.unit)
        this.shared[posting.unit] = before + Math.min(queryCount, posting.count)
      }
    }
    return touched
  }

  private firstWithTokens(postings: readonly Posting[], min: number): number {
    let low = 0
    let high = postings.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (this.tokenCount(postings[middle]?.unit ?? 0) < min) low = middle + 1
      else high = middle
    }
    return low
  }

  private tokenCount(position: number): number {
    return this.units[position]?.tokenized.tokens.length ?? 0
  }
}
