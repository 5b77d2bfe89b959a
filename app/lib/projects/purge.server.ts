import { db } from '../db/db.server'
import type { TaskHandler } from '../jobs/worker.server'
import { indexMemory } from '../tm/units.server'
import { deleteStoredFile } from './stored-files.server'

/**
 * Deleted projects and memories, removed in the background a bounded batch at a time (docs/decisions/0013), and the
 * memory indexing the migration to word concordance queued (0014).
 *
 * Removes a project its owner deleted (projects.server.ts deleteProject marks it): its segments and units in bounded
 * batches, then the project row (its job, settings and tasks go with it) and its stored file.
 */
const PURGE_BATCH = 500

export async function purgeProject(projectId: number): Promise<void> {
  const [project] = await db().query<{ fileId: number | null }>(
    `select f.file_id as "fileId" from projects p left join project_files f on f.project_id = p.id
      where p.id = $1 and p.deleted_at is not null`,
    [projectId],
  )
  if (!project) return
  for (const table of ['segment_history', 'segments', 'units'] as const) {
    for (;;) {
      const removed = await db().query(`delete from ${table} where id in (select id from ${table} where project_id = $1 limit $2) returning id`, [
        projectId,
        PURGE_BATCH,
      ])
      if (removed.length < PURGE_BATCH) break
    }
  }
  await db().query('delete from projects where id = $1', [projectId])
  if (project.fileId !== null) await deleteStoredFile(project.fileId)
}

/** Removes a memory its owner deleted (memories.server.ts deleteMemory marks it): its units in bounded batches, then the rest. */
export async function purgeMemory(memoryId: number): Promise<void> {
  const [memory] = await db().query('select id from memories where id = $1 and deleted_at is not null', [memoryId])
  if (!memory) return
  for (const table of ['tm_units', 'tm_removed'] as const) {
    const key = table === 'tm_units' ? 'id' : 'ctid'
    for (;;) {
      const removed = await db().query(
        `delete from ${table} where ${key} in (select ${key} from ${table} where memory_id = $1 limit $2) returning memory_id`,
        [memoryId, PURGE_BATCH],
      )
      if (removed.length < PURGE_BATCH) break
    }
  }
  await db().query('delete from memories where id = $1', [memoryId])
}

/** Removes a glossary its owner deleted (glossaries.server.ts deleteGlossary marks it): its concepts in bounded batches. */
export async function purgeGlossary(glossaryId: number): Promise<void> {
  const [glossary] = await db().query('select id from glossaries where id = $1 and deleted_at is not null', [glossaryId])
  if (!glossary) return
  for (;;) {
    const removed = await db().query(
      'delete from glossary_concepts where id in (select id from glossary_concepts where glossary_id = $1 limit $2) returning id',
      [glossaryId, PURGE_BATCH],
    )
    if (removed.length < PURGE_BATCH) break
  }
  await db().query('delete from glossaries where id = $1', [glossaryId])
}

export const purgeHandlers: Record<'purge-project' | 'purge-memory' | 'index-memory' | 'purge-glossary', TaskHandler> = {
  'purge-glossary': { run: (task) => purgeGlossary(Number(task.payload.glossaryId)) },
  'purge-project': {
    run: async (task) => {
      if (task.projectId !== null) await purgeProject(task.projectId)
    },
  },
  'purge-memory': { run: (task) => purgeMemory(Number(task.payload.memoryId)) },
  'index-memory': {
    run: async (task) => {
      await indexMemory(Number(task.payload.memoryId))
    },
  },
}
