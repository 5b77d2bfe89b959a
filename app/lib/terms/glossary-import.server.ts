import { db } from '../db/db.server'
import { readSingleFileForm } from '../http/multipart.server'
import { rowId } from '../http/row-id'
import { enqueue } from '../jobs/queue.server'
import { wakeWorker } from '../jobs/wake.server'
import type { TaskHandler } from '../jobs/worker.server'
import { deleteStoredFile, storedFileBytes, storeFile } from '../projects/stored-files.server'
import { conceptsFromRows, guessMapping, parseDelimited, sniffDelimiter, COLUMN_ROLES, type ColumnRole, type Delimiter } from './delimited'
import { addConcepts, findGlossary, type Glossary } from './glossaries.server'
import type { GlossaryConcept } from './glossary-types'
import { readTbx, type TbxErrorCode } from './tbx'

/**
 * Importing a glossary (issue 17): the upload is stored (stored_files) and becomes a glossary_imports row; a CSV or
 * TSV waits for its columns to be mapped, a TBX is queued at once. The task reads and checks the whole file before it
 * writes anything — a broken file imports nothing — then writes the concepts in batches, each marked with the
 * import, so a run cut off half way is removed before the retry writes them again.
 */
export type GlossaryFormat = 'tbx' | 'csv'

export type GlossaryUploadError = 'missing-file' | 'file-too-big' | 'wrong-extension' | 'no-glossary'

/** Why an import failed: the reader's codes, a CSV that is not one, or a file without one usable concept. */
export type GlossaryImportError = TbxErrorCode | 'not-delimited' | 'no-concepts' | 'import-failed'

export interface GlossaryImportReport {
  imported: number
  skipped: number
  error?: GlossaryImportError
  detail?: string
  /** Issue 56: U+0000 characters removed from the terms (the database cannot store them), the rest kept. */
  removedCharacters?: number
}

export interface GlossaryImport {
  id: number
  glossaryId: number
  fileName: string
  format: GlossaryFormat
  delimiter: Delimiter | null
  mapping: ColumnRole[] | null
  status: 'mapping' | 'queued' | 'running' | 'done' | 'failed'
  report: GlossaryImportReport | null
}

/** The largest glossary file: 100,000 concepts of TBX are about 60 MB. */
export const GLOSSARY_UPLOAD_MAX_BYTES = 100 * 1024 * 1024

const FORMATS: [RegExp, GlossaryFormat][] = [
  [/\.(tbx|xml)$/i, 'tbx'],
  [/\.(csv|tsv|txt)$/i, 'csv'],
]

const columns = /* sql */ `id, glossary_id as "glossaryId", file_name as "fileName", format, delimiter, mapping, status, report`

/**
 * Reads the multipart form (glossaryId and file) and stores the file; a TBX is queued, a delimited file waits for
 * its mapping (the guessed one stored). A refused upload leaves nothing behind.
 */
export async function receiveGlossaryUpload(
  request: Request,
  ownerId: number,
): Promise<{ ok: true; upload: GlossaryImport } | { ok: false; code: GlossaryUploadError }> {
  const form = await readSingleFileForm(request, GLOSSARY_UPLOAD_MAX_BYTES)
  if (form.malformed) return { ok: false, code: 'missing-file' }
  const { fields, file, tooBig } = form
  const glossaryId = rowId(fields.get('glossaryId')?.[0])
  const glossary = glossaryId === undefined ? undefined : await findGlossary(ownerId, glossaryId)
  if (!glossary) return { ok: false, code: 'no-glossary' }
  if (tooBig) return { ok: false, code: 'file-too-big' }
  if (!file || file.bytes.byteLength === 0) return { ok: false, code: 'missing-file' }
  const format = FORMATS.find(([pattern]) => pattern.test(file.name))?.[1]
  if (!format) return { ok: false, code: 'wrong-extension' }
  const fileId = await storeFile(file.bytes)
  if (format === 'tbx') return { ok: true, upload: await queueImport(glossary, fileId, file.name, 'tbx', null, null) }
  const text = new TextDecoder().decode(file.bytes.subarray(0, 64 * 1024))
  const delimiter = /\.tsv$/i.test(file.name) ? '\t' : sniffDelimiter(text)
  const header = parseDelimited(text.slice(0, text.search(/\r?\n|$/)), delimiter)?.[0] ?? []
  const mapping = guessMapping(header, glossary.sourceLang, glossary.targetLang)
  const [upload] = await db().query<GlossaryImport>(
    `insert into glossary_imports (glossary_id, file_id, file_name, format, delimiter, mapping, status)
     values ($1, $2, $3, 'csv', $4, $5, 'mapping') returning ${columns}`,
    [glossary.id, fileId, file.name, delimiter, JSON.stringify(mapping)],
  )
  return { ok: true, upload: upload! }
}

async function queueImport(
  glossary: Glossary,
  fileId: number,
  fileName: string,
  format: GlossaryFormat,
  delimiter: Delimiter | null,
  mapping: ColumnRole[] | null,
) {
  const upload = await db().transaction(async (tx) => {
    const [row] = await tx.query<GlossaryImport>(
      `insert into glossary_imports (glossary_id, file_id, file_name, format, delimiter, mapping, status)
       values ($1, $2, $3, $4, $5, $6, 'queued') returning ${columns}`,
      [glossary.id, fileId, fileName, format, delimiter, mapping && JSON.stringify(mapping)],
    )
    await enqueue(tx, { kind: 'glossary-import', payload: { importId: row!.id } })
    return row!
  })
  wakeWorker()
  return upload
}

/** The owner's import, with its glossary. */
export async function findImport(ownerId: number, importId: number): Promise<GlossaryImport | undefined> {
  const [row] = await db().query<GlossaryImport>(
    `select ${columns} from glossary_imports i
      where i.id = $2 and exists (select 1 from glossaries g where g.id = i.glossary_id and g.owner_id = $1 and g.deleted_at is null)`,
    [ownerId, importId],
  )
  return row
}

/** The glossary's imports, newest first (the page shows the last few with their reports). */
export function importsOf(glossaryId: number, limit = 5): Promise<GlossaryImport[]> {
  return db().query<GlossaryImport>(`select ${columns} from glossary_imports where glossary_id = $1 order by id desc limit $2`, [glossaryId, limit])
}

/** The header and the first rows of a delimited upload, for the mapping step. */
export async function previewRows(upload: GlossaryImport, rows = 4): Promise<string[][]> {
  const [row] = await db().query<{ fileId: number | null }>('select file_id as "fileId" from glossary_imports where id = $1', [upload.id])
  if (!row?.fileId) return []
  const [first] = await db().query<{ base64: string }>(
    `select encode(bytes, 'base64') as base64 from stored_file_chunks where file_id = $1 and position = 0`,
    [row.fileId],
  )
  const text = Buffer.from(first?.base64 ?? '', 'base64').toString('utf8')
  const lines = text
    .split(/\r?\n/)
    .slice(0, rows + 1)
    .join('\n')
  return parseDelimited(lines, upload.delimiter ?? ',') ?? []
}

/** The mapping step's answer: the columns' roles; a mapping without a source and a target column is refused. */
export async function confirmMapping(upload: GlossaryImport, roles: string[]): Promise<boolean> {
  const mapping = roles.map((role): ColumnRole => ((COLUMN_ROLES as readonly string[]).includes(role) ? (role as ColumnRole) : 'ignore'))
  if (upload.status !== 'mapping' || !mapping.includes('source') || !mapping.includes('target')) return false
  await db().transaction(async (tx) => {
    await tx.query(`update glossary_imports set mapping = $2, status = 'queued' where id = $1`, [upload.id, JSON.stringify(mapping)])
    await enqueue(tx, { kind: 'glossary-import', payload: { importId: upload.id } })
  })
  wakeWorker()
  return true
}

/** Reads the whole file: the concepts, or why it cannot be imported. */
async function readUpload(
  upload: GlossaryImport,
  glossary: Glossary,
  bytes: Uint8Array,
): Promise<{ concepts: GlossaryConcept[]; skipped: number } | GlossaryImportReport> {
  if (upload.format === 'tbx') {
    const reading = readTbx(
      (async function* () {
        yield bytes
      })(),
      { sourceLang: glossary.sourceLang, targetLang: glossary.targetLang },
    )
    const concepts: GlossaryConcept[] = []
    for await (const concept of reading.concepts) concepts.push(concept)
    const { error } = reading.report
    if (error) return { imported: 0, skipped: 0, error: error.code, detail: error.detail }
    return { concepts, skipped: reading.report.skipped }
  }
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return { imported: 0, skipped: 0, error: 'invalid-encoding' }
  }
  const rows = parseDelimited(text, upload.delimiter ?? sniffDelimiter(text))
  if (!rows) return { imported: 0, skipped: 0, error: 'not-delimited', detail: 'a quote is not closed' }
  return conceptsFromRows(rows.slice(1), upload.mapping ?? [])
}

/** The import task: check the whole file, remove what a cut-off run wrote, write, report. */
export async function runGlossaryImport(importId: number): Promise<void> {
  const [upload] = await db().query<GlossaryImport & { fileId: number | null; ownerId: number }>(
    `select ${columns.replace('id,', 'i.id,')}, i.file_id as "fileId", g.owner_id as "ownerId"
       from glossary_imports i join glossaries g on g.id = i.glossary_id where i.id = $1 and g.deleted_at is null`,
    [importId],
  )
  if (!upload || upload.fileId === null || upload.status === 'done' || upload.status === 'failed') return
  const glossary = await findGlossary(upload.ownerId, upload.glossaryId)
  if (!glossary) return
  await db().query(`update glossary_imports set status = 'running' where id = $1`, [importId])
  const read = await readUpload(upload, glossary, await storedFileBytes(upload.fileId))
  let report: GlossaryImportReport
  if ('error' in read) report = read
  else if (!('concepts' in read) || read.concepts.length === 0)
    report = { imported: 0, skipped: 'skipped' in read ? read.skipped : 0, error: 'no-concepts' }
  else {
    const clean = conceptsWithoutNul(read.concepts)
    await removeImported(importId, glossary.id)
    await addConcepts(glossary, clean.concepts, db(), importId)
    report = { imported: clean.concepts.length, skipped: read.skipped, ...(clean.removed > 0 ? { removedCharacters: clean.removed } : {}) }
  }
  await db().query(`update glossary_imports set status = $2, report = $3, file_id = null where id = $1`, [
    importId,
    report.error ? 'failed' : 'done',
    JSON.stringify(report),
  ])
  await deleteStoredFile(upload.fileId)
}

/** Issue 56: the concepts without U+0000 in any of their texts (the database cannot store it), and how many went. */
function conceptsWithoutNul(concepts: GlossaryConcept[]): { concepts: GlossaryConcept[]; removed: number } {
  let removed = 0
  const clean = <T>(value: T): T => {
    if (typeof value === 'string') {
      if (!value.includes('\u0000')) return value
      const kept = value.replaceAll('\u0000', '')
      removed += value.length - kept.length
      return kept as T
    }
    if (Array.isArray(value)) return value.map(clean) as T
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, clean(field)])) as T
    return value
  }
  const cleaned = concepts.map(clean)
  return { concepts: removed > 0 ? cleaned : concepts, removed }
}

/** What an earlier, cut-off run of this import wrote. */
async function removeImported(importId: number, glossaryId: number): Promise<void> {
  for (;;) {
    const removed = await db().query(
      `delete from glossary_concepts where id in (select id from glossary_concepts where import_id = $1 limit 2000) returning id`,
      [importId],
    )
    if (removed.length === 0) return
    await db().query('update glossaries set concept_count = concept_count - $2, version = version + 1 where id = $1', [glossaryId, removed.length])
  }
}

export const glossaryImportHandlers: Record<'glossary-import', TaskHandler> = {
  'glossary-import': {
    run: (task) => runGlossaryImport(Number(task.payload.importId)),
    giveUp: async (task, error) => {
      console.error('[glossary] import failed for good', task.payload.importId, error)
      const importId = Number(task.payload.importId)
      const [glossary] = await db().query<{ id: number }>('select glossary_id as id from glossary_imports where id = $1', [importId])
      if (glossary) await removeImported(importId, glossary.id)
      await db().query(`update glossary_imports set status = 'failed', report = $2 where id = $1`, [
        importId,
        JSON.stringify({ imported: 0, skipped: 0, error: 'import-failed' } satisfies GlossaryImportReport),
      ])
    },
  },
}
