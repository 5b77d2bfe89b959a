/**
 * Lookups in translation memories (DESIGN.md "TM matching"): fuzzy matches through each instance's copies of the
 * memories' indexes (decisions 0011, 0014), the brute force that is their oracle, and exact matches for pretranslation.
 * What a unit is and how units are written: units.server.ts.
 */
import { KEPT_PLAN, type Queryable } from '../db/database.server'
import { db } from '../db/db.server'
import { baseScore, score, tokenDistance } from './fuzzy-score'
import { bruteForceTop, compareHits, DEFAULT_THRESHOLD, DEFAULT_TOP } from './candidate-filter'
import { tmIndexes } from './index-cache.server'
import { sequenceKeys } from './index-keys'
import type { MemoryIndex } from './memory-index'
import { tokenize, type TokenizedSegment } from './tokens'
import { sourceHash, type StoredHit, type StoredUnit } from './units.server'

interface UnitRow {
  id: number
  memoryId: number
  source: string
  target: string
  createdBy: string
  changedAt: Date | string
  context: string | null
}

const unitColumns = /* sql */ `id, memory_id as "memoryId", source, target, created_by as "createdBy", changed_at as "changedAt",
  replace(context::text, '-', '') as context`

function toStoredUnit(row: UnitRow): StoredUnit {
  return { ...row, id: Number(row.id), changedAt: new Date(row.changedAt).getTime() }
}

export interface LookupOptions {
  top?: number
  threshold?: number
  /** How many units the memories must hold for a lookup to deepen (DEEPEN_FROM_UNITS; the tests also set 0). */
  deepenFrom?: number
  /** The memories' index versions, read by the caller in this request (TmIndexCache.current). */
  versions?: ReadonlyMap<number, number>
}

/**
 * The best `top` matches of `source` in the memories, scoring `threshold` or more, best first (DESIGN.md "TM
 * matching"): the same as brute force (bruteForceMatches), through this instance's copies of the memories'
 * indexes (decisions 0011, 0014), each brought up to date first (a memory's first lookup waits for its load).
 */
export async function lookupMatches(
  memoryIds: readonly number[],
  source: string,
  { top = DEFAULT_TOP, threshold = DEFAULT_THRESHOLD, deepenFrom = DEEPEN_FROM_UNITS, versions }: LookupOptions = {},
): Promise<StoredHit[]> {
  if (memoryIds.length === 0) return []
  if (!Number.isInteger(threshold) || threshold < 1 || threshold > 100) {
    throw new RangeError(`A lookup threshold is an integer from 1 to 100, not ${threshold}`)
  }
  const query = tokenize(source)
  const querySequence = sequenceKeys(query.tokens)
  const queryKeys = [...querySequence].sort((a, b) => a - b)
  const indexes = await tmIndexes(db()).current(memoryIds, versions)
  if (indexes.size === 0) return []
  const held = [...indexes.values()]
  const units = held.reduce((sum, index) => sum + index.units, 0)
  const stages = [...(units >= deepenFrom ? DEEPENING.filter((stage) => stage > threshold) : []), threshold]
  const hits = await matchesInProcess(held, query, { sorted: queryKeys, sequence: querySequence }, top, threshold, stages)
  return hits.sort(compareHits).slice(0, top)
}

/**
 * Through in-process indexes, deepening (issue 53) through `stages`: the candidates that could score 90 or more
 * first, then 70, then the threshold. A stage's candidates hold every unit scoring its threshold or more, so once the
 * `top`-th match found scores that much the matches are the best overall; most lookups with good matches never pay
 * for the wide search at 50, whose rarest keys are read over twice the lengths and have ten times the postings.
 * Within a stage the candidates, each with the best score it could reach, are read and scored best bound first, a few
 * at a time, until the next one could not beat the `top`-th match found (a tie could still win on recency, so an equal
 * bound is read); a unit read at one stage is not read again. A stage after `top` matches are found searches from the
 * worst of them, not its own threshold: five matches of 60 found at 70 spare the search at 50 its commonest key.
 */
async function matchesInProcess(
  indexes: readonly MemoryIndex[],
  query: TokenizedSegment,
  queryKeys: { sorted: number[]; sequence: number[] },
  top: number,
  threshold: number,
  stages: readonly number[],
): Promise<StoredHit[]> {
  const read = new Set<number>()
  let hits: StoredHit[] = []
  for (const stage of stages) {
    // Once `top` matches are found, the next stage needs only the units that could score the worst of them: a unit
    // scoring less cannot enter the top, one scoring as much can (on recency). A higher floor reads fewer keys.
    const floor = Math.max(stage, hits.length >= top ? (hits[top - 1]?.match ?? 0) : 0)
    const candidates = indexes
      .flatMap((index) => index.candidates(queryKeys.sorted, floor, queryKeys.sequence, top))
      .filter((candidate) => !read.has(candidate.unitId))
      .sort((a, b) => b.bound - a.bound)
    let batch = FIRST_READ
    for (let at = 0; at < candidates.length; at += batch, batch *= 2) {
      const worst = hits.length >= top ? hits[top - 1]?.match : undefined
      if (worst !== undefined && (candidates[at]?.bound ?? 0) < worst) break
      const ids = candidates.slice(at, at + batch).map((candidate) => candidate.unitId)
      for (const id of ids) read.add(id)
      const rows = await db().query<UnitRow>(`${KEPT_PLAN}select ${unitColumns} from tm_units where id = any($1::bigint[])`, [ids])
      for (const row of rows) {
        const hit = scored(query, toStoredUnit(row), threshold)
        if (hit) hits.push(hit)
      }
      hits = hits.sort(compareHits).slice(0, top)
    }
    if (hits.length >= top && (hits[top - 1]?.match ?? 0) >= stage) break
  }
  return hits
}

/** The thresholds a lookup searches at before its own (decision 0008 searched the database's index the same way). */
const DEEPENING = [90, 70]

/**
 * Memories of fewer units are searched at the threshold at once: there the wide search costs a tenth of a
 * millisecond, less than the statements another stage may add. bench/tm on PostgreSQL, p50 / p95, the code before
 * issue 53 against this with stages: 100,000 units 1.2 / 2.6 against 1.5 / 3.0 ms; a million 4.6 / 10.9 against
 * 2.9 / 7.4 ms (decision 0011's addendum of 2026-12-07).
 */
const DEEPEN_FROM_UNITS = 250_000

/** Candidates read by the first statement of an in-process lookup; each next one reads twice as many. */
const FIRST_READ = 16

/** The unit's match if it scores `threshold` or more: the cheap distance first, whose base score bounds it. */
function scored(query: TokenizedSegment, unit: StoredUnit, threshold: number): StoredHit | undefined {
  const candidate = tokenize(unit.source)
  const longest = Math.max(query.tokens.length, candidate.tokens.length)
  if (baseScore(tokenDistance(query.tokens, candidate.tokens), longest) < threshold) return undefined
  const result = score(query, candidate)
  return result.match >= threshold ? { unit, ...result } : undefined
}

/** The oracle: every unit of the memories read and scored (DESIGN.md "TM matching"); for tests and bench/tm. */
export async function bruteForceMatches(
  memoryIds: readonly number[],
  source: string,
  { top = DEFAULT_TOP, threshold = DEFAULT_THRESHOLD }: { top?: number; threshold?: number } = {},
  using: Queryable = db(),
): Promise<StoredHit[]> {
  if (memoryIds.length === 0) return []
  const rows = await using.query<UnitRow>(`select ${unitColumns} from tm_units where memory_id = any($1::integer[])`, [memoryIds])
  return bruteForceTop(source, rows.map(toStoredUnit), top, threshold) as StoredHit[]
}

/** 100% matches only (pretranslation): the units with the same source, newest first. */
export async function exactMatch(memoryIds: readonly number[], source: string, using: Queryable = db()): Promise<StoredUnit | undefined> {
  if (memoryIds.length === 0) return undefined
  const rows = await using.query<UnitRow>(
    `select ${unitColumns} from tm_units where memory_id = any($1::integer[]) and source_hash = $2 order by changed_at desc, id desc`,
    [memoryIds, sourceHash(source)],
  )
  const hit = bruteForceTop(source, rows.map(toStoredUnit), 1, 100)[0]
  return hit?.unit as StoredUnit | undefined
}
