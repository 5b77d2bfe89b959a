import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createUser } from '../../app/lib/auth/users.server'
import { openDatabase, type Database } from '../../app/lib/db/database.server'
import { db } from '../../app/lib/db/db.server'
import { formatById } from '../../app/lib/formats/registry.server'
import type { TaskKind } from '../../app/lib/jobs/queue.server'
import { startWorker, type TaskHandler } from '../../app/lib/jobs/worker.server'
import { segmentUnits, taskHandlers } from '../../app/lib/projects/pipeline.server'
import { createProject } from '../../app/lib/projects/projects.server'
import { buildParagraphs, htmlDocument, readSourceLines } from '../import/documents'

/**
 * The benchmark's database and project: a fresh PGlite directory (or, with DATABASE_URL, a fresh PostgreSQL
 * schema), a user made with the app's createUser, and an HTML document of NTREX-128 news sentences uploaded
 * with createProject and converted and analysed by the app's worker — the path an upload takes.
 */
export const USER = { email: 'bench@example.org', name: 'Bench', password: 'bench-password-1' }

export interface BenchDatabase {
  engine: 'PGlite' | 'PostgreSQL'
  /** What the server process needs in its environment to open the same database. */
  serverEnv: Record<string, string>
  open(): Promise<Database>
  dispose(): Promise<void>
}

export async function benchDatabase(): Promise<BenchDatabase> {
  const url = process.env.DATABASE_URL
  if (url) {
    const schema = `bench_translator_${crypto.randomBytes(4).toString('hex')}`
    const admin = await openDatabase({ kind: 'postgres', url, poolSize: 1 })
    await admin.query(`create schema ${schema}`)
    const withSchema = new URL(url)
    withSchema.searchParams.set('options', `-c search_path=${schema}`)
    return {
      engine: 'PostgreSQL',
      serverEnv: { DATABASE_URL: withSchema.toString() },
      open: () => openDatabase({ kind: 'postgres', url, poolSize: 2, schema }),
      dispose: async () => {
        await admin.query(`drop schema ${schema} cascade`)
        await admin.close()
      },
    }
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tulks-bench-translator-'))
  return {
    engine: 'PGlite',
    serverEnv: { DATA_DIR: dataDir, DATABASE_URL: '' },
    open: () => openDatabase({ kind: 'pglite', dataDir }),
    dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  }
}

/**
 * An HTML document of NTREX-128 sentences (lines repeated with "(k) ", some with bold, italic or a link) with
 * about `segments` segments: the app's segmentation runs once over the lines, and paragraphs are added until
 * their counts reach the target (the "(k) " prefix hardly ever changes a split; the project reports the exact count).
 */
export function translatorDocument(segments: number): { bytes: Uint8Array; paragraphs: number } {
  const lines = readSourceLines()
  const rows = segmentUnits(formatById('html')!.extract(htmlDocument(buildParagraphs(lines, lines.length))), 'en')
  // Units are the title, the heading, then one per paragraph.
  const perLine = new Array<number>(lines.length).fill(0)
  for (const row of rows) if (row.unitPosition >= 2) perLine[row.unitPosition - 2]! += 1
  let paragraphs = 0
  for (let total = 0; total < segments; paragraphs++) total += perLine[paragraphs % lines.length] ?? 1
  return { bytes: htmlDocument(buildParagraphs(lines, paragraphs)), paragraphs }
}

export interface CreatedProject {
  id: number
  password: string
  segmentCount: number
  /** Segment id → position, for the baseline's position-range read. */
  positions: Map<number, number>
  /** Wall times in ms: createProject (upload), and each worker task kind. */
  timings: { upload: number; tasks: Partial<Record<TaskKind, number>> }
}

/**
 * Makes `user` (the benchmark user unless told), uploads `bytes` as its project and runs the worker until the project
 * is ready. A user of its own gives the project a default memory of its own.
 */
export async function createBenchProject(bytes: Uint8Array, user = USER): Promise<CreatedProject> {
  const created = await createUser(user)
  if (!created.ok) throw new Error(`could not create the benchmark user: ${created.error}`)
  const ownerId = created.user.id
  const uploadStart = performance.now()
  const project = await createProject({
    ownerId,
    name: 'ntrex-translator-bench.html',
    format: 'html',
    bytes,
    sourceLang: 'en',
    targetLang: 'lv',
    tmPretranslate: false,
    mtPretranslate: false,
  })
  const upload = performance.now() - uploadStart

  const tasks: Partial<Record<TaskKind, number>> = {}
  const timed = (kind: TaskKind, handler: TaskHandler): TaskHandler => ({
    ...handler,
    async run(task) {
      const start = performance.now()
      await handler.run(task)
      tasks[kind] = (tasks[kind] ?? 0) + performance.now() - start
    },
  })
  const failures: string[] = []
  const worker = startWorker({
    handlers: { convert: timed('convert', taskHandlers.convert), analyse: timed('analyse', taskHandlers.analyse) },
    log: (message) => failures.push(message),
  })
  await worker.idle()
  await worker.stop()
  if (failures.length > 0) throw new Error(`the worker failed:\n${failures.join('\n')}`)

  const rows = await db().query<{ id: number; position: number }>('select id, position from segments where project_id = $1', [project.id])
  const [state] = await db().query<{ status: string; analysisStatus: string }>(
    'select status, analysis_status as "analysisStatus" from projects where id = $1',
    [project.id],
  )
  if (state?.status !== 'READY' || state.analysisStatus !== 'DONE') throw new Error(`the project is not ready: ${JSON.stringify(state)}`)
  return { ...project, segmentCount: rows.length, positions: new Map(rows.map((row) => [row.id, row.position])), timings: { upload, tasks } }
}

/**
 * The baseline: the window's rows read straight from the database — the 11 segments around a position, the
 * columns the translator shows — with nothing else (no session, project check, counts or rendering).
 */
export function bareWindowRead(projectId: number, position: number, size: number) {
  return db().query(
    `select id, position, source, target, status, save_type, save_match, word_count, repetition_of
       from segments where project_id = $1 and position between $2 and $3 order by position`,
    [projectId, position - size, position + size],
  )
}
