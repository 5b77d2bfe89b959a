import { createHash } from 'node:crypto'
import type { Queryable } from '../db/database.server'
import { db } from '../db/db.server'
import { baseScore, score, tokenDistance } from './fuzzy-score'
import {
  bruteForceTop,
  canReach,
  compareHits,
  DEFAULT_THRESHOLD,
  DEFAULT_TOP,
  lengthWindow,
  minimumShared,
  type TmHit,
  type TmUnit,
} from './candidate-filter'
import { tmIndexes } from './index-cache.server'
import { countKeys, distinctKeys, sharedKeys, unitKeys } from './index-keys'
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

// --- the index: postings (tm_keys) and units per key (tm_key_counts), written with their units ---------------

/** A unit as the index sees it. */
interface IndexedUnit {
  id: number
  memoryId: number
  tokenCount: number
  keys: number[]
}

/** Adds the units' postings (new units, or units whose old postings were removed: no conflicts) and counts. */
async function addPostings(tx: Queryable, units: readonly IndexedUnit[]): Promise<void> {
  const postings = postingColumns(units)
  if (postings.unitIds.length === 0) return
  await tx.query(
    `insert into tm_keys (memory_id, key, token_count, unit_id)
     select * from unnest(${intArray(1)}, ${intArray(2)}, ${intArray(3)}, ${intArray(4)}::bigint[])`,
    [postings.memoryIds, postings.keys, postings.tokenCounts, postings.unitIds].map((column) => column.join(',')),
  )
  const counts = new Map<string, { memoryId: number; key: number; units: number }>()
  postings.keys.forEach((key, at) => {
    const memoryId = postings.memoryIds[at] ?? 0
    const entry = counts.get(`${memoryId} ${key}`) ?? { memoryId, key, units: 0 }
    entry.units++
    counts.set(`${memoryId} ${key}`, entry)
  })
  // In key order, so that two transactions counting the same keys wait for each other instead of deadlocking.
  const ordered = [...counts.values()].sort((a, b) => a.memoryId - b.memoryId || a.key - b.key)
  await tx.query(
    `insert into tm_key_counts (memory_id, key, units)
     select * from unnest($1::integer[], $2::integer[], $3::integer[])
     on conflict (memory_id, key) do update set units = tm_key_counts.units + excluded.units`,
    [ordered.map((entry) => entry.memoryId), ordered.map((entry) => entry.key), ordered.map((entry) => entry.units)],
  )
}

async function removePostings(tx: Queryable, units: readonly IndexedUnit[]): Promise<void> {
  const postings = postingColumns(units)
  if (postings.unitIds.length === 0) return
  await tx.query(
    `with removed as (
       delete from tm_keys p
        using unnest(${intArray(1)}, ${intArray(2)}, ${intArray(3)}, ${intArray(4)}::bigint[]) as r (memory_id, key, token_count, unit_id)
        where p.memory_id = r.memory_id and p.key = r.key and p.token_count = r.token_count and p.unit_id = r.unit_id
       returning p.memory_id, p.key
     )
     update tm_key_counts c set units = c.units - r.units
       from (select memory_id, key, count(*)::integer as units from removed group by memory_id, key) r
      where c.memory_id = r.memory_id and c.key = r.key`,
    [postings.memoryIds, postings.keys, postings.tokenCounts, postings.unitIds].map((column) => column.join(',')),
  )
}

/**
 * Parameter $n, a comma-separated list, as an integer array: tens of thousands of postings pass as one string
 * faster than as a JavaScript array (PGlite serialises those element by element).
 */
const intArray = (parameter: number) => `string_to_array($${parameter}::text, ',')::integer[]`

function postingColumns(units: readonly IndexedUnit[]) {
  const columns = { memoryIds: [] as number[], keys: [] as number[], tokenCounts: [] as number[], unitIds: [] as number[] }
  for (const unit of units) {
    for (const key of distinctKeys(unit.keys)) {
      columns.memoryIds.push(unit.memoryId)
      columns.keys.push(key)
      columns.tokenCounts.push(unit.tokenCount)
      columns.unitIds.push(unit.id)
    }
  }
  return columns
}

interface IndexRow {
  id: number | string
  memoryId: number
  sourceHash: string
  tokenCount: number
  keys: number[] | null
}

const indexColumns = /* sql */ `id, memory_id as "memoryId", source_hash as "sourceHash", token_count as "tokenCount", keys`

const sameKeys = (a: readonly number[] | null, b: readonly number[]) => a !== null && a.length === b.length && a.every((key, at) => key === b[at])

/** What a unit's source is indexed as. */
function indexEntry(source: string): { hash: string; tokenCount: number; keys: number[] } {
  const keys = unitKeys(tokenize(source).tokens)
  return { hash: sourceHash(source), tokenCount: keys.length, keys }
}

/**
 * Inserts or updates units of one memory (one unit per source hash, the last write of a source winning), keeping
 * the index in step, on the caller's transaction. An update keeps creator and creation time. Sources with the same
 * hash nearly always tokenize alike; when they do not (whitespace that splits a number, U+00A0 against a space),
 * the old postings go and the new come.
 */
async function upsertUnits(
  tx: Queryable,
  memoryIds: readonly number[],
  units: readonly (UnitImport & { hash: string; tokenCount: number; keys: number[] })[],
): Promise<number> {
  if (memoryIds.length === 0 || units.length === 0) return 0
  const versions = await nextVersions(tx, memoryIds)
  const hashes = units.map((unit) => unit.hash)
  const entries = new Map(units.map((unit) => [unit.hash, unit]))
  const existing = await tx.query<IndexRow>(
    `select ${indexColumns} from tm_units where memory_id = any($1::integer[]) and source_hash = any($2::text[]) for update`,
    [memoryIds, hashes],
  )
  const changed = existing.filter((row) => {
    const entry = entries.get(row.sourceHash)
    return !entry || row.tokenCount !== entry.tokenCount || !sameKeys(row.keys, entry.keys)
  })
  await removePostings(
    tx,
    changed.flatMap((row) => (row.keys ? [{ id: Number(row.id), memoryId: row.memoryId, tokenCount: row.tokenCount, keys: row.keys }] : [])),
  )
  const written = await tx.query<IndexRow & { inserted: boolean }>(
    `insert into tm_units (memory_id, source, target, source_hash, token_count, keys, created_by, created_at, changed_at, index_version)
     select m.id, u.source, u.target, u.hash, u.token_count, u.keys::integer[], u.created_by,
            coalesce(u.created_at, now()), coalesce(u.changed_at, now()), m.version
       from unnest($1::integer[], $10::bigint[]) as m (id, version)
      cross join unnest($2::text[], $3::text[], $4::text[], $5::integer[], $6::text[], $7::text[], $8::timestamptz[], $9::timestamptz[])
            as u (source, target, hash, token_count, keys, created_by, created_at, changed_at)
     on conflict (memory_id, source_hash) do update
       set source = excluded.source, target = excluded.target, token_count = excluded.token_count, keys = excluded.keys,
           changed_at = excluded.changed_at, index_version = excluded.index_version
     returning ${indexColumns}, (xmax = 0) as inserted`,
    [
      memoryIds,
      units.map((unit) => unit.source),
      units.map((unit) => unit.target),
      hashes,
      units.map((unit) => unit.tokenCount),
      // An array of arrays must be rectangular: each unit's keys travel as one "{…}" literal.
      units.map((unit) => `{${unit.keys.join(',')}}`),
      units.map((unit) => unit.createdBy),
      units.map((unit) => unit.createdAt ?? null),
      units.map((unit) => unit.changedAt ?? null),
      versions,
    ],
  )
  const changedIds = new Set(changed.map((row) => Number(row.id)))
  await addPostings(
    tx,
    written
      .filter((row) => row.inserted || changedIds.has(Number(row.id)))
      .map((row) => ({ id: Number(row.id), memoryId: row.memoryId, tokenCount: row.tokenCount, keys: row.keys ?? [] })),
  )
  return written.length
}

/**
 * Write-back (issue 5): stores (source, target) in each memory, updating the unit with the same source — its
 * creator and creation time stay, its change time moves. Runs on the caller's transaction so that a confirmed
 * segment and its unit (and its postings) are saved together or not at all.
 */
export async function writeUnit(tx: Queryable, memoryIds: readonly number[], unit: UnitWrite): Promise<void> {
  if (memoryIds.length === 0) return
  const entry = { ...unit, ...indexEntry(unit.source) }
  const versions = await nextVersions(tx, memoryIds)
  // One statement for a confirm (the common case: a new source, or the same source with its keys unchanged). A
  // memory whose unit of that hash tokenizes differently, or was never indexed, is left to upsertUnits, which moves
  // the postings.
  const [answer] = await tx.query<{ stale: number[] }>(
    `with stale as (
       select memory_id from tm_units
        where memory_id = any($1::integer[]) and source_hash = $4
          and (token_count <> $5::integer or keys is distinct from $6::integer[])
     ), written as (
       insert into tm_units (memory_id, source, target, source_hash, token_count, keys, created_by, created_at, changed_at, index_version)
       select m.id, $2, $3, $4, $5, $6::integer[], $7, now(), now(), m.version
         from unnest($1::integer[], $8::bigint[]) as m (id, version)
        where m.id not in (select memory_id from stale)
       on conflict (memory_id, source_hash) do update
         set source = excluded.source, target = excluded.target, changed_at = excluded.changed_at, index_version = excluded.index_version
       returning id, memory_id, (xmax = 0) as inserted
     ), postings as (
       insert into tm_keys (memory_id, key, token_count, unit_id)
       select distinct w.memory_id, k.key, $5::integer, w.id from written w cross join unnest($6::integer[]) as k (key)
        where w.inserted
       on conflict do nothing
       returning memory_id, key
     ), counts as (
       insert into tm_key_counts (memory_id, key, units)
       select memory_id, key, count(*)::integer from postings group by memory_id, key order by memory_id, key
       on conflict (memory_id, key) do update set units = tm_key_counts.units + excluded.units
     )
     select coalesce(array_agg(memory_id), '{}') as stale from stale`,
    [memoryIds, entry.source, entry.target, entry.hash, entry.tokenCount, entry.keys, entry.createdBy, versions],
  )
  if (answer && answer.stale.length > 0) await upsertUnits(tx, answer.stale, [entry])
}

/** Undoes a write-back whose translation was cleared: only a unit that still holds that translation goes. */
export async function removeUnit(tx: Queryable, memoryIds: readonly number[], source: string, target: string): Promise<void> {
  if (memoryIds.length === 0) return
  const versions = await nextVersions(tx, memoryIds)
  const removed = await tx.query<IndexRow>(
    `with removed as (
       delete from tm_units where memory_id = any($1::integer[]) and source_hash = $2 and target = $3 returning ${indexColumns}
     ), logged as (
       insert into tm_removed (memory_id, version, unit_id)
       select r."memoryId", m.version, r.id from removed r join unnest($1::integer[], $4::bigint[]) as m (id, version) on m.id = r."memoryId"
     )
     select * from removed`,
    [memoryIds, sourceHash(source), target, versions],
  )
  await removePostings(
    tx,
    removed.flatMap((row) => (row.keys ? [{ id: Number(row.id), memoryId: row.memoryId, tokenCount: row.tokenCount, keys: row.keys }] : [])),
  )
}

export const IMPORT_BATCH = 2000

/**
 * Bulk import (TMX): units in batches of IMPORT_BATCH, each batch one transaction of a few multi-row statements.
 * A source met twice updates its unit, as write-back does (the later one wins, creator and creation time kept).
 * Returns the units written; onProgress hears the running count after each batch.
 */
export async function importUnits(
  memoryId: number,
  units: AsyncIterable<UnitImport> | Iterable<UnitImport>,
  onProgress?: (written: number) => void | Promise<void>,
): Promise<number> {
  let written = 0
  let batch = new Map<string, UnitImport & ReturnType<typeof indexEntry>>()
  const flush = async () => {
    if (batch.size === 0) return
    const units = [...batch.values()]
    batch = new Map()
    written += await db().transaction((tx) => upsertUnits(tx, [memoryId], units))
    await onProgress?.(written)
  }
  for await (const unit of units) {
    const entry = { ...unit, ...indexEntry(unit.source) }
    // The same source twice in one statement would be an error (a row updated twice): the later one wins here.
    batch.delete(entry.hash)
    batch.set(entry.hash, entry)
    if (batch.size >= IMPORT_BATCH) await flush()
  }
  await flush()
  // A big import leaves the planner's statistics stale and the visibility map unset (index-only scans would
  // visit the heap); PGlite runs no autovacuum, so the import does it.
  if (written >= VACUUM_AFTER) await db().query('vacuum (analyze) tm_units, tm_keys, tm_key_counts')
  return written
}

const VACUUM_AFTER = 10_000

/** Per database, the memories known to hold no unit without keys (every write since migration 7 indexes). */
const indexedMemories = new WeakMap<object, Set<number>>()

/** Units written before the index existed (migration 7) get their keys and postings on the first lookup. */
async function indexPendingUnits(memoryIds: readonly number[]): Promise<void> {
  let known = indexedMemories.get(db())
  if (!known) indexedMemories.set(db(), (known = new Set()))
  if (memoryIds.every((id) => known.has(id))) return
  for (;;) {
    const pending = await db().query<{ id: number | string; memoryId: number; source: string }>(
      `select id, memory_id as "memoryId", source from tm_units where memory_id = any($1::integer[]) and keys is null limit ${IMPORT_BATCH}`,
      [memoryIds],
    )
    if (pending.length === 0) {
      for (const id of memoryIds) known.add(id)
      return
    }
    const entries = pending.map((row) => ({ id: Number(row.id), memoryId: row.memoryId, ...indexEntry(row.source) }))
    // `keys is null` makes a second lookup doing the same at the same time add nothing.
    await db().transaction(async (tx) => {
      const touched = [...new Set(entries.map((entry) => entry.memoryId))]
      const versions = await nextVersions(tx, touched)
      await tx.query(
        `with indexed as (
           update tm_units u set keys = v.keys::integer[], token_count = v.token_count, index_version = m.version
             from unnest($1::bigint[], $2::text[], $3::integer[]) as v (id, keys, token_count),
                  unnest($4::integer[], $5::bigint[]) as m (id, version)
            where u.id = v.id and u.keys is null and m.id = u.memory_id
           returning u.id, u.memory_id, u.token_count, u.keys
         ), added as (
           insert into tm_keys (memory_id, key, token_count, unit_id)
           select distinct i.memory_id, k.key, i.token_count, i.id from indexed i cross join unnest(i.keys) as k (key)
           on conflict do nothing
           returning memory_id, key
         )
         insert into tm_key_counts (memory_id, key, units)
         select memory_id, key, count(*)::integer from added group by memory_id, key order by memory_id, key
         on conflict (memory_id, key) do update set units = tm_key_counts.units + excluded.units`,
        [
          entries.map((entry) => entry.id),
          entries.map((entry) => `{${entry.keys.join(',')}}`),
          entries.map((entry) => entry.tokenCount),
          touched,
          versions,
        ],
      )
    })
  }
}

/** Removes a memory's postings and counts (deleteMemory calls it before deleting the memory and its units). */
export async function deleteMemoryIndex(tx: Queryable, memoryId: number): Promise<void> {
  await tx.query('delete from tm_keys where memory_id = $1', [memoryId])
  await tx.query('delete from tm_key_counts where memory_id = $1', [memoryId])
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
 * matching"): the same as brute force (bruteForceMatches). Memories whose index this instance holds (decision
 * 0011) are searched in process memory; the others through the index in the database, while theirs loads.
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
  await indexPendingUnits(memoryIds)
  const query = tokenize(source)
  const queryKeys = unitKeys(query.tokens)
  const indexes = await tmIndexes(db()).current(memoryIds)
  const notLoaded = memoryIds.filter((memoryId) => !indexes.has(memoryId))
  const hits = [
    ...(indexes.size > 0 ? await matchesInProcess([...indexes.values()], query, queryKeys, top, threshold) : []),
    ...(notLoaded.length > 0 ? await matchesInDatabase(notLoaded, query, queryKeys, top, threshold) : []),
  ]
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

/**
 * Through the index in the database. Iterative deepening: a search at t finds every unit scoring t or more, so
 * when it finds `top` of them they are the best `top` overall and the lower thresholds need not be read. A higher
 * t reads far fewer postings (a shorter rarest-key prefix and a narrower length window); most segments with a
 * useful match stop there. When the query's keys have few postings in all (a small memory, or rare words),
 * reading them all costs less than another statement: the first pass then searches at `threshold` itself
 * (SMALL_POSTINGS, in the statement).
 */
async function matchesInDatabase(
  memoryIds: readonly number[],
  query: TokenizedSegment,
  queryKeys: number[],
  top: number,
  threshold: number,
): Promise<StoredHit[]> {
  const passes = [...new Set([...DEEPENING.map((pass) => Math.max(threshold, pass)), threshold])]
  let hits: StoredHit[] = []
  for (const pass of passes) {
    const found = await matchesFrom(query, queryKeys, memoryIds, pass, threshold)
    hits = found.hits
    if (hits.length >= top || !found.anyKeyStored || found.searched === threshold) break
  }
  return hits
}

/**
 * The thresholds a lookup searches at before its own (iterative deepening). Measured on a 1,000,000-unit memory
 * (bench/tm): with 90, 70 most segments whose fifth match lies between 60 and 70 paid for a search at 50, the
 * costliest; a step at 60 spares them that for one short statement more.
 */
const DEEPENING = [90, 75, 60]

/**
 * Postings (units holding a query key, summed over its keys) below which a lookup reads them all at once. PGlite
 * spends a few milliseconds on each statement of this size; a few thousand postings cost about as much.
 */
const SMALL_POSTINGS = 4_000

/**
 * Every unit scoring `searched` or more against the query (complete, unordered): `pass`, or `lowest` when the
 * query's postings are few (SMALL_POSTINGS).
 */
async function matchesFrom(
  query: TokenizedSegment,
  queryKeys: number[],
  memoryIds: readonly number[],
  pass: number,
  lowest: number,
): Promise<{ hits: StoredHit[]; anyKeyStored: boolean; searched: number }> {
  const { rows, anyKeyStored, searched } =
    queryKeys.length === 0
      ? { rows: await unitsWithoutTokens(memoryIds), anyKeyStored: false, searched: pass }
      : await candidates(memoryIds, queryKeys, pass, lowest)
  const threshold = searched
  const n = queryKeys.length
  const hits: StoredHit[] = []
  for (const row of rows) {
    if (!canReach(n, row.tokenCount, sharedKeys(queryKeys, row.keys ?? []), threshold)) continue
    const hit = scored(query, toStoredUnit(row), threshold)
    if (hit) hits.push(hit)
  }
  return { hits, anyKeyStored, searched }
}

interface CandidateRow extends UnitRow {
  tokenCount: number
  keys: number[] | null
}

const candidateColumns = /* sql */ `u.id, u.memory_id as "memoryId", u.source, u.target, u.created_by as "createdBy",
  u.changed_at as "changedAt", u.token_count as "tokenCount", u.keys`

async function unitsWithoutTokens(memoryIds: readonly number[]): Promise<CandidateRow[]> {
  return db().query<CandidateRow>(`select ${candidateColumns} from tm_units u where u.memory_id = any($1::integer[]) and u.token_count = 0`, [
    memoryIds,
  ])
}

/**
 * The units that may reach the threshold against a query of n > 0 tokens (candidate-filter.ts), in one statement:
 * - plan: the query's keys rarest first (tm_key_counts), each with `uncovered`, the query tokens the rarer keys
 *   leave uncovered. A unit holding none of the rarer keys shares at most `uncovered` tokens, and a unit of m
 *   tokens that can reach t shares at least cMin(m) = ceil(max(n, m)·t/100) (step 2). So the keys read, R, are the
 *   prefix — every key while uncovered ≥ cMin(n) (step 5) — and, past it, the next rarest keys while the postings
 *   read stay within EXTEND_POSTINGS times the prefix's.
 * - postings: index-only range scans of tm_keys (memory, key, token count within the length window, step 3),
 *   grouped per unit: h, the query tokens of R's keys the unit holds. A unit shares at most h + (n − tokens of R),
 *   so one for which that is below cMin(m) cannot reach t and is dropped without reading it. Reading past the
 *   prefix costs postings and saves reading units: in a large memory most units found through the prefix share
 *   one or two of its words and nothing else.
 * - the units left are read and kept if the query keys they hold (repeats counted on the unit's side: never
 *   fewer than the tokens they share) can reach the threshold; lookupMatches then counts them exactly and scores
 *   the rest.
 */
async function candidates(
  memoryIds: readonly number[],
  queryKeys: readonly number[],
  pass: number,
  lowest: number,
): Promise<{ rows: CandidateRow[]; anyKeyStored: boolean; searched: number }> {
  const n = queryKeys.length
  const counted = countKeys(queryKeys)
  // Always one row at least: when none of the query's keys is stored, no threshold can find anything, and the
  // caller stops without asking again at a lower one. That row also says which threshold was searched: `lowest`
  // when the query's postings number SMALL_POSTINGS or fewer, otherwise `pass`.
  const rows = await db().query<CandidateRow & { anyKeyStored: boolean; searched: number }>(
    `with frequencies as (
       -- One index probe per query key: a join here may be planned as a scan of every key of the memory (a
       -- memory grown by write-backs has no statistics in PGlite, which runs no autovacuum).
       select q.key, q.count,
              coalesce((select sum(c.units) from tm_key_counts c where c.memory_id = any($1::integer[]) and c.key = q.key), 0) as units
         from unnest($2::integer[], $3::integer[]) as q (key, count)
     ), chosen as (
       select case when small then $8::integer else $5::integer end as min_tokens,
              case when small then $12::integer else $11::integer end as max_tokens,
              case when small then $9::integer else $6::integer end as threshold,
              case when small then $10::integer else $7::integer end as min_shared
         from (select coalesce(sum(units), 0) <= $13::integer as small from frequencies) as total
     ), plan as (
       select key, count, units,
              $4::integer - coalesce(sum(count) over (by_rarity rows between unbounded preceding and 1 preceding), 0) as uncovered,
              sum(units) over (by_rarity rows between unbounded preceding and current row) as postings
         from frequencies
       window by_rarity as (order by units, key)
     ), prefix as (
       select coalesce(max(p.postings), 0) as postings from plan p, chosen c where p.uncovered >= c.min_shared
     ), keys_read as (
       select p.key, p.count, p.units from plan p, chosen c, prefix
        where p.uncovered >= c.min_shared or p.postings <= prefix.postings * $14::integer
     ), unread as (
       select $4::integer - coalesce(sum(count), 0) as tokens from keys_read
     ), held as (
       select p.unit_id, p.token_count, sum(r.count) as tokens
         from keys_read r
        cross join chosen c
        cross join unnest($1::integer[]) as m (id)
         join tm_keys p on p.memory_id = m.id and p.key = r.key and p.token_count between c.min_tokens and c.max_tokens
        where r.units > 0
        group by p.unit_id, p.token_count
     ), found as (
       select ${candidateColumns}
       from tm_units u, chosen c
      where u.id = any(array(
              select h.unit_id from held h, chosen c, unread
               where h.tokens + unread.tokens
                     >= greatest(h.token_count, $4::integer) - ((100 - c.threshold) * greatest(h.token_count, $4::integer)) / 100))
        and (select count(*) from unnest(u.keys) as k (key) where k.key = any($2::integer[]))
            >= greatest(u.token_count, $4::integer) - ((100 - c.threshold) * greatest(u.token_count, $4::integer)) / 100
     )
     select exists (select 1 from frequencies where units > 0) as "anyKeyStored", (select threshold from chosen) as searched, found.*
       from (select 1) as one left join found on true`,
    [
      memoryIds,
      counted.map((entry) => entry.key),
      counted.map((entry) => entry.count),
      n,
      lengthWindow(n, pass).min,
      pass,
      minimumShared(n, pass),
      lengthWindow(n, lowest).min,
      lowest,
      minimumShared(n, lowest),
      lengthWindow(n, pass).max,
      lengthWindow(n, lowest).max,
      SMALL_POSTINGS,
      EXTEND_POSTINGS,
    ],
  )
  return { rows: rows.filter((row) => row.id !== null), anyKeyStored: rows[0]?.anyKeyStored ?? false, searched: rows[0]?.searched ?? pass }
}

/** Past the prefix, keys are read while the postings read stay within this many times the prefix's (see candidates). */
const EXTEND_POSTINGS = 2

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
