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
 * 4. L − dMax(L) = ceil(L·t/100) ≥ ceil(n·t/100) = cMin: every match shares at least cMin tokens with the query.
 *    For t ≥ 1 and n > 0 that is at least 1, so only units found through the query's keys can match (and for an
 *    empty query only units without tokens).
 * 5. Prefix filter: if a set P of the query's keys holds more than n − cMin of its tokens, a unit sharing no key
 *    of P shares at most n − (tokens in P) < cMin tokens, so it cannot match. The index reads only the postings
 *    of such a P, made of the rarest keys; every unit found there that passes 2 is scored exactly and ordered by
 *    the same comparison as the brute force.
 */
import { type FuzzyScore, score } from './fuzzy-score'
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

/** The fewest shared tokens any candidate needs against a query of n tokens: c ≥ ceil(n·t/100) (step 4). */
export function minimumShared(queryTokens: number, threshold: number): number {
  return Math.ceil((queryTokens * threshold) / 100)
}
