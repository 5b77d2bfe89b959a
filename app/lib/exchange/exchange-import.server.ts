import { findUserById, type User } from '../auth/users.server'
import { db } from '../db/db.server'
import { FormatError } from '../formats/types'
import { readSingleFileForm } from '../http/multipart.server'
import { enqueue } from '../jobs/queue.server'
import { wakeWorker } from '../jobs/wake.server'
import type { TaskHandler } from '../jobs/worker.server'
import { findProject, type ProjectSummary } from '../projects/projects.server'
import { saveTranslation } from '../projects/save-translation.server'
import type { SegmentStatus } from '../projects/segment-rules'
import { deleteStoredFile, storedFileBytes, storeFile } from '../projects/stored-files.server'
import { parse, plainText, serialize } from '../tags'
import { readExchangeXliff, type ExchangeFile, type ExchangeUnit } from './exchange-read'
import { stateMark } from './exchange-state'
import { readInlineXml } from './xliff-inline'

/**
 * Issue 18 bilingual exchange, the import: an XLIFF that Tulks exported comes back from another CAT tool. The upload
 * is stored and applied by a durable task (it saves segment by segment, as a translator would: tags checked, the TM
 * written on confirm, QA run), and its report says per file what changed and which segments it left alone because
 * they were edited in Tulks after the export (a conflict), unless the translator chose to overwrite them.
 */
export type ExchangeUploadError = 'missing-file' | 'file-too-big' | 'wrong-extension'

/** Why a whole import or one of its files could not be applied. */
export type ExchangeImportError = 'not-xliff' | 'no-files' | 'import-failed'
export type ExchangeFileError = 'no-project' | 'not-ready'

/** Why one unit was not applied. */
export type UnitProblem = 'conflict' | 'unknown-tag' | 'invalid-tags' | 'source-changed' | 'not-found'

export interface UnitNote {
  problem: UnitProblem
  /** The segment's number as the translator shows it. */
  number?: number
  segmentId: number
  current?: string
  incoming?: string
}

export interface ExchangeCounts {
  updated: number
  statusChanged: number
  unchanged: number
  conflicts: number
  overwritten: number
  rejected: number
}

export interface ExchangeFileReport {
  name: string
  projectId?: number
  projectName?: string
  targetLang?: string
  translateUrl?: string
  error?: ExchangeFileError
  counts: ExchangeCounts
  /** The first problems, for the report page (counts has them all). */
  notes: UnitNote[]
}

export interface ExchangeImportReport {
  error?: ExchangeImportError
  detail?: string
  /** Units looked at so far, while running. */
  done?: number
  files: ExchangeFileReport[]
}

export interface ExchangeImport {
  id: number
  fileName: string
  overwrite: boolean
  status: 'queued' | 'running' | 'done' | 'failed'
  report: ExchangeImportReport | null
  createdAt: Date
}

/** An export of a 77,000-segment project is about 25 MB; this leaves room for a few of them in one file. */
export const EXCHANGE_UPLOAD_MAX_BYTES = 100 * 1024 * 1024
const NOTES_KEPT = 50
const EXCERPT = 300

const columns = /* sql */ `id, file_name as "fileName", overwrite, status, report, created_at as "createdAt"`

export async function receiveExchangeUpload(
  request: Request,
  ownerId: number,
): Promise<{ ok: true; upload: ExchangeImport } | { ok: false; code: ExchangeUploadError }> {
  const form = await readSingleFileForm(request, EXCHANGE_UPLOAD_MAX_BYTES)
  if (form.malformed) return { ok: false, code: 'missing-file' }
  const { fields, file, tooBig } = form
  if (tooBig) return { ok: false, code: 'file-too-big' }
  if (!file || file.bytes.byteLength === 0) return { ok: false, code: 'missing-file' }
  if (!/\.(xlf|xliff|xml)$/i.test(file.name)) return { ok: false, code: 'wrong-extension' }
  const fileId = await storeFile(file.bytes)
  const overwrite = fields.get('overwrite')?.[0] === 'on'
  const upload = await db().transaction(async (tx) => {
    const [row] = await tx.query<ExchangeImport>(
      `insert into exchange_imports (owner_id, file_id, file_name, overwrite, status) values ($1, $2, $3, $4, 'queued') returning ${columns}`,
      [ownerId, fileId, file.name, overwrite],
    )
    await enqueue(tx, { kind: 'exchange-import', payload: { importId: row!.id } })
    return row!
  })
  wakeWorker()
  return { ok: true, upload }
}

/** The owner's imports, newest first. */
export function exchangeImportsOf(ownerId: number, limit = 10): Promise<ExchangeImport[]> {
  return db().query<ExchangeImport>(`select ${columns} from exchange_imports where owner_id = $1 order by id desc limit $2`, [ownerId, limit])
}

function emptyCounts(): ExchangeCounts {
  return { updated: 0, statusChanged: 0, unchanged: 0, conflicts: 0, overwritten: 0, rejected: 0 }
}

interface CurrentSegment {
  id: number
  number: number
  source: string
  target: string | null
  status: SegmentStatus
  updatedAt: Date | string | null
}

/** What to do with one unit: pure, so each case is tested on its own (exchange-import.server.test.ts). */
export type Decision =
  | { action: 'skip' }
  | { action: 'reject'; problem: Exclude<UnitProblem, 'conflict'> }
  | { action: 'conflict' }
  | { action: 'apply'; target: string; status: Exclude<SegmentStatus, 'NEW'>; overwrites: boolean }

export function decide(current: CurrentSegment | undefined, unit: ExchangeUnit, exportedAt: Date | undefined, overwrite: boolean): Decision {
  if (!current) return { action: 'reject', problem: 'not-found' }
  const source = parse(current.source)
  if (squeeze(unit.sourceText) !== squeeze(plainText(source))) return { action: 'reject', problem: 'source-changed' }
  // A unit without a translation in the file never clears one in Tulks.
  if (!unit.target || unit.status === 'NEW') return { action: 'skip' }
  const read = readInlineXml(unit.target.children, source)
  if ('code' in read) return { action: 'reject', problem: 'unknown-tag' }
  const target = serialize(read.tokens)
  const status = unit.status
  if (target === (current.target ?? '') && status === current.status) return { action: 'skip' }
  // The file as exported: the other tool passed this unit through unchanged, so Tulks' version (perhaps newer) stays.
  if (unit.was !== undefined && unit.was === stateMark(status, target)) return { action: 'skip' }
  const editedSince =
    unit.was !== undefined
      ? unit.was !== stateMark(current.status, current.target)
      : exportedAt !== undefined && current.updatedAt !== null && new Date(current.updatedAt) > exportedAt
  if (editedSince && !overwrite) return { action: 'conflict' }
  return { action: 'apply', target, status, overwrites: editedSince }
}

/** Whitespace runs as one space, ends trimmed: tools may reflow a source's spaces and line ends. */
function squeeze(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

function excerpt(text: string | null | undefined): string | undefined {
  if (text === null || text === undefined) return undefined
  return text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text
}

async function projectOfFile(ownerId: number, file: ExchangeFile): Promise<ProjectSummary | undefined> {
  if (file.projectId !== undefined) return findProject(ownerId, file.projectId)
  // A tool that dropped our attributes: the one project of that name, if only one has it.
  const named = await db().query<{ id: number }>('select id from projects where owner_id = $1 and name = $2 and deleted_at is null limit 2', [
    ownerId,
    file.original,
  ])
  return named.length === 1 ? findProject(ownerId, named[0]!.id) : undefined
}

const BATCH = 500

async function importFile(user: User, file: ExchangeFile, overwrite: boolean, progress: (units: number) => Promise<void>): Promise<ExchangeFileReport> {
  const report: ExchangeFileReport = { name: file.original, counts: emptyCounts(), notes: [] }
  const project = await projectOfFile(user.id, file)
  if (!project) return { ...report, error: 'no-project' }
  Object.assign(report, { projectId: project.id, projectName: project.name, targetLang: project.targetLang, translateUrl: `/translate/${project.id}/${project.password}` })
  if (project.status !== 'READY') return { ...report, error: 'not-ready' }
  const note = (entry: UnitNote) => {
    if (report.notes.length < NOTES_KEPT) report.notes.push(entry)
  }
  for (let start = 0; start < file.units.length; start += BATCH) {
    const units = file.units.slice(start, start + BATCH)
    const current = new Map(
      (
        await db().query<CurrentSegment>(
          `select s.id, s.id - (select f.id from segments f where f.project_id = $1 order by f.position limit 1) + 1 as number,
                  s.source, s.target, s.status, s.updated_at as "updatedAt"
             from segments s where s.project_id = $1 and s.id = any($2::int[])`,
          [project.id, units.map((unit) => unit.segmentId)],
        )
      ).map((row) => [row.id, row]),
    )
    for (const unit of units) {
      const segment = current.get(unit.segmentId)
      const decision = decide(segment, unit, file.exportedAt, overwrite)
      const base = { segmentId: unit.segmentId, ...(segment ? { number: Number(segment.number) } : {}) }
      if (decision.action === 'skip') report.counts.unchanged++
      else if (decision.action === 'reject') {
        report.counts.rejected++
        note({ ...base, problem: decision.problem })
      } else if (decision.action === 'conflict') {
        report.counts.conflicts++
        note({ ...base, problem: 'conflict', current: excerpt(segment?.target), incoming: excerpt(unit.target && serializeIncoming(unit, segment!)) })
      } else {
        const saved = await saveTranslation(project, user, unit.segmentId, { target: decision.target, status: decision.status, saveType: 'MANUAL', saveMatch: 0 }, 0, {
          keepChosenSaveType: true,
          how: 'import',
        })
        if (!saved.ok) {
          report.counts.rejected++
          note({ ...base, problem: 'invalid-tags', incoming: excerpt(decision.target) })
          continue
        }
        if (decision.target === (segment!.target ?? '')) report.counts.statusChanged++
        else report.counts.updated++
        if (decision.overwrites) report.counts.overwritten++
      }
    }
    await progress(units.length)
  }
  return report
}

function serializeIncoming(unit: ExchangeUnit, segment: CurrentSegment): string | undefined {
  const read = unit.target && readInlineXml(unit.target.children, parse(segment.source))
  return read && 'tokens' in read ? serialize(read.tokens) : undefined
}

async function setReport(importId: number, status: ExchangeImport['status'], report: ExchangeImportReport): Promise<void> {
  await db().query('update exchange_imports set status = $2, report = $3 where id = $1', [importId, status, JSON.stringify(report)])
}

/** The import task: read the whole file first (a broken file changes nothing), then apply it file by file. */
export async function runExchangeImport(importId: number): Promise<void> {
  const [upload] = await db().query<ExchangeImport & { fileId: number | null; ownerId: number }>(
    `select ${columns}, file_id as "fileId", owner_id as "ownerId" from exchange_imports where id = $1`,
    [importId],
  )
  if (!upload || upload.fileId === null || upload.status === 'done' || upload.status === 'failed') return
  const user = await findUserById(upload.ownerId)
  if (!user) return
  const finish = async (status: 'done' | 'failed', report: ExchangeImportReport) => {
    await db().query(`update exchange_imports set status = $2, report = $3, file_id = null where id = $1`, [importId, status, JSON.stringify(report)])
    await deleteStoredFile(upload.fileId!)
  }
  let document: ReturnType<typeof readExchangeXliff>
  try {
    document = readExchangeXliff(await storedFileBytes(upload.fileId))
  } catch (error) {
    if (!(error instanceof FormatError)) throw error
    return finish('failed', { error: 'not-xliff', detail: error.message, files: [] })
  }
  if (document.files.length === 0) return finish('failed', { error: 'no-files', files: [] })
  const report: ExchangeImportReport = { done: 0, files: [] }
  await setReport(importId, 'running', report)
  for (const file of document.files) {
    report.files.push(
      await importFile(user, file, upload.overwrite, async (units) => {
        report.done = (report.done ?? 0) + units
        await setReport(importId, 'running', report)
      }),
    )
  }
  delete report.done
  await finish('done', report)
}

export const exchangeImportHandlers: Record<'exchange-import', TaskHandler> = {
  'exchange-import': {
    run: (task) => runExchangeImport(Number(task.payload.importId)),
    giveUp: async (task, error) => {
      console.error('[exchange] import failed for good', task.payload.importId, error)
      await db().query(`update exchange_imports set status = 'failed', report = $2 where id = $1`, [
        Number(task.payload.importId),
        JSON.stringify({ error: 'import-failed', files: [] } satisfies ExchangeImportReport),
      ])
    },
  },
}
