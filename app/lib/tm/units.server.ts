import { hash } from 'node:crypto'
import type { Queryable } from '../db/database.server'
import { db } from '../db/db.server'
import type { TmHit, TmUnit } from './candidate-filter'
import { unitHashes, type UnitHashes } from './unit-hashes'
import { float8Array, int4Array, textArray, uuidArray } from '../db/binary-arrays'

/** A stored translation unit (SPEC §3 concordance result: raw_segment, translation). */
export interface StoredUnit extends TmUnit {
  target: string
  memoryId: number
  createdBy: string
  /** contextHash of the neighbours of the segment it was written from; null when unknown. */
  context: string | null
}

export interface StoredHit extends TmHit {
  unit: StoredUnit
}

export interface UnitWrite {
  source: string
  target: string
  /** Who made the translation: the creator shown with a suggestion (kept when the unit is updated). */
  createdBy: string
  /** Issue 58 point 4: contextHash of the segment's neighbours; a write without one keeps the unit's. */
  context?: string
}

export interface UnitImport extends UnitWrite {
  createdAt?: Date
  changedAt?: Date
}

/** The same source, whatever whitespace it was typed with, is one unit of a memory. */
export function sourceHash(source: string): string {
  const normalized = source.normalize('NFC')
  return hash('md5', UNEVEN_SPACE.test(normalized) ? normalized.replace(/\s+/gu, ' ').trim() : normalized, 'hex')
}

/**
 * Issue 58 point 4 "context matches": the sources before and after a segment, as one hash (md5 of the two source
 * hashes; a missing neighbour — the file's first or last segment — counts as empty). A 100% match whose unit was
 * written between the same neighbours is a context match (101%).
 */
export function contextHash(previous: string | undefined, next: string | undefined): string {
  return hash('md5', `${sourceHash(previous ?? '')}:${sourceHash(next ?? '')}`, 'hex')
}

/** Whitespace that the hash would change: other than single spaces between words (the replace costs more than md5). */
const UNEVEN_SPACE = /[^\S ]| {2}|^ | $/u

/**
 * The next index version of each memory in $1 (decision 0011), taken before the units are written, as rows (id,
 * version): the memory's row in tm_index_versions stays locked until the transaction ends, so a memory's versions
 * commit in order and the in-process copies (index-cache.server.ts) can read "everything after version v". Memories
 * are locked in id order ($1 in lockOrder).
 */
const TAKE_VERSIONS = /* sql */ `insert into tm_index_versions (memory_id, version)
       select id, 1 from unnest($1::integer[]) as m (id) order by id
       on conflict (memory_id) do update set version = tm_index_versions.version + 1
       returning memory_id as id, version`

/** The memories as TAKE_VERSIONS takes them: each once, in id order. */
const lockOrder = (memoryIds: readonly number[]) => [...new Set(memoryIds)].sort((a, b) => a - b)

/** TAKE_VERSIONS alone: each memory's next version, in the order of `memoryIds`. */
async function nextVersions(tx: Queryable, memoryIds: readonly number[]): Promise<number[]> {
  const rows = await tx.query<{ memoryId: number; version: string | number }>(
    `with versions as (${TAKE_VERSIONS}) select id as "memoryId", version from versions`,
    [lockOrder(memoryIds)],
  )
  const versions = new Map(rows.map((row) => [row.memoryId, Number(row.version)]))
  return memoryIds.map((memoryId) => versions.get(memoryId) ?? 0)
}

/** What a unit's source is indexed as, and the words concordance finds it by. */
function indexEntry(source: string, target: string): { hash: string; tokenCount: number } & UnitHashes {
  const { keys, words } = unitHashes(source, target)
  return { hash: sourceHash(source), tokenCount: keys.length, keys, words }
}

type IndexedImport = UnitImport & ReturnType<typeof indexEntry>

function indexedImport(unit: UnitImport): IndexedImport {
  const { hash, tokenCount, keys, words } = indexEntry(unit.source, unit.target)
  const { source, target, createdBy, createdAt, changedAt, context } = unit
  return { source, target, createdBy, createdAt, changedAt, context, hash, tokenCount, keys, words }
}

/**
 * Inserts or updates units (one unit per source hash and memory, the last write of a source winning), in one
 * statement, stamped with each memory's next index version (nextVersions, taken in the same statement: the in-process
 * copies follow it). An update keeps creator and creation time. One statement is atomic by itself, so a bulk import
 * needs no transaction around it. Returns the units written.
 *
 * With `undoOf` (a TMX import's id) the same statement leaves the import an undo entry (tm_import_undo): the units it
 * added, and those it updated as they were before — read in the same statement, so from the same snapshot.
 *
 * The parameters are built for the server's cheapest read (decision 0014, third, sixth and tenth addenda): binary
 * arrays (binary-arrays.ts), which both drivers send in the binary format and the server reads by lengths, where a
 * literal is parsed element by element; the keys and words of every unit as one flat integer array each, cut back
 * into each unit's slice by its start and count; the times as milliseconds.
 */
async function upsertUnits(
  using: Queryable,
  memoryIds: readonly number[],
  units: readonly IndexedImport[],
  undoOf?: number,
): Promise<number> {
  if (memoryIds.length === 0 || units.length === 0) return 0
  return runUpsert(using, memoryIds, unitParameters(units), undoOf)
}

/** upsertUnits with its units' parameters ($2 to $14) made already. */
async function runUpsert(using: Queryable, memoryIds: readonly number[], parameters: readonly Buffer[], undoOf?: number): Promise<number> {
  if (undoOf !== undefined && memoryIds.length !== 1) throw new RangeError('An import writes to one memory')
  const memories = int4Array(lockOrder(memoryIds))
  const [row] = await using.query<{ count: number }>(upsertStatement(undoOf !== undefined), [
    memories,
    ...parameters,
    ...(undoOf === undefined ? [] : [undoOf]),
  ])
  return row?.count ?? 0
}

function upsertStatement(undo: boolean): string {
  return `with versions as (${TAKE_VERSIONS}), arrays as (
       select $6::integer[] as keys, $8::integer[] as words
     ), written as (
       insert into tm_units (memory_id, source, target, source_hash, token_count, keys, words, created_by, created_at, changed_at,
                             index_version, context)
       select m.id, u.source, u.target, u.hash, u.token_count, a.keys[u.key_at + 1 : u.key_at + u.token_count],
              a.words[u.word_at + 1 : u.word_at + u.word_count], u.created_by,
              coalesce(to_timestamp(u.created_ms / 1000.0), now()), coalesce(to_timestamp(u.changed_ms / 1000.0), now()), m.version,
              u.context
         from versions as m
        cross join arrays as a
        cross join unnest($2::text[], $3::text[], $4::uuid[], $5::integer[], $7::integer[], $9::integer[], $10::integer[],
                           $11::text[], $12::float8[], $13::float8[], $14::uuid[])
              as u (source, target, hash, token_count, key_at, word_at, word_count, created_by, created_ms, changed_ms, context)
       on conflict (memory_id, source_hash) do update
         set source = excluded.source, target = excluded.target, token_count = excluded.token_count, keys = excluded.keys,
             words = excluded.words, changed_at = excluded.changed_at, index_version = excluded.index_version,
             context = coalesce(excluded.context, tm_units.context)
       returning id
     )${
       !undo
         ? ''
         : /* sql */ `, fence as (
       -- The newest unit in this statement's snapshot. Identities come from a sequence, so every unit this statement
       -- adds has a larger id, and a unit it updates (kept its id) one no larger: which is which, without probing
       -- the memory for every unit written (decision 0014, seventh addendum).
       select coalesce(max(id), 0) as id from tm_units
     ), before as (
       -- The units updated, as they were (the snapshot's rows): one probe of the primary key each, a lateral subquery
       -- kept apart (offset 0) so that a table without statistics (PGlite) is never scanned whole for it.
       select t.id, t.source, t.target, t.token_count, t.keys, t.words, t.changed_at, t.context
         from written as w
        cross join fence as f
        cross join lateral (select * from tm_units as u where u.id = w.id offset 0) as t
        where w.id <= f.id
     ), undo as (
       insert into tm_import_undo (import_id, memory_id, version, created, previous)
       select $15, m.id, m.version, array(select w.id from written as w, fence as f where w.id > f.id),
              coalesce((select jsonb_agg(to_jsonb(b)) from before as b), '[]')
         from versions as m
     )`
     }
     select count(*)::integer as count from written`
}

/** Arrays laid end to end: one binary integer[], and each array's start in it (counted from 0). */
function flatArrays(arrays: readonly (readonly number[] | Int32Array)[]): { values: Buffer; starts: Buffer } {
  const starts = startsOf(arrays)
  const values = new Int32Array(arrays.reduce((sum, array) => sum + array.length, 0))
  arrays.forEach((array, index) => values.set(array, starts[index]))
  return { values: int4Array(values), starts: int4Array(starts) }
}

function startsOf(arrays: readonly ArrayLike<number>[]): Int32Array {
  const starts = new Int32Array(arrays.length)
  let at = 0
  arrays.forEach((array, index) => {
    starts[index] = at
    at += array.length
  })
  return starts
}

/** upsertUnits' parameters $2 to $14: the units' own ($1 is the memories, $15 the import). */
function unitParameters(units: readonly IndexedImport[]): Buffer[] {
  const keys = flatArrays(units.map((unit) => unit.keys))
  const words = flatArrays(units.map((unit) => unit.words))
  return [
    textArray(units.map((unit) => unit.source)),
    textArray(units.map((unit) => unit.target)),
    uuidArray(units.map((unit) => unit.hash)),
    int4Array(units.map((unit) => unit.tokenCount)),
    keys.values,
    keys.starts,
    words.values,
    words.starts,
    int4Array(units.map((unit) => unit.words.length)),
    textArray(units.map((unit) => unit.createdBy)),
    float8Array(units.map((unit) => millisecondsOf(unit.createdAt))),
    float8Array(units.map((unit) => millisecondsOf(unit.changedAt))),
    uuidArray(units.map((unit) => unit.context)),
  ]
}

/** A time as milliseconds, or undefined (the statement takes now()) when there is none or it is no valid date. */
function millisecondsOf(date: Date | undefined): number | undefined {
  const time = date?.getTime()
  return time !== undefined && Number.isFinite(time) ? time : undefined
}

/**
 * Write-back (issue 5): stores (source, target) in each memory, updating the unit with the same source — its
 * creator and creation time stay, its change time moves. Runs on the caller's transaction so that a confirmed
 * segment and its unit (and its postings) are saved together or not at all.
 */
export async function writeUnit(tx: Queryable, memoryIds: readonly number[], unit: UnitWrite): Promise<void> {
  await upsertUnits(tx, memoryIds, [indexedImport(unit)])
}

/**
 * Many write-backs at once (issue 58's replace-all and its undo): one statement per importBatchSize() units, a source
 * met twice kept once (the later wins, as one after the other would leave it). 25,000 units written one statement each
 * took a replace-all over 50,000 segments 3 minutes on PGlite.
 */
export async function writeUnits(tx: Queryable, memoryIds: readonly number[], units: readonly UnitWrite[]): Promise<void> {
  if (memoryIds.length === 0 || units.length === 0) return
  const byHash = new Map<string, IndexedImport>()
  for (const unit of units) {
    const entry = indexedImport(unit)
    byHash.delete(entry.hash)
    byHash.set(entry.hash, entry)
  }
  const unique = [...byHash.values()]
  const size = importBatchSize()
  for (let at = 0; at < unique.length; at += size) await upsertUnits(tx, memoryIds, unique.slice(at, at + size))
}

/**
 * Undoes a write-back whose translation was cleared: only a unit that still holds that translation goes. One
 * statement (a save's transaction step sends one: decision 0032), the memories' next versions taken in it.
 */
export async function removeUnit(tx: Queryable, memoryIds: readonly number[], source: string, target: string): Promise<void> {
  if (memoryIds.length === 0) return
  await tx.query(
    `with versions as (${TAKE_VERSIONS}), removed as (
       delete from tm_units where memory_id = any($1::integer[]) and source_hash = $2 and target = $3 returning id, memory_id
     )
     insert into tm_removed (memory_id, version, unit_id)
     select r.memory_id, v.version, r.id from removed r join versions v on v.id = r.memory_id`,
    [lockOrder(memoryIds), sourceHash(source), target],
  )
}

/**
 * Units per statement of a bulk import: each batch is one short statement (a version and the insert). On PGlite 500,
 * so that the embedded database's one session is never held long; larger batches were slower there. On PostgreSQL
 * 2,000: each statement is planned and takes the memory's version row once, and a million units were written 10–17 %
 * faster than in batches of 500, while a translator's write-back to the memory being imported waits for one
 * statement at most (about 0.1 s). Measured with bench/tm (docs/decisions/0014, eighth addendum).
 */
export function importBatchSize(kind: 'postgres' | 'pglite' = db().kind): number {
  return kind === 'postgres' ? 2_000 : 500
}

/**
 * Bulk import (TMX): units in batches of importBatchSize(), each one statement. A source met twice updates its unit,
 * as write-back does (the later one wins, creator and creation time kept). The next batch is read, tokenized and
 * hashed while the database writes the last one. On PGlite one more batch is handed over before the last is
 * written: its one session runs a client's statements in the order sent, and its thread no longer waits for this
 * one between batches (100,000 units in 8.6–9.0 s against 9.2–9.5 s). On PostgreSQL too (a million units 8–11 %
 * faster in interleaved runs, decision 0014's fifth addendum), but there the two run on two connections and may be
 * written in either order: each statement takes the memory's version row first, so whichever comes second waits for
 * the other to commit and versions still follow commit order; a batch that shares a source with the one still being
 * written waits for it, so that the later translation of a source always wins.
 * Returns the units written; onProgress hears the running count after each batch. With `undoOf` each batch leaves
 * that TMX import an undo entry (undoImport).
 */
export async function importUnits(
  memoryId: number,
  units: AsyncIterable<UnitImport> | Iterable<UnitImport>,
  onProgress?: (written: number) => void | Promise<void>,
  undoOf?: number,
): Promise<number> {
  return importUnitBatches(memoryId, oneBatch(units), onProgress, undoOf)
}

/** The units as one group (an async source one at a time): what importUnitBatches reads. */
async function* oneBatch(units: AsyncIterable<UnitImport> | Iterable<UnitImport>): AsyncGenerator<UnitImport[]> {
  if (Symbol.iterator in units) yield [...units]
  else for await (const unit of units) yield [unit]
}

/**
 * importUnits for units that arrive in groups (a TMX's, as each piece of the file is read): the same batches of
 * importBatchSize(), with one await per group instead of one per unit.
 */
export async function importUnitBatches(
  memoryId: number,
  groups: AsyncIterable<readonly UnitImport[]>,
  onProgress?: (written: number) => void | Promise<void>,
  undoOf?: number,
): Promise<number> {
  return writePreparedBatches(memoryId, prepareBatches(groups, db().kind), onProgress, undoOf)
}

/**
 * A batch of a bulk import made ready on the CPU, before any I/O: a TMX import on PostgreSQL makes them in a thread of
 * its own (tmx-prepare.server.ts), and they cross to the writing thread as they are.
 */
export interface PreparedBatch {
  /** The upsert statement's parameters $2 to $14, all binary arrays. */
  parameters: Buffer[]
  /** Whether a source of this batch is also in the batch before it (which must then be written first). */
  sharesSource: boolean
}

/**
 * The CPU half of a bulk import: units in batches of importBatchSize(kind), each unit tokenized and hashed, a source
 * met twice in a batch kept once (the later wins), and the statement's parameters written.
 */
export async function* prepareBatches(groups: AsyncIterable<readonly UnitImport[]>, kind: 'postgres' | 'pglite'): AsyncGenerator<PreparedBatch> {
  const batchSize = importBatchSize(kind)
  // The batch before's sources, by hash only: keeping its units as well held two batches' texts through every young
  // collection of the thread instead of one, and promoted them (decision 0014, twelfth addendum).
  let previous: ReadonlySet<string> = new Set()
  let batch = new Map<string, IndexedImport>()
  const take = (): PreparedBatch => {
    const units = [...batch.values()]
    const sharesSource = units.some((unit) => previous.has(unit.hash))
    previous = new Set(batch.keys())
    batch = new Map()
    return { parameters: unitParameters(units), sharesSource }
  }
  for await (const group of groups) {
    for (const unit of group) {
      const entry = indexedImport(unit)
      // The same source twice in one statement would be an error (a row updated twice): the later one wins here.
      batch.delete(entry.hash)
      batch.set(entry.hash, entry)
      if (batch.size >= batchSize) yield take()
    }
  }
  if (batch.size > 0) yield take()
}

/** The I/O half: each prepared batch one statement, written as importUnits describes. */
export async function writePreparedBatches(
  memoryId: number,
  batches: AsyncIterable<PreparedBatch>,
  onProgress?: (written: number) => void | Promise<void>,
  undoOf?: number,
): Promise<number> {
  let written = 0
  // Batches handed over and not yet written, oldest first; a failure stops the import at the next batch or the end.
  const writing: Promise<void>[] = []
  for await (const batch of batches) {
    const last = writing.at(-1)
    if (writing.length === 2) await writing.shift()
    // On PostgreSQL the two may commit in either order (see importUnits).
    if (db().kind !== 'pglite' && last && batch.sharesSource) await last
    const done = runUpsert(db(), [memoryId], batch.parameters, undoOf).then(async (count) => {
      written += count
      await onProgress?.(written)
    })
    // Handled when awaited.
    done.catch(() => {})
    writing.push(done)
  }
  for (const each of writing) await each
  // A big import leaves the planner's statistics stale and the visibility map unset (index-only scans would
  // visit the heap). PGlite runs no autovacuum, so the import vacuums; PostgreSQL's autovacuum sets the map after
  // inserts, and the import only refreshes the statistics (0.3 s after a million units, the vacuum 1–2 s).
  if (written >= VACUUM_AFTER) await db().query(db().kind === 'pglite' ? 'vacuum (analyze) tm_units' : 'analyze tm_units')
  return written
}

const VACUUM_AFTER = 10_000

/**
 * Takes back what a TMX import wrote (its file broke half-way): its undo entries newest first, each in a transaction
 * of its own with a new index version (so the in-process copies follow, and the embedded database's session is not
 * held long). A unit the import added goes (tm_removed tells the copies); a unit it updated gets its earlier source,
 * target, keys, words and change time back. A unit changed since the import wrote it — its index version is neither
 * that entry's nor one of this undoing's (above undo_from) — is a translator's newer work and stays. Resumes where
 * it stopped if cut off: the entries already undone are gone.
 */
export async function undoImport(importId: number): Promise<void> {
  const [job] = await db().query<{ from: string | number | null }>(
    `update tmx_imports i set undo_from = coalesce(i.undo_from, (select v.version from tm_index_versions v where v.memory_id = i.memory_id), 0)
      where i.id = $1 returning undo_from as "from"`,
    [importId],
  )
  if (!job) return
  for (;;) {
    const [entry] = await db().query<{ id: string | number; memoryId: number }>(
      'select id, memory_id as "memoryId" from tm_import_undo where import_id = $1 order by id desc limit 1',
      [importId],
    )
    if (!entry) return
    await db().transaction(async (tx) => {
      const [version] = await nextVersions(tx, [entry.memoryId])
      await tx.query(
        `with entry as (
           select memory_id, version, created, previous from tm_import_undo where id = $1
         ), removed as (
           delete from tm_units t using entry e
            where t.id = any(e.created) and t.memory_id = e.memory_id and (t.index_version = e.version or t.index_version > $3)
           returning t.id
         ), removals as (
           insert into tm_removed (memory_id, version, unit_id) select e.memory_id, $2, r.id from removed r cross join entry e
         ), restored as (
           update tm_units t
              set source = p.source, target = p.target, token_count = p.token_count, keys = p.keys, words = p.words,
                  changed_at = p.changed_at, context = p.context, index_version = $2
             from entry e cross join jsonb_to_recordset(e.previous)
                  as p (id bigint, source text, target text, token_count integer, keys integer[], words integer[], changed_at timestamptz,
                        context uuid)
            where t.id = p.id and t.memory_id = e.memory_id and (t.index_version = e.version or t.index_version > $3)
         )
         delete from tm_import_undo where id = $1`,
        [entry.id, version, job.from],
      )
    })
  }
}

/**
 * Keys and words for units that have none: written before the in-process index (migration 8) or before
 * concordance words (migration 14). The migration queues this per memory as an `index-memory` task.
 */
export async function indexMemory(memoryId: number): Promise<number> {
  let indexed = 0
  for (;;) {
    const pending = await db().query<{ id: number | string; source: string; target: string }>(
      `select id, source, target from tm_units where memory_id = $1 and (keys is null or words is null) limit ${importBatchSize()}`,
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
