import { wakeWorker } from '../jobs/wake.server'
import { db } from '../db/db.server'
import { getEnv } from '../env.server'
import { MalformedUpload, partText, readMultipart } from '../http/multipart.server'
import { enqueue } from '../jobs/queue.server'
import { imageFrom, queueIndexImage } from './index-images.server'
import type { TaskHandler } from '../jobs/worker.server'
import { findMemory } from './memories.server'
import type { ImportReport, LanguagePair } from './tmx'
import { readTmxUpload } from './tmx-archive.server'
import { importedUnits, preparedInThread, tmxPrepareEntry } from './tmx-prepare.server'
import { importUnitBatches, undoImport, writePreparedBatches } from './units.server'
import { rowId } from '../http/row-id'

/**
 * Issue 5 "TMX": an upload into a memory, imported by a durable task. The upload is stored in the database in
 * chunks (tmx_import_chunks) as it arrives, so no request or task ever holds the whole file. The task reads it
 * once, writing units as it goes, and undoes what it wrote if the file breaks, so a broken file changes nothing
 * (runTmxImport). Progress and the reader's report stay on the tmx_imports row for the memories page.
 */
export type TmxUploadError = 'missing-file' | 'file-too-big' | 'wrong-extension' | 'no-memory' | 'memory-locked'

export type TmxImportStatus = 'uploading' | 'queued' | 'running' | 'done' | 'failed'

export interface TmxImport {
  id: number
  memoryId: number
  memoryName: string
  fileName: string
  fileSize: number
  status: TmxImportStatus
  bytesRead: number
  unitsRead: number
  /** Set once the file is read (with its error while a broken one is undone); final when done or failed. */
  report: StoredReport | null
}

/** The reader's report, or (code import-failed) a task that failed for a reason that is no fault of the file. */
export type StoredReport = Omit<ImportReport, 'error'> & { error?: { code: string; unitIndex?: number } }

// Each chunk is one statement: small enough not to hold the embedded database's session for long (decision 0013).
const CHUNK_BYTES = 256 * 1024
const ACCEPTED_NAMES = /\.(tmx|tmx\.gz|gz|zip)$/i

export function tmxUploadMaxBytes(): number {
  return getEnv().TMX_UPLOAD_MAX_MB * 1024 * 1024
}

/**
 * Reads the multipart form (fields memoryId and file), storing the file chunk by chunk, and queues its import.
 * A refused upload leaves nothing behind.
 */
export async function receiveTmxUpload(
  request: Request,
  ownerId: number,
): Promise<{ ok: true; importId: number; memoryName: string } | { ok: false; code: TmxUploadError }> {
  const maxBytes = tmxUploadMaxBytes()
  let stored: { importId: number; size: number; tooBig: boolean; name: string } | undefined
  let form: Map<string, string[]>
  try {
    form = await readMultipart(request, async ({ name, filename, data }) => {
      if (name !== 'file' || filename === undefined || stored) return partText(data, 1_000)
      stored = await storeTmxUpload(ownerId, filename, data, maxBytes)
      return `import:${stored.importId}`
    })
  } catch (error) {
    if (stored) await db().query('delete from tmx_imports where id = $1', [stored.importId])
    if (error instanceof MalformedUpload) return { ok: false, code: 'missing-file' }
    throw error
  }
  const refuse = async (code: TmxUploadError) => {
    if (stored) await db().query('delete from tmx_imports where id = $1', [stored.importId])
    return { ok: false as const, code }
  }
  if (!stored || (stored.size === 0 && stored.name === '')) return refuse('missing-file')
  if (!ACCEPTED_NAMES.test(stored.name)) return refuse('wrong-extension')
  if (stored.tooBig) return refuse('file-too-big')
  if (stored.size === 0) return refuse('missing-file')
  const memoryId = rowId(form.get('memoryId')?.[0])
  const memory = memoryId === undefined ? undefined : await findMemory(ownerId, memoryId)
  if (!memory) return refuse('no-memory')
  // A locked memory is a read-only reference (SPEC §3 canUpdate false): unlock it to import.
  if (!memory.canUpdate) return refuse('memory-locked')
  const importId = stored.importId
  await db().transaction(async (tx) => {
    await tx.query(`update tmx_imports set memory_id = $2, status = 'queued' where id = $1`, [importId, memory.id])
    await enqueue(tx, { kind: 'tmx-import', payload: { importId }, maxAttempts: 3 })
  })
  wakeWorker()
  return { ok: true, importId, memoryName: memory.name }
}

/** Stores an upload's bytes as they come, in chunks of CHUNK_BYTES, on a new tmx_imports row (also for bench/tm). */
export async function storeTmxUpload(ownerId: number, fileName: string, data: AsyncIterable<Uint8Array>, maxBytes: number) {
  const [row] = await db().query<{ id: number }>('insert into tmx_imports (owner_id, file_name) values ($1, $2) returning id', [
    ownerId,
    fileName.trim().slice(0, 255),
  ])
  const importId = row!.id
  let size = 0
  let tooBig = false
  let position = 0
  let pending: Uint8Array[] = []
  let pendingBytes = 0
  const flush = async () => {
    if (pendingBytes === 0) return
    await db().query('insert into tmx_import_chunks (import_id, position, bytes) values ($1, $2, $3)', [
      importId,
      position++,
      Buffer.concat(pending),
    ])
    pending = []
    pendingBytes = 0
  }
  for await (const chunk of data) {
    size += chunk.byteLength
    if (size > maxBytes) tooBig = true
    // Past the limit the rest is drained, not stored.
    if (tooBig) continue
    pending.push(chunk)
    pendingBytes += chunk.byteLength
    if (pendingBytes >= CHUNK_BYTES) await flush()
  }
  if (!tooBig) await flush()
  await db().query('update tmx_imports set file_size = $2 where id = $1', [importId, size])
  return { importId, size, tooBig, name: fileName.trim() }
}

const importColumns = /* sql */ `i.id, i.memory_id as "memoryId", m.name as "memoryName", i.file_name as "fileName",
  i.file_size as "fileSize", i.status, i.bytes_read as "bytesRead", i.units_read as "unitsRead", i.report`

interface ImportRow extends Omit<TmxImport, 'fileSize' | 'bytesRead'> {
  fileSize: number | string
  bytesRead: number | string
}

function toImport(row: ImportRow): TmxImport {
  return { ...row, fileSize: Number(row.fileSize), bytesRead: Number(row.bytesRead) }
}

/** The user's latest imports, newest first (the memories page shows their progress and reports). */
export async function listImports(ownerId: number, limit = 5): Promise<TmxImport[]> {
  const rows = await db().query<ImportRow>(
    `select ${importColumns} from tmx_imports i join memories m on m.id = i.memory_id
      where i.owner_id = $1 and i.status <> 'uploading' order by i.id desc limit $2`,
    [ownerId, limit],
  )
  return rows.map(toImport)
}

export function isImportPending(job: Pick<TmxImport, 'status'>): boolean {
  return job.status === 'queued' || job.status === 'running'
}

/** Percent done: the part of the stored upload read so far. */
export function importPercent(job: TmxImport): number {
  if (job.status === 'done' || job.status === 'failed') return 100
  return job.fileSize > 0 ? Math.min(100, Math.floor((100 * job.bytesRead) / job.fileSize)) : 0
}

interface ImportTask {
  id: number
  memoryId: number
  sourceLang: string
  targetLang: string
  report: StoredReport | null
  /** The stored upload's size in bytes. */
  fileSize: number
}

async function importToRun(importId: number): Promise<ImportTask | undefined> {
  const [row] = await db().query<ImportTask>(
    `select i.id, i.memory_id as "memoryId", m.source_lang as "sourceLang", m.target_lang as "targetLang", i.report,
            coalesce(i.file_size, 0)::float8 as "fileSize"
       from tmx_imports i join memories m on m.id = i.memory_id where i.id = $1`,
    [importId],
  )
  return row
}

/**
 * The stored upload, one chunk per query; `read.bytes` counts the bytes handed over. On PGlite the next chunk is
 * asked for as soon as one is handed over: its one database thread answers statements in turn, so a chunk asked for
 * when needed waited behind the import's own write each time (a 100,000-unit import took 13.7 s against 9.8 s).
 * On PostgreSQL, where it does not wait, asking ahead measured slower (10–11 s against 8–8.5 s), so it does not.
 */
async function* storedUpload(importId: number, read = { bytes: 0 }): AsyncGenerator<Uint8Array> {
  const chunkAt = async (position: number) => {
    const [chunk] = await db().query<{ bytes: Uint8Array }>('select bytes from tmx_import_chunks where import_id = $1 and position = $2', [
      importId,
      position,
    ])
    return chunk
  }
  const ahead = db().kind === 'pglite'
  let next = chunkAt(0)
  for (let position = 1; ; position++) {
    const chunk = await next
    if (!chunk) return
    if (ahead) {
      next = chunkAt(position)
      // Handled when awaited; a reading given up early leaves it unread.
      next.catch(() => {})
    }
    read.bytes += chunk.bytes.byteLength
    yield new Uint8Array(chunk.bytes)
    if (!ahead) next = chunkAt(position)
  }
}

async function finish(importId: number, status: 'done' | 'failed', report: StoredReport): Promise<void> {
  await db().transaction(async (tx) => {
    await tx.query(`update tmx_imports set status = $2, report = $3, finished_at = now() where id = $1`, [
      importId,
      status,
      JSON.stringify(report),
    ])
    await tx.query('delete from tmx_import_chunks where import_id = $1', [importId])
    await tx.query('delete from tm_import_undo where import_id = $1', [importId])
  })
}

/**
 * The import task, in one pass (decision 0014, third addendum): the units are written as they are read, each batch
 * leaving an undo entry; a file that turns out broken is then undone (undoImport), so it changes nothing in the end.
 * A task cut off (kill -9) runs again from the start: writing a unit again changes nothing, and its undo entries
 * replay newest first, so those of both runs take the memory back to where it was. One cut off while undoing
 * (the report already holds the error) goes on undoing.
 */
export async function runTmxImport(importId: number): Promise<void> {
  const job = await importToRun(importId)
  if (!job) return // the memory or the import was deleted meanwhile
  if (job.report?.error) return undoAndFail(job.id, job.report)
  const pair = { sourceLang: job.sourceLang, targetLang: job.targetLang }
  await db().query(`update tmx_imports set status = 'running', bytes_read = 0, units_read = 0, report = null where id = $1`, [job.id])

  const read = { bytes: 0 }
  const onProgress = async (unitsRead: number) => {
    // Two batches' reports may arrive in either order on PostgreSQL (importUnits): the figures only grow.
    await db().query('update tmx_imports set units_read = greatest(units_read, $2), bytes_read = greatest(bytes_read, $3) where id = $1', [
      job.id,
      unitsRead,
      read.bytes,
    ])
  }
  const report = await writeUnits(job.memoryId, storedUpload(job.id, read), job.fileSize, pair, onProgress, job.id)
  if (report.error) return undoAndFail(job.id, report)
  await finish(job.id, 'done', report)
  // The next instance to load the memory would read every unit imported: an image of its index spares that.
  if (report.imported >= imageFrom.units) await queueIndexImage(db(), job.memoryId)
}

/** A broken file: its report first (so that a task cut off now resumes undoing), then what it wrote is undone. */
async function undoAndFail(importId: number, report: StoredReport): Promise<void> {
  await db().query('update tmx_imports set report = $2 where id = $1', [importId, JSON.stringify(report)])
  await undoImport(importId)
  await finish(importId, 'failed', report)
}

/**
 * Reads the upload and writes its units, returning the reader's report: on PostgreSQL with the reading, tokenizing
 * and hashing in a prepare thread (tmx-prepare.server.ts) when the app runs from its build and the upload is not
 * small, else in this thread.
 */
async function writeUnits(
  memoryId: number,
  upload: AsyncIterable<Uint8Array>,
  uploadBytes: number,
  pair: LanguagePair,
  onProgress: (unitsRead: number) => Promise<void>,
  importId: number,
): Promise<ImportReport> {
  const threadEntry = tmxPrepareEntry(uploadBytes)
  if (threadEntry && db().kind === 'postgres') {
    const outcome: { report?: ImportReport } = {}
    await writePreparedBatches(memoryId, preparedInThread(threadEntry, upload, pair, outcome), onProgress, importId)
    return outcome.report!
  }
  const reading = readTmxUpload(upload, pair)
  await importUnitBatches(memoryId, importedUnits(reading.batches), onProgress, importId)
  return reading.importReport
}

export const tmxImportHandlers: Record<'tmx-import', TaskHandler> = {
  'tmx-import': {
    run: (task) => runTmxImport(Number(task.payload.importId)),
    async giveUp(task) {
      const importId = Number(task.payload.importId)
      const [row] = await db().query<{ report: StoredReport | null }>('select report from tmx_imports where id = $1', [importId])
      if (!row) return
      const report: StoredReport = row.report ?? {
        imported: 0,
        skipped: 0,
        skippedByCode: { 'no-variant-for-pair': 0, 'empty-segment': 0, 'invalid-inline-codes': 0, 'segment-too-long': 0 },
        issues: [],
        header: {},
      }
      await undoAndFail(importId, { ...report, error: { code: 'import-failed' } })
    },
  },
}
