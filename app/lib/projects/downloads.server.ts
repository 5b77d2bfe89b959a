import { formatById } from '../formats/registry.server'
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

/**
 * Issue 19: the translation is named with its language before the extension — report.docx → report.lv.docx; a name
 * that already ends in the source language's code gets the target's instead (report.en.docx → report.lv.docx).
 */
export function translatedName(name: string, sourceLang: string, targetLang: string): string {
  const dot = name.lastIndexOf('.')
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, '']
  const languageSuffix = new RegExp(`[._-]${sourceLang}$`, 'i')
  const base = languageSuffix.test(stem) ? stem.slice(0, -sourceLang.length - 1) : stem
  return `${base}.${targetLang}${extension}`
}
