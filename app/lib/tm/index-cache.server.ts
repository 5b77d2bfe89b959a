/**
 * The in-process copies of memories' fuzzy-match indexes and concordance words (decisions 0011 and 0014). The
 * database stays the only record: every instance loads a memory on its first lookup or concordance search — from the
 * image of its index the worker stored (decision 0030), or else from every unit's keys and words — and, before each,
 * reads what changed since the version it holds (tm_index_versions, tm_units.index_version, tm_removed; migration
 * 12). Nothing here is needed by another instance, and nothing is answered from a copy older than the database:
 * since the copies are the only index (the database's postings went with migration 14, the words' GIN index with
 * 23), a lookup waits for a memory's first load, and for a large catch-up, read a chunk at a time.
 */
import { KEPT_PLAN, type Database, type Queryable } from '../db/database.server'
import { getEnv } from '../env.server'
import { db } from '../db/db.server'
import type { TaskHandler } from '../jobs/worker.server'
import { imageFrom, queueIndexImage, readImageWords, readIndexImage, storeIndexImage } from './index-images.server'
import { MemoryIndex } from './memory-index'

/** Units read per statement while loading or catching up (other statements run between them). */
const CHUNK = 5_000

/** Changes read in the one statement before a lookup; a memory with more catches up a chunk at a time. */
const SYNC_LIMIT = 2_000

interface Entry {
  index: MemoryIndex
  /** The database's index version the copy matches; -1 before the first load. */
  version: number
  lastUsed: number
  /** A load or catch-up in progress: lookups wait for it. */
  pending?: Promise<void>
  /** The version of the image the copy was read from, whose words it reads for its first concordance search. */
  imageVersion?: number
  wordsPending?: Promise<void>
  /** Loaded from the units whatever image there is (the image's words were gone when they were wanted). */
  fromUnits?: boolean
}

type ChangeRow =
  | { kind: 'version'; memoryId: number; version: string | number; present: boolean; unitId: null; keys: null; words: null }
  | { kind: 'put'; memoryId: number; version: null; present: null; unitId: string | number; keys: string; words: string | null }
  | { kind: 'remove'; memoryId: number; version: null; present: null; unitId: string | number; keys: null; words: null }

export class TmIndexCache {
  private readonly entries = new Map<number, Entry>()
  private uses = 0
  constructor(
    private readonly database: Database,
    /** Units held over all memories (TM_INDEX_UNITS); the least recently used memories go first. */
    public budget = getEnv().TM_INDEX_UNITS,
    /** Whether loads start from memories' images, and queue a new one when they read many units (decision 0030). */
    private readonly images: 'use and queue' | 'use' | 'none' = 'use and queue',
  ) {}

  /** The memory's index brought up to date, with the index version it holds; undefined when the memory is gone. */
  async held(memoryId: number): Promise<{ index: MemoryIndex; version: number } | undefined> {
    const index = (await this.withWords([memoryId])).get(memoryId)
    const entry = this.entries.get(memoryId)
    return index && entry ? { index, version: entry.version } : undefined
  }

  /**
   * The indexes of the memories, each loaded and brought up to date with the database first. With `versions` (the
   * memories' index versions as the caller read them in this request), copies at those versions or newer are taken as
   * they are: they match the database as that read saw it or later, and no statement asks again (issue 53).
   */
  async current(memoryIds: readonly number[], versions?: ReadonlyMap<number, number>): Promise<Map<number, MemoryIndex>> {
    for (const memoryId of memoryIds) {
      if (!this.entries.has(memoryId)) this.entries.set(memoryId, { index: new MemoryIndex(), version: -1, lastUsed: 0 })
    }
    // Loads and large catch-ups first (a chunk at a time), then one statement for whatever else changed.
    await Promise.all(memoryIds.map((memoryId) => this.settled(memoryId)))
    const known = memoryIds.filter((memoryId) => this.entries.has(memoryId))
    const atVersion = (memoryId: number) => (this.entries.get(memoryId)?.version ?? -1) >= (versions?.get(memoryId) ?? Infinity)
    const current = versions !== undefined && known.every(atVersion)
    const behind = current ? [] : await this.sync(known, SYNC_LIMIT)
    await Promise.all(behind.map((memoryId) => this.settled(memoryId)))
    const indexes = new Map<number, MemoryIndex>()
    for (const memoryId of memoryIds) {
      const entry = this.entries.get(memoryId)
      if (!entry) continue // deleted meanwhile
      entry.lastUsed = ++this.uses
      indexes.set(memoryId, entry.index)
    }
    this.evict(new Set(memoryIds))
    return indexes
  }

  /**
   * The units of the memories whose concordance words hold every one of `words` (hashes; decision 0014), from the
   * copies brought up to date first: the candidates a concordance search reads, whose text then decides; and how
   * many units the memories hold.
   */
  async holdingWords(memoryIds: readonly number[], words: readonly number[]): Promise<{ ids: number[]; of: number }> {
    const indexes = [...(await this.withWords(memoryIds)).values()]
    return { ids: indexes.flatMap((index) => index.holdingWords(words)), of: indexes.reduce((units, index) => units + index.units, 0) }
  }

  /**
   * The memories' indexes as `current` gives them, each with its concordance words: a copy read from an image reads
   * the image's words first, or, that image gone, is loaded again from the units.
   */
  private async withWords(memoryIds: readonly number[]): Promise<Map<number, MemoryIndex>> {
    const indexes = await this.current(memoryIds)
    const without = [...indexes].filter(([, index]) => !index.hasWords).map(([memoryId]) => memoryId)
    if (without.length === 0) return indexes
    await Promise.all(without.map((memoryId) => this.wordsRead(memoryId)))
    return this.withWords(memoryIds)
  }

  private async wordsRead(memoryId: number): Promise<void> {
    const entry = this.entries.get(memoryId)
    if (!entry || entry.index.hasWords) return
    entry.wordsPending ??= (async () => {
      const words = entry.imageVersion === undefined ? undefined : await readImageWords(this.database, memoryId, entry.imageVersion)
      if (words && entry.index.fitsWords(words)) entry.index.addWords(words)
      else if (this.entries.get(memoryId) === entry) {
        this.entries.set(memoryId, { index: new MemoryIndex(), version: -1, lastUsed: 0, fromUnits: true })
      }
    })().finally(() => (entry.wordsPending = undefined))
    await entry.wordsPending
  }

  /** Loads the memories: for tests and benchmarks (a lookup does the same). */
  async warm(memoryIds: readonly number[]): Promise<void> {
    await this.current(memoryIds)
  }

  /** Units held, over all memories. */
  get units(): number {
    let units = 0
    for (const entry of this.entries.values()) units += entry.index.units
    return units
  }

  /** Waits for the memory's load or catch-up, starting one if its copy is not loaded yet. */
  private async settled(memoryId: number): Promise<void> {
    const entry = this.entries.get(memoryId)
    if (!entry) return
    if (entry.version < 0) entry.pending ??= this.catchUp(memoryId, entry)
    await entry.pending
  }

  /**
   * Reads every unit changed since the copy's version up to the memory's current version, a chunk at a time in the
   * order of tm_units_version_idx, then the units removed in that span. A unit changed again meanwhile has a newer
   * version and is read by the next sync. From version -1 this is the first load.
   */
  private catchUp(memoryId: number, entry: Entry): Promise<void> {
    const run = async () => {
      // A first load starts from the memory's image, if it has one (decision 0030), and reads what changed since.
      const fromImage = entry.version < 0 && this.images !== 'none' && !entry.fromUnits
      const image = fromImage ? await readIndexImage(this.database, memoryId) : undefined
      if (image) {
        entry.index = image.index
        entry.version = entry.imageVersion = image.version
      }
      const [head] = await this.database.query<{ version: string | number | null }>(
        'select (select version from tm_index_versions where memory_id = $1) as version',
        [memoryId],
      )
      const target = Number(head?.version ?? 0)
      const since = entry.version
      const loading = since < 0
      let unitsRead = 0
      let after = { version: since, id: Number.MAX_SAFE_INTEGER }
      for (;;) {
        const rows = await this.database.query<{ id: string | number; version: string | number; keys: string; words: string | null }>(
          `select id, index_version as version, keys::text as keys, words::text as words from tm_units
            where memory_id = $1 and (index_version, id) > ($2::bigint, $3::bigint) and index_version <= $4::bigint and keys is not null
            order by index_version, id limit ${CHUNK}`,
          [memoryId, after.version, after.id, target],
        )
        unitsRead += rows.length
        for (const row of rows) {
          if (loading) entry.index.load(Number(row.id), integers(row.keys), integers(row.words))
          else entry.index.put(Number(row.id), integers(row.keys), integers(row.words))
        }
        const last = rows.at(-1)
        if (!last || rows.length < CHUNK) break
        after = { version: Number(last.version), id: Number(last.id) }
      }
      if (loading) entry.index.rebuild()
      else {
        const removed = await this.database.query<{ unitId: string | number }>(
          'select unit_id as "unitId" from tm_removed where memory_id = $1 and version > $2 and version <= $3',
          [memoryId, since, target],
        )
        for (const row of removed) entry.index.remove(Number(row.unitId))
      }
      entry.version = target
      // A load that read many units leaves the next instance the same work: an image spares it.
      if (this.images === 'use and queue' && unitsRead >= imageFrom.units) await queueIndexImage(this.database, memoryId)
    }
    return run()
      .catch((error: unknown) => {
        // A database closed under a test, a connection lost: the copy is dropped and loaded again by a later lookup.
        if (this.entries.get(memoryId) === entry) this.entries.delete(memoryId)
        throw error
      })
      .finally(() => (entry.pending = undefined))
  }

  /**
   * Applies what changed in the memories since their copies' versions, read in one statement (one snapshot), and
   * returns the memories with more changes than `limit`: those catch up a chunk at a time instead.
   */
  private async sync(memoryIds: readonly number[], limit: number): Promise<number[]> {
    if (memoryIds.length === 0) return []
    const since = memoryIds.map((memoryId) => this.entries.get(memoryId)?.version ?? 0)
    const rows = await this.database.query<ChangeRow>(
      `${KEPT_PLAN}with wanted as (
         select * from unnest($1::integer[], $2::bigint[]) as w (memory_id, since)
       ), changed as (
         -- Per memory and in the order of tm_units_version_idx, so that the index is walked (with a limit and no
         -- order, a planner may prefer to scan the whole table, expecting to stop early).
         select u.memory_id, u.id, u.keys, u.words from wanted w
          cross join lateral (
            select memory_id, id, keys::text as keys, words::text as words from tm_units
             where memory_id = w.memory_id and index_version > w.since and keys is not null
             order by index_version, id limit ${limit + 1}
          ) as u
       )
       select 'version' as kind, w.memory_id as "memoryId", coalesce(v.version, 0) as version,
              exists (select 1 from memories m where m.id = w.memory_id and m.deleted_at is null) as present, null::bigint as "unitId", null::text as keys,
              null::text as words
         from wanted w left join tm_index_versions v on v.memory_id = w.memory_id
       union all
       select 'put', memory_id, null, null, id, keys, words from changed
       union all
       select 'remove', r.memory_id, null, null, r.unit_id, null, null
         from wanted w join tm_removed r on r.memory_id = w.memory_id and r.version > w.since`,
      [memoryIds, since],
    )
    const versions = new Map<number, number>()
    const puts = new Map<number, number>()
    for (const row of rows) {
      if (row.kind === 'version') {
        if (row.present) versions.set(row.memoryId, Number(row.version))
        else this.entries.delete(row.memoryId)
      } else if (row.kind === 'put') puts.set(row.memoryId, (puts.get(row.memoryId) ?? 0) + 1)
    }
    // Two lookups may sync the same memory at once: only a snapshot newer than the copy is applied (it holds every
    // change since the copy's version, each unit as it is now).
    const apply = new Set<number>()
    const behind: number[] = []
    for (const [memoryId, version] of versions) {
      const entry = this.entries.get(memoryId)
      if (!entry || version <= entry.version) continue
      if ((puts.get(memoryId) ?? 0) > limit) {
        entry.pending ??= this.catchUp(memoryId, entry)
        behind.push(memoryId)
      } else apply.add(memoryId)
    }
    for (const row of rows) {
      if (!apply.has(row.memoryId)) continue
      const index = this.entries.get(row.memoryId)?.index
      if (row.kind === 'put') index?.put(Number(row.unitId), integers(row.keys), integers(row.words))
      else if (row.kind === 'remove') index?.remove(Number(row.unitId))
    }
    for (const memoryId of apply) {
      const entry = this.entries.get(memoryId)
      if (entry) entry.version = versions.get(memoryId) ?? entry.version
    }
    return behind
  }

  /**
   * Drops the least recently used memories while the units held exceed the budget. The memories of the lookup in
   * hand stay: with no other index, a memory larger than the budget is still held while it is used.
   */
  private evict(keep: ReadonlySet<number>): void {
    let held = this.units
    const byAge = [...this.entries].filter(([memoryId, entry]) => !keep.has(memoryId) && !entry.pending).sort((a, b) => a[1].lastUsed - b[1].lastUsed)
    for (const [memoryId, entry] of byAge) {
      if (held <= this.budget) break
      held -= entry.index.units
      this.entries.delete(memoryId)
    }
  }
}

/**
 * An integer[] in PostgreSQL's text form ("{3,-12,40}"; null as none) as numbers. Keys and words are read as text
 * and parsed here rather than by the drivers' general array parsers (and, on PGlite, handed from the database thread
 * as arrays): a 100,000-unit copy then loads in 1.0 s instead of 2.3–2.4 s on PostgreSQL, 2.3–2.4 s instead of
 * 2.9–3.6 s on PGlite (bench/tm).
 */
export function integers(text: string | null): number[] {
  const values: number[] = []
  if (text === null) return values
  let value = 0
  let negative = false
  let digits = false
  for (let at = 1; at < text.length; at++) {
    const code = text.charCodeAt(at)
    if (code >= 48 && code <= 57) {
      value = value * 10 + code - 48
      digits = true
    } else if (code === 45) negative = true
    else {
      if (digits) values.push(negative ? -value : value)
      value = 0
      negative = false
      digits = false
    }
  }
  return values
}

const caches = new WeakMap<Queryable, TmIndexCache>()

/** Forgets the database's copies, as an instance starting afresh has none: for benchmarks. */
export function dropTmIndexes(database: Database): void {
  caches.delete(database)
}

/** The cache of the given database (one per database: tests open many). */
export function tmIndexes(database: Database): TmIndexCache {
  let cache = caches.get(database)
  if (!cache) caches.set(database, (cache = new TmIndexCache(database)))
  return cache
}

/**
 * The task that stores a memory's image (decision 0030): the memory loaded into a copy of the task's own (from its
 * current image and what changed since, or from every unit), stored at the version it holds, and dropped.
 */
export async function imageMemory(memoryId: number, database: Database = db(), fromUnits = imageFrom.units): Promise<boolean> {
  const held = await new TmIndexCache(database, Number.MAX_SAFE_INTEGER, 'use').held(memoryId)
  if (!held || held.index.units < fromUnits) return false
  return storeIndexImage(database, memoryId, held.index, held.version)
}

export const indexImageHandlers: Record<'index-image', TaskHandler> = {
  'index-image': {
    run: async (task) => {
      await imageMemory(Number(task.payload.memoryId))
    },
  },
}
