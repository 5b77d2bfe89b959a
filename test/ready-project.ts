import { db } from '~/lib/db/db.server'
import { detectFormat } from '~/lib/formats/registry.server'
import { startWorker } from '~/lib/jobs/worker.server'
import { taskHandlers } from '~/lib/projects/pipeline.server'
import { createProject, findProject, type ProjectSummary } from '~/lib/projects/projects.server'

/**
 * Uploads a document for `ownerId` (English → Latvian, format from the name and bytes), lets the worker convert
 * and analyse it, and returns the project with its segment ids in document order.
 */
export async function readyProject(ownerId: number, name: string, content: string | Uint8Array): Promise<{ project: ProjectSummary; ids: number[] }> {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content
  const format = detectFormat(name, bytes)?.id
  if (!format) throw new Error(`readyProject: no format for ${name}`)
  const created = await createProject({ ownerId, name, format, bytes, sourceLang: 'en', targetLang: 'lv', tmPretranslate: false, mtPretranslate: false })
  const worker = startWorker({ handlers: taskHandlers, pollMs: 10, log: () => {} })
  await worker.idle()
  await worker.stop()
  const rows = await db().query<{ id: number }>('select id from segments where project_id = $1 order by position', [created.id])
  return { project: (await findProject(ownerId, created.id, created.password))!, ids: rows.map((row) => row.id) }
}
