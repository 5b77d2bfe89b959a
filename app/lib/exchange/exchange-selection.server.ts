import { rowId } from '../http/row-id'
import { findProject } from '../projects/projects.server'
import { EXCHANGE_FORMATS, type ExchangeFormat, type ExchangeProject } from './exchange-export.server'

/** Why an export of the chosen files cannot be made (shown on the file list, translated). */
export type ExportRefusal = 'none-selected' | 'too-many' | 'bad-format' | 'not-ready' | 'mixed-languages'

/** One export holds at most this many files: a file list page shows ten, selection does not span pages. */
export const EXPORT_MAX_PROJECTS = 100

/**
 * The file list's "export selected" form (GET project=…&project=…&format=…): the owner's projects, each ready;
 * an id that is not the caller's file is not found (404), as everywhere. XLIFF 2.0 has one language pair per document.
 */
export async function exportSelection(
  ownerId: number,
  params: URLSearchParams,
): Promise<{ ok: true; projects: ExchangeProject[]; format: ExchangeFormat } | { ok: false; refusal: ExportRefusal }> {
  const format = params.get('format') as ExchangeFormat
  if (!EXCHANGE_FORMATS.includes(format)) return { ok: false, refusal: 'bad-format' }
  const ids = [...new Set(params.getAll('project').map((value) => rowId(value)))]
  if (ids.length === 0) return { ok: false, refusal: 'none-selected' }
  if (ids.length > EXPORT_MAX_PROJECTS) return { ok: false, refusal: 'too-many' }
  const projects: ExchangeProject[] = []
  for (const id of ids) {
    const project = id === undefined ? undefined : await findProject(ownerId, id)
    if (!project) throw new Response('Not found', { status: 404 })
    if (project.status !== 'READY') return { ok: false, refusal: 'not-ready' }
    const { name, format: fileFormat, sourceLang, targetLang } = project
    projects.push({ id: project.id, name, format: fileFormat, sourceLang, targetLang })
  }
  const pairs = new Set(projects.map((project) => `${project.sourceLang}>${project.targetLang}`))
  if (format === 'xliff20' && pairs.size > 1) return { ok: false, refusal: 'mixed-languages' }
  return { ok: true, projects, format }
}
