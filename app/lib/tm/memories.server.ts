import type { Queryable } from '../db/database.server'
import { db } from '../db/db.server'
import { enqueue } from '../jobs/queue.server'
import { wakeWorker } from '../jobs/wake.server'

/**
 * SPEC §3 translation memory: name, readMemory, writeMemory, canUpdate (and projectId when set per file).
 * A memory belongs to one user. Its read/write flags are the user's defaults; a project may keep its own choice
 * (SPEC §2 "inside the translator … settings apply to that project"). canUpdate is false for a memory its owner
 * locked as a read-only reference: write is then off and cannot be switched on (SPEC §5).
 */
export interface Memory {
  id: number
  name: string
  sourceLang: string
  targetLang: string
  read: boolean
  write: boolean
  canUpdate: boolean
}

/**
 * A memory as a project reads it, with the index version of its units (tm_index_versions): a lookup made with it
 * needs no statement of its own to learn whether this instance's copy of the index is current (issue 53).
 */
export interface ProjectMemory extends Memory {
  indexVersion: number
}

export interface MemoryFields {
  name: string
  sourceLang: string
  targetLang: string
}

export interface MemoryChoice {
  id: number
  read: boolean
  write: boolean
}

/** The project fields memories are chosen by: its owner's (whose memories serve every member, issue 52) and language pair. */
export interface MemoryProject {
  id: number
  ownerId: number
  sourceLang: string
  targetLang: string
}

const columns = /* sql */ `m.id, m.name, m.source_lang as "sourceLang", m.target_lang as "targetLang", not m.read_only as "canUpdate"`

export async function listMemories(userId: number): Promise<Memory[]> {
  return db().query<Memory>(
    `select ${columns}, m.read, m.write and not m.read_only as write
       from memories m where m.owner_id = $1 and m.deleted_at is null
      order by m.source_lang, m.target_lang, lower(m.name), m.id`,
    [userId],
  )
}

/** The owner's memories of the project's language pair, with the project's own choice where it made one. */
export async function memoriesForProject(project: MemoryProject, using: Queryable = db()): Promise<ProjectMemory[]> {
  return using.query<ProjectMemory>(
    `select ${columns}, coalesce(pm.read, m.read) as read, coalesce(pm.write, m.write) and not m.read_only as write,
            coalesce((select v.version from tm_index_versions v where v.memory_id = m.id), 0)::float8 as "indexVersion"
       from memories m
       left join project_memories pm on pm.memory_id = m.id and pm.project_id = $2
      where m.owner_id = $1 and m.source_lang = $3 and m.target_lang = $4 and m.deleted_at is null
      order by lower(m.name), m.id`,
    [project.ownerId, project.id, pairCode(project.sourceLang), pairCode(project.targetLang)],
  )
}

export async function readableMemoryIds(project: MemoryProject, using: Queryable = db()): Promise<number[]> {
  return (await memoriesForProject(project, using)).filter((memory) => memory.read).map((memory) => memory.id)
}

export async function writableMemoryIds(project: MemoryProject, using: Queryable = db()): Promise<number[]> {
  return (await memoriesForProject(project, using)).filter((memory) => memory.write).map((memory) => memory.id)
}

export async function findMemory(userId: number, memoryId: number): Promise<Memory | undefined> {
  const [row] = await db().query<Memory>(
    `select ${columns}, m.read, m.write and not m.read_only as write from memories m where m.owner_id = $1 and m.id = $2 and m.deleted_at is null`,
    [userId, memoryId],
  )
  return row
}

export async function createMemory(userId: number, fields: MemoryFields): Promise<Memory> {
  const [row] = await db().query<Memory>(
    `insert into memories as m (owner_id, name, source_lang, target_lang) values ($1, $2, $3, $4)
     returning ${columns}, m.read, m.write`,
    [userId, fields.name, pairCode(fields.sourceLang), pairCode(fields.targetLang)],
  )
  if (!row) throw new Error('createMemory: insert returned no row')
  return row
}

/** False when the memory is not the user's (foreign ids look like missing ones). */
export async function renameMemory(userId: number, memoryId: number, name: string): Promise<boolean> {
  const rows = await db().query('update memories set name = $3 where owner_id = $1 and id = $2 returning id', [userId, memoryId, name])
  return rows.length > 0
}

export async function setMemoryLocked(userId: number, memoryId: number, locked: boolean): Promise<boolean> {
  const rows = await db().query('update memories set read_only = $3 where owner_id = $1 and id = $2 returning id', [userId, memoryId, locked])
  return rows.length > 0
}

/**
 * Deletes a memory for its owner: at once it is gone from every page, setting and lookup, and a background task
 * removes its units in bounded batches (purge.server.ts; a million units by cascade would hold the database a minute).
 */
export async function deleteMemory(userId: number, memoryId: number): Promise<boolean> {
  const deleted = await db().transaction(async (tx) => {
    const rows = await tx.query('update memories set deleted_at = now() where owner_id = $1 and id = $2 and deleted_at is null returning id', [
      userId,
      memoryId,
    ])
    if (rows.length === 0) return false
    await enqueue(tx, { kind: 'purge-memory', payload: { memoryId } })
    return true
  })
  if (deleted) wakeWorker()
  return deleted
}

/** SPEC §7 tm/save-settings: the user's defaults. Ids that are not the user's are ignored; write needs canUpdate. */
export async function saveMemorySettings(userId: number, choices: readonly MemoryChoice[]): Promise<void> {
  await db().transaction(async (tx) => {
    for (const choice of choices) {
      await tx.query('update memories set read = $3, write = $4 and not read_only where owner_id = $1 and id = $2', [
        userId,
        choice.id,
        choice.read,
        choice.write,
      ])
    }
  })
}

/** SPEC §7 tm/save-settings-for-file: the project's own choice, for the owner's memories of its pair only. */
export async function saveProjectMemorySettings(project: MemoryProject, choices: readonly MemoryChoice[]): Promise<void> {
  const allowed = new Map((await memoriesForProject(project)).map((memory) => [memory.id, memory]))
  await db().transaction(async (tx) => {
    for (const choice of choices) {
      const memory = allowed.get(choice.id)
      if (!memory) continue
      await tx.query(
        `insert into project_memories (project_id, memory_id, read, write) values ($1, $2, $3, $4)
         on conflict (project_id, memory_id) do update set read = excluded.read, write = excluded.write`,
        [project.id, choice.id, choice.read, choice.write && memory.canUpdate],
      )
    }
  })
}

/**
 * Issue 5: a new user gets one memory per language pair on first use (a project of that pair is created or opened).
 * One statement, so two requests at once do not both see "none" on PGlite; on PostgreSQL a rare race may leave
 * two, which is harmless (both are listed and can be deleted).
 */
export async function ensureDefaultMemory(userId: number, sourceLang: string, targetLang: string, using: Queryable = db()): Promise<void> {
  const source = pairCode(sourceLang)
  const target = pairCode(targetLang)
  await using.query(
    `insert into memories (owner_id, name, source_lang, target_lang)
     select $1, $4, $2, $3
      where not exists (select 1 from memories where owner_id = $1 and source_lang = $2 and target_lang = $3 and deleted_at is null)`,
    [userId, source, target, defaultMemoryName(source, target)],
  )
}

export function defaultMemoryName(sourceLang: string, targetLang: string): string {
  return `${pairCode(sourceLang).toUpperCase()} → ${pairCode(targetLang).toUpperCase()}`
}

/** Memories pair by the first two letters of a language (SPEC §2 filters MT systems the same way): "en-GB" is "en". */
export function pairCode(language: string): string {
  return language.slice(0, 2).toLowerCase()
}
