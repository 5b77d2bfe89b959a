import { formatById } from '../formats/registry.server'
import { translatedName } from './download-names'
import { streamOf } from '../http/stream-of'
import { downloadStream } from '../threads/helper-thread.server'
import { downloadResponse, projectFileId, type ProjectSummary } from './projects.server'
import { storedFileChunks } from './stored-files.server'

/**
 * The two downloads of a file, for the file list's links (GET /files/:id/:password/original|translated) and SPEC §7's
 * files/download-original and files/download-translated: one function each.
 */

/** The file as uploaded: the same bytes, the same name, a chunk at a time; never shown inline. */
export async function originalDownload(project: ProjectSummary): Promise<Response> {
  const chunks = storedFileChunks(await projectFileId(project.id))
  return downloadResponse(streamOf(chunks), project.name, formatById(project.format)?.mimeType)
}

/**
 * The translation in the original format (untranslated segments keep their source), made off the request thread;
 * undefined while the file is not converted yet (or could not be).
 */
export function translatedDownload(project: ProjectSummary): Response | undefined {
  if (project.status !== 'READY') return undefined
  const bytes = downloadStream({ kind: 'translated-file', projectId: project.id, format: project.format })
  return downloadResponse(bytes, translatedName(project.name, project.sourceLang, project.targetLang), formatById(project.format)?.mimeType)
}
