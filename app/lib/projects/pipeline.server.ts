import { countWords } from '../analysis/word-count'
import { db } from '../db/db.server'
import type { Queryable } from '../db/database.server'
import { formatById } from '../formats/registry.server'
import { FormatError, type Unit } from '../formats/types'
import { enqueue, type Task } from '../jobs/queue.server'
import { PermanentTaskError, type TaskHandler } from '../jobs/worker.server'
import { segmentTokens, splitWhitespace } from '../segmentation'
import { normalize, parse, plainText, restoreRefs, serialize } from '../tags'
import type { TaggedText } from '../tags/types'
import { pretranslateFromMt } from '../mt/project-mt.server'
import { analyseTm, pretranslateFromTm, projectForTm } from '../tm/project-tm.server'
import { projectBytes } from './projects.server'

/**
 * DESIGN "Data flow" 2–3 and 5: convert (file → units → segments), analyse (counts, repetitions), and the
 * merge back for download. Conversion replaces a project's units and segments in one transaction, so a
 * task cut off half-way and run again leaves no half-written project.
 */
/** Held while segment ids are taken, so that a project's ids stay one block (split-merge.server.ts takes it too). */
export const SEGMENT_ID_LOCK = 7_301_202_613

interface SegmentRow {
  unitPosition: number
  source: string
  sourcePlain: string
  prefix: string
  suffix: string
  wordCount: number
  target: string | null
  status: 'NEW' | 'DRAFT' | 'TRANSLATED'
}

/** Splits units into segment rows; whitespace and tag-only pieces go into the neighbours' prefix/suffix. */
export function segmentUnits(units: Unit[], language: string): SegmentRow[] {
  const rows: SegmentRow[] = []
  units.forEach((unit, unitPosition) => {
    // A unit that arrives translated keeps its translation whole: the target cannot be split the same way.
    const pieces = unit.segmentable && !unit.target ? segmentTokens(unit.source, language) : [unit.source]
    let carried = ''
    const unitRows: SegmentRow[] = []
    for (const piece of pieces) {
      const { leading, core, trailing } = splitWhitespace(piece)
      const text = plainText(core)
      if (text.trim() === '') {
        carried += serialize(piece)
        continue
      }
      unitRows.push({
        unitPosition,
        source: serialize(core),
        sourcePlain: text,
        prefix: carried + leading,
        suffix: trailing,
        wordCount: countWords(text, language),
        target: unit.target ? serialize(splitWhitespace(unit.target).core) : null,
        status: unit.target ? statusOf(unit.targetState) : 'NEW',
      })
      carried = ''
    }
    const last = unitRows.at(-1)
    if (last) last.suffix += carried
    rows.push(...unitRows)
  })
  return rows
}

function statusOf(state: Unit['targetState']): SegmentRow['status'] {
  if (state === 'translated' || state === 'final') return 'TRANSLATED'
  return state === 'new' ? 'NEW' : 'DRAFT'
}

async function projectForTask(task: Task) {
  const [project] = await db().query<{ id: number; format: string; sourceLang: string }>(
    `select id, format, source_lang as "sourceLang" from projects where id = $1`,
    [task.projectId],
  )
  return project
}

export async function convertProject(projectId: number, sourceLang: string, format: string): Promise<void> {
  const filter = formatById(format)
  if (!filter) throw new PermanentTaskError(`unknown format ${format}`, 'ErrorConvertingFile')
  let units: Unit[]
  try {
    units = filter.extract(await projectBytes(projectId))
  } catch (error) {
    if (error instanceof FormatError) throw new PermanentTaskError(error.message, 'ErrorConvertingFile')
    throw error
  }
  const rows = segmentUnits(units, sourceLang)
  await db().transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SEGMENT_ID_LOCK])
    await tx.query('delete from units where project_id = $1', [projectId])
    const unitIds = await insertUnits(tx, projectId, units)
    await insertSegments(tx, projectId, rows, unitIds)
    const words = rows.reduce((sum, row) => sum + row.wordCount, 0)
    await tx.query(
      `update projects set status = 'READY', analysis_status = $2, segment_count = $3, word_count = $4,
              segments_analyzed = 0, error_code = null, error_detail = null
        where id = $1`,
      [projectId, rows.length === 0 ? 'EMPTY' : 'ANALYSING', rows.length, words],
    )
    if (rows.length > 0) await enqueue(tx, { kind: 'analyse', projectId })
  })
}

/**
 * Rows go in as one statement per table with array parameters (unnest), which is several times faster than
 * batches of VALUES on both engines; WITH ORDINALITY keeps document order, so ids follow positions.
 */
async function insertUnits(tx: Queryable, projectId: number, units: Unit[]): Promise<number[]> {
  if (units.length === 0) return []
  const rows = await tx.query<{ id: number; position: number }>(
    `insert into units (project_id, position, key, context)
     select $1, u.ordinality - 1, u.key, u.context
       from unnest($2::text[], $3::text[]) with ordinality as u(key, context, ordinality)
      order by u.ordinality
     returning id, position`,
    [projectId, units.map((unit) => unit.key), units.map((unit) => unit.context ?? null)],
  )
  const ids: number[] = new Array(units.length)
  for (const row of rows) ids[row.position] = row.id
  return ids
}

async function insertSegments(tx: Queryable, projectId: number, rows: SegmentRow[], unitIds: number[]) {
  if (rows.length === 0) return
  await tx.query(
    `insert into segments (project_id, unit_id, position, source, source_plain, prefix, suffix, word_count,
                           target, status)
     select $1, s.unit_id, s.ordinality - 1, s.source, s.source_plain, s.prefix, s.suffix, s.word_count,
            s.target, s.status
       from unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::text[], $9::text[])
            with ordinality as s(unit_id, source, source_plain, prefix, suffix, word_count, target, status, ordinality)
      order by s.ordinality`,
    [
      projectId,
      rows.map((row) => unitIds[row.unitPosition]),
      rows.map((row) => row.source),
      rows.map((row) => row.sourcePlain),
      rows.map((row) => row.prefix),
      rows.map((row) => row.suffix),
      rows.map((row) => row.wordCount),
      rows.map((row) => row.target),
      rows.map((row) => row.status),
    ],
  )
}

/**
 * Analysis: repetitions within the project, then the best TM match of each segment and the words per band, with
 * "segments analysed" progress per batch as SPEC's overlay shows. A project uploaded with "fill everything from
 * 100% TM" goes on to pretranslate (DESIGN "Data flow" 3) before it is DONE.
 */
export async function analyseProject(projectId: number): Promise<void> {
  await db().query(
    `update segments s set repetition_of = f.first_id
       from (select source, min(id) as first_id from segments where project_id = $1
              group by source having count(*) > 1) f
      where s.project_id = $1 and s.source = f.source and s.id <> f.first_id`,
    [projectId],
  )
  const project = await projectForTm(projectId)
  if (!project) return
  await analyseTm(project, async (done) => {
    await db().query('update projects set segments_analyzed = $2 where id = $1', [projectId, done])
  })
  await db().transaction(async (tx) => {
    // Issue 6: "fill from MT" at upload needs a system to fill from.
    const [row] = await tx.query<{ useTm: boolean; useMt: boolean }>(
      `update projects set segments_analyzed = segment_count, pretranslated = 0,
              analysis_status = case when tm_pretranslate or (mt_pretranslate and mt_system_id is not null)
                                     then 'PRETRANSLATING' else 'DONE' end
        where id = $1
        returning tm_pretranslate as "useTm", mt_pretranslate and mt_system_id is not null as "useMt"`,
      [projectId],
    )
    if (row && (row.useTm || row.useMt)) await enqueue(tx, { kind: 'pretranslate', projectId, payload: { useTm: row.useTm, useMt: row.useMt } })
  })
}

/** SPEC §4 "Pretranslate": fills from TM (and MT, issue 6), then the project is DONE and the translator reloads. */
export async function pretranslateProject(projectId: number, payload: Record<string, unknown>): Promise<void> {
  const project = await projectForTm(projectId)
  if (!project) return
  const progress = async (done: number) => {
    await db().query('update projects set pretranslated = $2 where id = $1', [projectId, done])
  }
  if (payload.useTm) await pretranslateFromTm(project, progress)
  if (payload.useMt) await pretranslateFromMt(projectId, progress)
  await db().query(`update projects set analysis_status = 'DONE' where id = $1 and analysis_status = 'PRETRANSLATING'`, [projectId])
}

/** A pretranslation that keeps failing leaves the project usable as it is: what was filled stays. */
async function endPretranslation(task: Task, error: unknown) {
  console.error('[pretranslate] gave up on project', task.projectId, error)
  await db().query(`update projects set analysis_status = 'DONE' where id = $1 and analysis_status = 'PRETRANSLATING'`, [task.projectId])
}

/** Marks a project whose conversion failed for good with SPEC §8's code, so the file list can say so. */
async function markFailed(task: Task, error: unknown) {
  const code = error instanceof PermanentTaskError && error.code ? error.code : 'ErrorCreatingProject'
  await db().query(`update projects set status = 'FAILED', error_code = $2, error_detail = $3 where id = $1`, [
    task.projectId,
    code,
    error instanceof Error ? error.message.slice(0, 500) : String(error),
  ])
}

export const taskHandlers: Record<'convert' | 'analyse' | 'pretranslate', TaskHandler> = {
  convert: {
    async run(task) {
      const project = await projectForTask(task)
      if (!project) return // deleted meanwhile
      await convertProject(project.id, project.sourceLang, project.format)
    },
    giveUp: markFailed,
  },
  analyse: {
    async run(task) {
      const project = await projectForTask(task)
      if (!project) return
      await analyseProject(project.id)
    },
    giveUp: markFailed,
  },
  pretranslate: {
    async run(task) {
      if (task.projectId !== null) await pretranslateProject(task.projectId, task.payload)
    },
    giveUp: endPretranslation,
  },
}

/** DESIGN "Data flow" 5: the original with current targets merged back; untranslated segments keep the source. */
export async function translatedFile(projectId: number, format: string): Promise<Uint8Array> {
  const filter = formatById(format)
  if (!filter) throw new Error(`unknown format ${format}`)
  const rows = await db().query<{ key: string; source: string; target: string | null; prefix: string; suffix: string }>(
    `select u.key, s.source, s.target, s.prefix, s.suffix
       from segments s join units u on u.id = s.unit_id
      where s.project_id = $1 order by s.position`,
    [projectId],
  )
  // Each piece is read on its own: joined as strings, a split's "&" + "lt;" would read as "<".
  const pieces = new Map<string, TaggedText>()
  for (const row of rows) {
    const text = row.target && row.target.length > 0 ? row.target : row.source
    const unitPieces = pieces.get(row.key) ?? []
    unitPieces.push(...parse(row.prefix), ...parse(text), ...parse(row.suffix))
    pieces.set(row.key, unitPieces)
  }
  const original = await projectBytes(projectId)
  const units = new Map(filter.extract(original).map((unit) => [unit.key, unit]))
  const translations = new Map<string, TaggedText>()
  for (const [key, parts] of pieces) {
    const unit = units.get(key)
    if (!unit) continue
    // Targets were checked when saved (segment-rules checkTarget), so their tags are sound here.
    translations.set(key, restoreRefs(normalize(parts), unit.source))
  }
  return filter.merge(original, translations)
}
