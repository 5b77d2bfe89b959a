/**
 * The in-process copies of memories' fuzzy-match indexes (decision 0011). The database stays the only record:
 * every instance loads a memory's unit keys from it on the memory's first lookup and, before each lookup, reads
 * what changed since the version it holds (tm_index_versions, tm_units.index_version, tm_removed; migration 12).
 * Nothing here is needed by another instance, and a lookup never answers from a copy older than the database.
 */
import type { Database, Queryable } from '../db/database.server'
import { getEnv } from '../env.server'
import { MemoryIndex } from './memory-index'

/** Units read per statement while loading a memory (PGlite serves other requests between them). */
const LOAD_CHUNK = 5_000

/** Changes read before a lookup; a memory with more (a TMX import) catches up in the background instead. */
const SYNC_LIMIT = 2_000

interface Entry {
  index: MemoryIndex
  /** The database's index version the copy matches; -1 while the first load runs. */
  version: number
  lastUsed: number
  /** A load or catch-up in progress; lookups answer through the database meanwhile. */
  pending?: Promise<void>
}

type ChangeRow =
  | { kind: 'version'; memoryId: number; version: string | number; present: boolean; unitId: null; keys: null }
  | { kind: 'put'; memoryId: number; version: null; present: null; unitId: string | number; keys: number[] }
  | { kind: 'remove'; memoryId: number; version: null; present: null; unitId: string | number; keys: null }

export class TmIndexCache {
  private readonly entries = new Map<number, Entry>()
  /** Memories bigger than the whole budget. */
  private readonly oversized = new Set<number>()
  private uses = 0
  constructor(
    private readonly database: Database,
    /** Units held over all memories (TM_INDEX_UNITS); the least recently used memories go first. 0: none. */
    public budget = getEnv().TM_INDEX_UNITS,
  ) {}

  /**
   * The indexes of those memories that are loaded, each brought up to date with the database. A memory seen for
   * the first time starts loading; if it fits in one read it is ready at once, otherwise it loads in the
   * background and is left out (the caller looks it up through the database) until it is ready.
   */
  async current(memoryIds: readonly number[]): Promise<Map<number, MemoryIndex>> {
    if (this.budget === 0) return new Map()
    const unloaded = memoryIds.filter((memoryId) => !this.entries.has(memoryId) && !this.oversized.has(memoryId))
    await Promise.all(unloaded.map((memoryId) => this.startLoad(memoryId)))
    const ready = memoryIds.filter((memoryId) => {
      const entry = this.entries.get(memoryId)
      return entry !== undefined && entry.pending === undefined
    })
    const indexes = new Map<number, MemoryIndex>()
    if (ready.length === 0) return indexes
    await this.sync(ready, SYNC_LIMIT)
    for (const memoryId of ready) {
      const entry = this.entries.get(memoryId)
      if (!entry || entry.pending) continue
      entry.lastUsed = ++this.uses
      indexes.set(memoryId, entry.index)
    }
    return indexes
  }

  /** Loads the memories (and waits for loads and catch-ups under way): for tests and benchmarks. */
  async warm(memoryIds: readonly number[]): Promise<void> {
    await this.current(memoryIds)
    await Promise.all(memoryIds.map((memoryId) => this.entries.get(memoryId)?.pending))
  }

  /** Units held, over all memories. */
  get units(): number {
    let units = 0
    for (const entry of this.entries.values()) units += entry.index.units
    return units
  }

  /** Resolves once the memory is loaded, or once its first read shows there is more: the rest loads in the background. */
  private startLoad(memoryId: number): Promise<void> {
    const entry: Entry = { index: new MemoryIndex(), version: -1, lastUsed: ++this.uses }
    this.entries.set(memoryId, entry)
    let moreToRead = () => {}
    const backgrounded = new Promise<void>((resolve) => (moreToRead = resolve))
    entry.pending = this.load(memoryId, entry, () => moreToRead())
      .then(() => {
        entry.pending = undefined
        this.evict(memoryId)
      })
      .catch((error: unknown) => {
        // A database closed under a test, a connection lost: the memory is looked up through the database and
        // loaded again on a later lookup.
        if (this.entries.get(memoryId) === entry) this.entries.delete(memoryId)
        console.error('[tm] could not load the index of memory', memoryId, error instanceof Error ? error.message : error)
      })
    return Promise.race([entry.pending, backgrounded])
  }

  private async load(memoryId: number, entry: Entry, moreToRead: () => void): Promise<void> {
    const [versionRow] = await this.database.query<{ version: string | number }>(
      'select coalesce((select version from tm_index_versions where memory_id = $1), 0) as version',
      [memoryId],
    )
    const since = Number(versionRow?.version ?? 0)
    // Keyset reads in index order; a unit changed while they run is read again by the catch-up below.
    let after = { version: -1, id: 0 }
    for (;;) {
      const rows = await this.database.query<{ id: string | number; version: string | number; keys: number[] }>(
        `select id, index_version as version, keys from tm_units
          where memory_id = $1 and (index_version, id) > ($2::bigint, $3::bigint) and keys is not null
          order by index_version, id limit ${LOAD_CHUNK}`,
        [memoryId, after.version, after.id],
      )
      for (const row of rows) entry.index.load(Number(row.id), row.keys)
      const last = rows.at(-1)
      if (!last || rows.length < LOAD_CHUNK) break
      moreToRead()
      after = { version: Number(last.version), id: Number(last.id) }
    }
    entry.index.rebuild()
    entry.version = since
    await this.sync([memoryId], null)
  }

  /**
   * Applies what changed in the memories since their copies' versions, read in one statement (one snapshot). With
   * a limit, a memory with more changes than it is handed to a background catch-up.
   */
  private async sync(memoryIds: readonly number[], limit: number | null): Promise<void> {
    const since = memoryIds.map((memoryId) => this.entries.get(memoryId)?.version ?? 0)
    const rows = await this.database.query<ChangeRow>(
      `with wanted as (
         select * from unnest($1::integer[], $2::bigint[]) as w (memory_id, since)
       ), changed as (
         -- Per memory and in the order of tm_units_version_idx, so that the index is walked (with a limit and no
         -- order, a planner may prefer to scan the whole table, expecting to stop early).
         select u.memory_id, u.id, u.keys from wanted w
          cross join lateral (
            select memory_id, id, keys from tm_units
             where memory_id = w.memory_id and index_version > w.since and keys is not null
             order by index_version, id ${limit === null ? '' : `limit ${limit + 1}`}
          ) as u
       )
       select 'version' as kind, w.memory_id as "memoryId", coalesce(v.version, 0) as version,
              exists (select 1 from memories m where m.id = w.memory_id) as present, null::bigint as "unitId", null::integer[] as keys
         from wanted w left join tm_index_versions v on v.memory_id = w.memory_id
       union all
       select 'put', memory_id, null, null, id, keys from changed
       union all
       select 'remove', r.memory_id, null, null, r.unit_id, null
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
    // change since the copy's version, each unit as it is now). A memory with more changes than the limit (only
    // the first were read) catches up in the background.
    const apply = new Set<number>()
    for (const [memoryId, version] of versions) {
      const entry = this.entries.get(memoryId)
      if (!entry || version <= entry.version) continue
      if (limit !== null && (puts.get(memoryId) ?? 0) > limit) {
        if (!entry.pending) this.catchUp(memoryId, entry)
      } else apply.add(memoryId)
    }
    for (const row of rows) {
      if (!apply.has(row.memoryId)) continue
      const index = this.entries.get(row.memoryId)?.index
      if (row.kind === 'put') index?.put(Number(row.unitId), row.keys)
      else if (row.kind === 'remove') index?.remove(Number(row.unitId))
    }
    for (const memoryId of apply) {
      const entry = this.entries.get(memoryId)
      if (entry) entry.version = versions.get(memoryId) ?? entry.version
    }
  }

  private catchUp(memoryId: number, entry: Entry): void {
    entry.pending = this.sync([memoryId], null)
      .catch((error: unknown) => {
        if (this.entries.get(memoryId) === entry) this.entries.delete(memoryId)
        console.error('[tm] could not update the index of memory', memoryId, error instanceof Error ? error.message : error)
      })
      .finally(() => (entry.pending = undefined))
  }

  /** Drops the least recently used memories (not `keep`) while the units held exceed the budget. */
  private evict(keep: number): void {
    let held = this.units
    const byAge = [...this.entries].filter(([memoryId]) => memoryId !== keep).sort((a, b) => a[1].lastUsed - b[1].lastUsed)
    for (const [memoryId, entry] of byAge) {
      if (held <= this.budget) break
      held -= entry.index.units
      this.entries.delete(memoryId)
    }
    if (held > this.budget) {
      // Alone over the budget: not loaded again (each lookup would load it anew), looked up through the database.
      this.oversized.add(keep)
      this.entries.delete(keep)
    }
  }
}

const caches = new WeakMap<Queryable, TmIndexCache>()

/** The cache of the given database (one per database: tests open many). */
export function tmIndexes(database: Database): TmIndexCache {
  let cache = caches.get(database)
  if (!cache) caches.set(database, (cache = new TmIndexCache(database)))
  return cache
}
