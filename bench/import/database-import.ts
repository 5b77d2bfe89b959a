import { openDatabase, type Database } from '../../app/lib/db/database.server'
import { setDatabase } from '../../app/lib/db/db.server'
import { migrate } from '../../app/lib/db/migrate.server'
import { convertProject } from '../../app/lib/projects/pipeline.server'
import { createProject } from '../../app/lib/projects/projects.server'

/**
 * The import as the worker runs it (`convertProject`: read the stored file, extract, segment, insert units
 * and segments in one transaction), against an in-memory PGlite opened once (its start takes seconds).
 */
export interface ImportDatabase {
  /** Wall time of the worker's conversion of one uploaded file, in ms; the upload itself is not timed. */
  timeConversion(name: string, format: string, bytes: Uint8Array): Promise<number>
  close(): Promise<void>
}

export async function openImportDatabase(): Promise<ImportDatabase> {
  const database: Database = await openDatabase({ kind: 'pglite-memory' })
  await migrate(database)
  setDatabase(database)
  const [owner] = await database.query<{ id: number }>(
    `insert into users (email, name, password_hash) values ('bench@example.org', 'Bench', 'not a hash') returning id`,
  )
  if (!owner) throw new Error('could not create the benchmark user')
  return {
    async timeConversion(name, format, bytes) {
      const project = await createProject({ ownerId: owner.id, name, format, bytes, sourceLang: 'en', targetLang: 'lv', tmPretranslate: false, mtPretranslate: false })
      const start = performance.now()
      await convertProject(project.id, 'en', format)
      return performance.now() - start
    },
    async close() {
      setDatabase(undefined)
      await database.close()
    },
  }
}
