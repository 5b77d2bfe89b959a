import { createHash } from 'node:crypto'
import type { Queryable } from '../db/database.server'
import { db } from '../db/db.server'
import { baseScore, score, tokenDistance } from './fuzzy-score'
import { bruteForceTop, compareHits, DEFAULT_THRESHOLD, DEFAULT_TOP, type TmHit, type TmUnit } from './candidate-filter'
import { unitWords } from './concordance-words'
import { tmIndexes } from './index-cache.server'
import { unitKeys } from './index-keys'
import type { MemoryIndex } from './memory-index'
import { tokenize, type TokenizedSegment } from './tokens'

/** A stored translation unit (SPEC §3 concordance result: raw_segment, translation). */
export interface StoredUnit extends TmUnit {
  target: string
  memoryId: number
  createdBy: string
}

export interface StoredHit extends TmHit {
  unit: StoredUnit
}

export interface UnitWrite {
  source: string
  target: string
  /** Who made the translation: the creator shown with a suggestion (kept when the unit is updated). */
  createdBy: string
}

export interface UnitImport extends UnitWrite {
  createdAt?: Date
  changedAt?: Date
}

/** The same source, whatever whitespace it was typed with, is one unit of a memory. */
export function sourceHash(source: string): string {
  return createHash('md5').update(source.normalize('NFC').replace(/\s+/gu, ' ').trim()).digest('hex')
}

/**
 * The next index version of each memory (decision 0011), taken before the units are written: the memory's row in
 * tm_index_versions stays locked until the transaction ends, so a memory's versions commit in order and the
 * in-process copies (index-cache.server.ts) can read "everything after version v". Memories are locked in id order.
 */
async function nextVersions(tx: Queryable, memoryIds: readonly number[]): Promise<number[]> {
  const rows = await tx.query<{ memoryId: number; version: string | number }>(
    `insert into tm_index_versions (memory_id, version)
     select id, 1 from unnest($1::integer[]) as m (id) order by id
     on conflict (memory_id) do update set version = tm_index_versions.version + 1
     returning memory_id as "memoryId", version`,
    [[...new Set(memoryIds)].sort((a, b) => a - b)],
  )
  const versions = new Map(rows.map((row) => [row.memoryId, Number(row.version)]))
  return memoryIds.map((memoryId) => versions.get(memoryId) ?? 0)
}

interface IndexRow {
  id: number | string
  memoryId: number
}

/** What a unit's source is indexed as, and the words concordance finds it by. */
function indexEntry(source: string, target: string): { hash: string; tokenCount: number; keys: number[]; words: number[] } {
  const tokens = tokenize(source).tokens
  const keys = unitKeys(tokens)
  return { hash: sourceHash(source), tokenCount: keys.length, keys, words: unitWords(source, target, tokens) }
}

type IndexedImport = UnitImport & ReturnType<typeof indexEntry>

/**
 * Inserts or updates units (one unit per source hash and memory, the last write of a source winning), in one
 * statement, stamped with each memory's next index version (nextVersions, taken in the same statement: the in-process
 * copies follow it). An update keeps creator and creation time. One statement is atomic by itself, so a bulk import
 * needs no transaction around it.
 */
async function upsertUnits(using: Queryable, memoryIds: readonly number[], units: readonly IndexedImport[]): Promise<number> {
  if (memoryIds.length === 0 || units.length === 0) return 0
  const written = await using.query<IndexRow>(
    `with versions as (
       insert into tm_index_versions (memory_id, version)
       select id, 1 from unnest($1::integer[]) as m (id) order by id
       on conflict (memory_id) do update set version = tm_index_versions.version + 1
       returning memory_id as id, version
     )
     insert into tm_units (memory_id, source, target, source_hash, token_count, keys, words, created_by, created_at, changed_at, index_version)
     select m.id, u.source, u.target, u.hash, u.token_count, u.keys::integer[], u.words::integer[], u.created_by,
            coalesce(u.created_at, now()), coalesce(u.changed_at, now()), m.version
       from versions as m
      cross join unnest($2::text[], $3::text[], $4::text[], $5::integer[], $6::text[], $7::text[], $8::text[], $9::timestamptz[], $10::timestamptz[])
            as u (source, target, hash, token_count, keys, words, created_by, created_at, changed_at)
     on conflict (memory_id, source_hash) do update
       set source = excluded.source, target = excluded.target, token_count = excluded.token_count, keys = excluded.keys,
           words = excluded.words, changed_at = excluded.changed_at, index_version = excluded.index_version
     returning id, memory_id as "memoryId"`,
    [
      [...new Set(memoryIds)].sort((a, b) => a - b),
      units.map((unit) => unit.source),
      units.map((unit) => unit.target),
      units.map((unit) => unit.hash),
      units.map((unit) => unit.tokenCount),
      // An array of arrays must be rectangular: each unit's keys and words travel as one "{…}" literal.
      units.map((unit) => `{${unit.keys.join(',')}}`),
      units.map((unit) => `{${unit.words.join(',')}}`),
      units.map((unit) => unit.createdBy),
      units.map((unit) => unit.createdAt ?? null),
      units.map((unit) => unit.changedAt ?? null),
    ],
  )
  return written.length
}

/**
 * Write-back (issue 5): stores (source, target) in each memory, updating the unit with the same source — its
 * creator and creation time stay, its change time moves. Runs on the caller's transaction so that a confirmed
 * segment and its unit (and its postings) are saved together or not at all.
 */
export async function writeUnit(tx: Queryable, memoryIds: readonly number[], unit: UnitWrite): Promise<void> {
  await upsertUnits(tx, memoryIds, [{ ...unit, ...indexEntry(unit.source, unit.target) }])
}

/** Undoes a write-back whose translation was cleared: only a unit that still holds that translation goes. */
export async function removeUnit(tx: Queryable, memoryIds: readonly number[], source: string, target: string): Promise<void> {
  if (memoryIds.length === 0) return
  const versions = await nextVersions(tx, memoryIds)
  await tx.query(
    `with removed as (
       delete from tm_units where memory_id = any($1::integer[]) and source_hash = $2 and target = $3 returning id, memory_id
     )
     insert into tm_removed (memory_id, version, unit_id)
     select r.memory_id, m.version, r.id from removed r join unnest($1::integer[], $4::bigint[]) as m (id, version) on m.id = r.memory_id`,
    [memoryIds, sourceHash(source), target, versions],
  )
}

/**
 * Units per statement of a bulk import: each batch is one short statement (a version and the insert), so that the
 * embedded database's session is never held long; larger batches were slower on PGlite. Measured with bench/tm (docs/decisions/0014).
 */
export const IMPORT_BATCH = 500

/**
 * Bulk import (TMX): units in batches of IMPORT_BATCH, each one statement. A source met twice updates its unit,
 * as write-back does (the later one wins, creator and creation time kept). The next batch is read, tokenized and
 * hashed while the database writes the last one. Returns the units written; onProgress hears the running count
 * after each batch.
 */
export async function importUnits(
  memoryId: number,
  units: AsyncIterable<UnitImport> | Iterable<UnitImport>,
  onProgress?: (written: number) => void | Promise<void>,
): Promise<number> {
  let written = 0
  let writing: Promise<void> = Promise.resolve()
  let batch = new Map<string, IndexedImport>()
  const flush = async () => {
    if (batch.size === 0) return
    const units = [...batch.values()]
    batch = new Map()
    await writing
    writing = upsertUnits(db(), [memoryId], units).then(async (count) => {
        written += count
        await onProgress?.(written)
      })
    // Handled when awaited: a failure stops the import at the next batch or at the end.
    writing.catch(() => {})
  }
  for await (const unit of units) {
    const entry = { ...unit, ...indexEntry(unit.source, unit.target) }
    // The same source twice in one statement would be an error (a row updated twice): the later one wins here.
    batch.delete(entry.hash)
    batch.set(entry.hash, entry)
    if (batch.size >= IMPORT_BATCH) await flush()
  }
  await flush()
  await writing
  // A big import leaves the planner's statistics stale and the visibility map unset (index-only scans would
  // visit the heap); PGlite runs no autovacuum, so the import does it.
  if (written >= VACUUM_AFTER) await db().query('vacuum (analyze) tm_units')
  return written
}

const VACUUM_AFTER = 10_000

/**
 * Keys and words for units that have none: written before the in-process index (migration 8) or before
 * concordance words (migration 14). The migration queues this per memory as an `index-memory` task.
 */
export async function indexMemory(memoryId: number): Promise<number> {
  let indexed = 0
  for (;;) {
    const pending = await db().query<{ id: number | string; source: string; target: string }>(
      `select id, source, target from tm_units where memory_id = $1 and (keys is null or words is null) limit ${IMPORT_BATCH}`,
      [memoryId],
    )
    if (pending.length === 0) return indexed
    const entries = pending.map((row) => ({ id: Number(row.id), ...indexEntry(row.source, row.target) }))
    await db().transaction(async (tx) => {
      const [version] = await nextVersions(tx, [memoryId])
      await tx.query(
        `update tm_units u set keys = v.keys::integer[], words = v.words::integer[], token_count = v.token_count, index_version = $5
           from unnest($1::bigint[], $2::text[], $3::text[], $4::integer[]) as v (id, keys, words, token_count)
          where u.id = v.id and u.id = any($1::bigint[])`,
        [
          entries.map((entry) => entry.id),
          entries.map((entry) => `{${entry.keys.join(',')}}`),
          entries.map((entry) => `{${entry.words.join(',')}}`),
          entries.map((entry) => entry.tokenCount),
          version,
        ],
      )
    })
    indexed += entries.length
  }
}

// --- lookups ---------------------------------------------------------------------------------------------------

interface UnitRow {
  id: number
  memoryId: number
  source: string
  target: string
  createdBy: string
  changedAt: Date | string
}

const unitColumns = /* sql */ `id, memory_id as "memoryId", source, target, created_by as "createdBy", changed_at as "changedAt"`

function toStoredUnit(row: UnitRow): StoredUnit {
  return { ...row, id: Number(row.id), changedAt: new Date(row.changedAt).getTime() }
}

/**
 * The best `top` matches of `source` in the memories, scoring `threshold` or more, best first (DESIGN.md "TM
 * matching"): the same as brute force (bruteForceMatches), through this instance's copies of the memories'
 * indexes (decisions 0011, 0014), each brought up to date first (a memory's first lookup waits for its load).
 */
export async function lookupMatches(
  memoryIds: readonly number[],
  source: string,
  { top = DEFAULT_TOP, threshold = DEFAULT_THRESHOLD }: { top?: number; threshold?: number } = {},
): Promise<StoredHit[]> {
  if (memoryIds.length === 0) return []
  if (!Number.isInteger(threshold) || threshold < 1 || threshold > 100) {
    throw new RangeError(`A lookup threshold is an integer from 1 to 100, not ${threshold}`)
  }
  const query = tokenize(source)
  const queryKeys = unitKeys(query.tokens)
  const indexes = await tmIndexes(db()).current(memoryIds)
  if (indexes.size === 0) return []
  const hits = await matchesInProcess([...indexes.values()], query, queryKeys, top, threshold)
  return hits.sort(compareHits).slice(0, top)
}

/**
 * Through in-process indexes: the candidates, each with the best score it could reach, are read and scored best
 * bound first, a few at a time, until the next one could not beat the `top`-th match found (a tie could still
 * win on recency, so an equal bound is read).
 */
async function matchesInProcess(
  indexes: readonly MemoryIndex[],
  query: TokenizedSegment,
  queryKeys: number[],
  top: number,
  threshold: number,
): Promise<StoredHit[]> {
  const candidates = indexes.flatMap((index) => index.candidates(queryKeys, threshold)).sort((a, b) => b.bound - a.bound)
  let hits: StoredHit[] = []
  let batch = FIRST_READ
  for (let at = 0; at < candidates.length; at += batch, batch *= 2) {
    const worst = hits.length >= top ? hits[top - 1]?.match : undefined
    if (worst !== undefined && (candidates[at]?.bound ?? 0) < worst) break
    const rows = await db().query<UnitRow>(`select ${unitColumns} from tm_units where id = any($1::bigint[])`, [
      candidates.slice(at, at + batch).map((candidate) => candidate.unitId),
    ])
    for (const row of rows) {
      const hit = scored(query, toStoredUnit(row), threshold)
      if (hit) hits.push(hit)
    }
    hits = hits.sort(compareHits).slice(0, top)
  }
  return hits
}

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
