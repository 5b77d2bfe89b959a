import crypto from 'node:crypto'
import { politely } from '../jobs/politely.server'
import { countWords } from '../analysis/word-count'
import { db } from '../db/db.server'
import type { Database, Queryable } from '../db/database.server'
import { copyRows } from '../db/pglite-statements.server'
import { formatById } from '../formats/registry.server'
import { FormatError, type KeptText, type Unit } from '../formats/types'
import { enqueue, type Task } from '../jobs/queue.server'
import { PermanentTaskError, type TaskHandler } from '../jobs/worker.server'
import { MAX_SEGMENT_CHARACTERS, segmentTokens, splitWhitespace } from '../segmentation'
import { normalize, parse, plainText, restoreRefs, serialize } from '../tags'
import type { TaggedText } from '../tags/types'
import { checkUnchecked, queueQaCheck } from '../qa/segment-qa.server'
import { pretranslateFromMt } from '../mt/project-mt.server'
import { analyseTm, pretranslateFromTm, projectForTm } from '../tm/project-tm.server'
import { projectBytes } from './projects.server'
import { allRows } from './segments.server'

/**
 * DESIGN "Data flow" 2–3 and 5: convert (file → units → segments), analyse (counts, repetitions), and the
 * merge back for download. Conversion writes in bounded batches (no statement holds the database for long,
 * docs/decisions/0013) behind a project that is not yet visible: it stays WAITING until one last short
 * transaction makes it READY, and a conversion cut off half-way starts again by removing what it wrote.
 */
/** Held while segment ids are taken, so that a project's ids stay one block (split-merge.server.ts takes it too). */
export const SEGMENT_ID_LOCK = 7_301_202_613

interface SegmentRow {
  unitPosition: number
  /** The position of the first segment of the project with the same source, when this one repeats it. */
  repeats?: number
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
  // Repetitions within the project: a source seen earlier (analysis counts them apart, SPEC's repetitions band).
  const first = new Map<string, number>()
  rows.forEach((row, position) => {
    const seen = first.get(row.source)
    if (seen === undefined) first.set(row.source, position)
    else row.repeats = seen
  })
  return rows
}

function statusOf(state: Unit['targetState']): SegmentRow['status'] {
  if (state === 'translated' || state === 'final') return 'TRANSLATED'
  return state === 'new' ? 'NEW' : 'DRAFT'
}

async function projectForTask(task: Task) {
  const [project] = await db().query<{ id: number; format: string; sourceLang: string; targetLang: string }>(
    `select id, format, source_lang as "sourceLang", target_lang as "targetLang" from projects where id = $1 and deleted_at is null`,
    [task.projectId],
  )
  return project
}

/**
 * Issue 56: a file's text holding U+0000 (a TXT with one, `&#0;` in XML), which the database cannot store in text: the
 * characters are removed from the units' text and context, the rest kept, and counted (keys: storedKey); never a failed
 * task.
 */
export function withoutNul(units: Unit[]): { units: Unit[]; removed: number } {
  let removed = 0
  const clean = (text: string) => {
    if (!text.includes('\u0000')) return text
    const kept = text.replaceAll('\u0000', '')
    removed += text.length - kept.length
    return kept
  }
  const cleanTokens = (tokens: TaggedText) => tokens.map((token) => (token.kind === 'text' && token.text.includes('\u0000') ? { ...token, text: clean(token.text) } : token))
  const cleaned = units.map((unit) => ({
    ...unit,
    source: cleanTokens(unit.source),
    ...(unit.target ? { target: cleanTokens(unit.target) } : {}),
    ...(unit.context !== undefined ? { context: clean(unit.context) } : {}),
  }))
  return { units: removed > 0 ? cleaned : units, removed }
}

/**
 * A unit's key as stored: a filter's own (a PO entry's key is its msgid, which can be 18 MB), or past KEY_KEPT
 * characters its SHA-256 — issue 50: one row holding 18 MB held the database thread, and every user's page, 600 ms.
 */
const KEY_KEPT = 200
export function storedKey(key: string): string {
  // Issue 56: without the U+0000 a key may hold (a PO msgid), which the database cannot store.
  const kept = key.replaceAll('\u0000', '')
  return kept.length <= KEY_KEPT ? kept : `sha256:${crypto.createHash('sha256').update(kept).digest('hex')}`
}

/** A unit's context, shown beside its segments: the first CONTEXT_KEPT characters. */
const CONTEXT_KEPT = 2_000
function storedContext(context: string | undefined): string | null {
  if (context === undefined) return null
  return context.length <= CONTEXT_KEPT ? context : `${context.slice(0, CONTEXT_KEPT - 1)}…`
}

/** Rows per statement while converting: about 10 ms of the embedded database's time each. */
const WRITE_BATCH = 200

export async function convertProject(projectId: number, sourceLang: string, format: string, targetLang?: string): Promise<void> {
  const filter = formatById(format)
  if (!filter) throw new PermanentTaskError(`unknown format ${format}`, 'ErrorConvertingFile')
  let units: Unit[]
  let encoding: string | undefined
  let kept: KeptText[] = []
  const bytes = await projectBytes(projectId)
  try {
    units = filter.extract(bytes, { targetLang })
    encoding = filter.encoding?.(bytes)
  } catch (error) {
    if (error instanceof FormatError) throw new PermanentTaskError(error.message, 'ErrorConvertingFile')
    // Reading the bytes is pure: what failed once fails again (an 18 MB line overflowed a regular expression's stack).
    // Issue 50: a permanent failure is not retried; it is logged, as it is ours to make a FormatError.
    console.error('[convert] reading the file failed unexpectedly:', error)
    throw new PermanentTaskError(error instanceof Error ? error.message : String(error), 'ErrorConvertingFile')
  }
  try {
    kept = filter.kept?.(bytes) ?? []
  } catch (error) {
    // Counting what the file keeps is ours to get right; a slip there must not cost the translator the file.
    console.error('[convert] counting the texts kept as they are failed:', error)
  }
  const nul = withoutNul(units)
  if (nul.removed > 0) console.info(`[convert] project ${projectId}: ${nul.removed} U+0000 characters removed from its text`)
  units = nul.units
  const rows = segmentUnits(units, sourceLang)
  // Issue 50: a segment no rule could cut below the bound is refused, the limit named, before anything is stored.
  if (rows.some((row) => row.source.length > MAX_SEGMENT_CHARACTERS || (row.target?.length ?? 0) > MAX_SEGMENT_CHARACTERS)) {
    throw new PermanentTaskError(`a segment is longer than ${MAX_SEGMENT_CHARACTERS} characters`, 'SegmentTooLong')
  }
  await removeConversion(projectId)
  const ids = await reserveIds(units.length, rows.length)
  const unitIds = units.map((_, position) => ids.firstUnit + position)
  for (let at = 0; at < units.length; at += WRITE_BATCH) {
    if (!(await politely(() => insertUnits(projectId, units, unitIds, at, at + WRITE_BATCH)))) return // deleted meanwhile
  }
  for (let at = 0; at < rows.length; at += WRITE_BATCH) {
    if (!(await politely(() => insertSegments(projectId, rows, unitIds, ids.firstSegment, at, at + WRITE_BATCH)))) return
  }
  const words = rows.reduce((sum, row) => sum + row.wordCount, 0)
  await db().transaction(async (tx) => {
    const ready = await tx.query(
      `update projects set status = 'READY', analysis_status = $2, segment_count = $3, word_count = $4,
              segments_analyzed = 0, error_code = null, error_detail = null, encoding = $5, kept_as_is = $6::jsonb
        where id = $1 and deleted_at is null returning id`,
      [projectId, rows.length === 0 ? 'EMPTY' : 'ANALYSING', rows.length, words, encoding ?? null, kept.length > 0 ? JSON.stringify(kept) : null],
    )
    if (ready.length > 0 && rows.length > 0) await enqueue(tx, { kind: 'analyse', projectId })
    if (ready.length > 0) await replaceEarlierVersion(tx, projectId)
  })
}

/**
 * Issue 19 "a new version of a file", issue 50 "nothing lost": the earlier version's work goes to the new version's
 * segments whose source is unchanged — each occurrence to the same occurrence (the n-th "Save." to the n-th): its
 * confirmed translation (as a 100% match, to be checked again by QA) or its draft, and its comments, threads kept. A
 * new occurrence with no earlier one takes the newest confirmed translation of its source. What could not go (the
 * source changed) is counted, and the new version says so (projects.carried_over). The earlier version is not
 * deleted: it is superseded by the new one, hidden from the lists, and can be brought back or removed from the new
 * version's row. All in the transaction that makes the new one ready, so a retried conversion does it once.
 */
async function replaceEarlierVersion(tx: Queryable, projectId: number): Promise<void> {
  const [earlier] = await tx.query<{ id: number }>(
    `select o.id from projects p join projects o on o.id = p.replaces_id and o.owner_id = p.owner_id
      where p.id = $1 and o.deleted_at is null and o.superseded_by is null`,
    [projectId],
  )
  if (!earlier) return
  // Each segment of both versions numbered among those with the same source, in document order.
  const occurrences = (project: string) => /* sql */ `select id, source, target, status, save_type, save_match,
      row_number() over (partition by md5(source), source order by position) as occurrence
      from segments where project_id = ${project}`
  const pairs = /* sql */ `pairs as (
      select n.id as new_id, o.id as old_id, o.target, o.status, o.save_type, o.save_match
        from (${occurrences('$1')}) n join (${occurrences('$2')}) o
          on md5(n.source) = md5(o.source) and n.source = o.source and n.occurrence = o.occurrence)`
  const carried = await tx.query<{ status: string }>(
    `with ${pairs}
     update segments n set target = p.target, status = p.status,
            save_type = case when p.status = 'TRANSLATED' then 'TM' else p.save_type end,
            save_match = case when p.status = 'TRANSLATED' then 100 else p.save_match end, qa = null, updated_at = now(),
            edit_how = 'carried-over'
       from pairs p
      where n.id = p.new_id and p.status in ('TRANSLATED', 'DRAFT') and p.target is not null
      returning n.status`,
    [projectId, earlier.id],
  )
  const repeated = await tx.query(
    `update segments n set target = o.target, status = 'TRANSLATED', save_type = 'TM', save_match = 100, qa = null, updated_at = now()
       from (select distinct on (md5(source)) source, target from segments
              where project_id = $2 and status = 'TRANSLATED' and target is not null
              order by md5(source), updated_at desc nulls last) o
      where n.project_id = $1 and n.status = 'NEW' and md5(n.source) = md5(o.source) and n.source = o.source
      returning n.id`,
    [projectId, earlier.id],
  )
  const comments = await carryComments(tx, pairs, projectId, earlier.id)
  const [left] = await tx.query<{ drafts: number; confirmed: number; comments: number }>(
    `with ${pairs}
     select count(*) filter (where o.status = 'DRAFT' and o.target is not null)::int as drafts,
            count(*) filter (where o.status = 'TRANSLATED' and o.target is not null)::int as confirmed,
            (select count(*)::int from comments c where c.project_id = $2 and c.message_type = 1
                and c.segment_id not in (select old_id from pairs)) as comments
       from segments o where o.project_id = $2 and o.id not in (select old_id from pairs)`,
    [projectId, earlier.id],
  )
  const report = {
    confirmed: carried.filter((row) => row.status === 'TRANSLATED').length + repeated.length,
    drafts: carried.filter((row) => row.status === 'DRAFT').length,
    comments,
    leftTranslations: (left?.drafts ?? 0) + (left?.confirmed ?? 0),
    leftComments: left?.comments ?? 0,
  }
  await tx.query('update projects set carried_over = $2::jsonb where id = $1', [projectId, JSON.stringify(report)])
  await tx.query('update projects set superseded_by = $2 where id = $1', [earlier.id, projectId])
  // One earlier version is kept: the one before it, if it still was, goes now.
  const older = await tx.query<{ id: number }>(
    'update projects set deleted_at = now() where superseded_by = $1 and deleted_at is null returning id',
    [earlier.id],
  )
  for (const { id } of older) await enqueue(tx, { kind: 'purge-project', projectId: id })
  if (carried.length + repeated.length > 0) await queueQaCheck(tx, projectId)
}

/** The earlier version's comments on segments carried over, copied in order, each thread kept whole. Their count. */
async function carryComments(tx: Queryable, pairs: string, projectId: number, earlierId: number): Promise<number> {
  const comments = await tx.query<{ id: number; newSegmentId: number; userId: number | null; fullName: string; message: string; messageType: number; threadId: number | null; createdAt: string }>(
    `with ${pairs}
     select c.id, p.new_id as "newSegmentId", c.user_id as "userId", c.full_name as "fullName", c.message,
            c.message_type as "messageType", c.thread_id as "threadId", c.created_at as "createdAt"
       from comments c join pairs p on p.old_id = c.segment_id
      where c.project_id = $2 order by c.id`,
    [projectId, earlierId],
  )
  const newIds = new Map<number, number>()
  for (const comment of comments) {
    const thread = comment.threadId === null ? null : (newIds.get(comment.threadId) ?? null)
    const [copied] = await tx.query<{ id: number }>(
      `insert into comments (project_id, segment_id, user_id, full_name, message, message_type, thread_id, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
      [projectId, comment.newSegmentId, comment.userId, comment.fullName, comment.message, comment.messageType, thread, comment.createdAt],
    )
    newIds.set(comment.id, copied!.id)
    if (comment.threadId === comment.id) await tx.query('update comments set thread_id = id where id = $1', [copied!.id])
  }
  return comments.filter((comment) => comment.messageType === 1).length
}

/** What an earlier, cut-off conversion of the project wrote (segments go with their units), in bounded batches. */
async function removeConversion(projectId: number): Promise<void> {
  for (;;) {
    const removed = await db().query('delete from units where id in (select id from units where project_id = $1 limit $2) returning id', [
      projectId,
      WRITE_BATCH,
    ])
    if (removed.length < WRITE_BATCH) return
  }
}

/**
 * One block of ids for the units and one for the segments, taken under the lock every segment writer holds, so a
 * project's segment ids are consecutive (SPEC: the number shown is id − first id + 1) however the rows are batched.
 */
async function reserveIds(unitCount: number, segmentCount: number): Promise<{ firstUnit: number; firstSegment: number }> {
  return db().transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SEGMENT_ID_LOCK])
    const [row] = await tx.query<{ firstUnit: number; firstSegment: number }>(
      `select reserve_ids('units', $1) as "firstUnit", reserve_ids('segments', $2) as "firstSegment"`,
      [unitCount, segmentCount],
    )
    return row!
  })
}

/**
 * The project ($1) as a row source that also holds its row for key share until the statement commits: units and
 * segments have no foreign keys (migration 26), so a batch for a project deleted meanwhile inserts nothing, and a
 * deletion waits for the batch and then takes its rows too (the projects_deleted trigger).
 */
const PROJECT_KEPT = /* sql */ `(select id from projects where id = $1 for key share) as p`

/**
 * Rows go in as one statement per batch: by COPY on PGlite (decision 0013's 2026-11-28 addendum), with array
 * parameters (unnest) on PostgreSQL — several times faster than VALUES lists. Ids come from the reserved blocks, so
 * positions and ids stay in document order. Each returns false when the project was deleted meanwhile (PGlite stops
 * there; on PostgreSQL a batch for a deleted project inserts nothing, and the conversion ends as it would).
 */
async function insertUnits(projectId: number, units: Unit[], unitIds: number[], from: number, to: number): Promise<boolean> {
  const values = units
    .slice(from, to)
    .map((unit, index) => [unitIds[from + index]!, projectId, from + index, storedKey(unit.key), storedContext(unit.context), unit.maxLength ?? null, unit.lineLength ?? null])
  if (values.length === 0) return true
  const database = db()
  if (database.copyIn) return copyBatch(database.copyIn, projectId, 'units (id, project_id, position, key, context, max_length, line_length)', values)
  await database.query(
    `insert into units (id, project_id, position, key, context, max_length, line_length) overriding system value
     select u.id, p.id, u.position, u.key, u.context, u.max_length, u.line_length
       from ${PROJECT_KEPT} cross join unnest($2::int[], $3::int[], $4::text[], $5::text[], $6::int[], $7::int[])
            as u(id, position, key, context, max_length, line_length)`,
    unnestParameters(projectId, values),
  )
  return true
}

async function insertSegments(projectId: number, rows: SegmentRow[], unitIds: number[], firstId: number, from: number, to: number): Promise<boolean> {
  const values = rows.slice(from, to).map((row, index) => [
    firstId + from + index,
    projectId,
    unitIds[row.unitPosition]!,
    from + index,
    row.source,
    row.sourcePlain,
    row.prefix,
    row.suffix,
    row.wordCount,
    row.target,
    row.status,
    row.repeats === undefined ? null : firstId + row.repeats,
  ])
  if (values.length === 0) return true
  const database = db()
  const table = 'segments (id, project_id, unit_id, position, source, source_plain, prefix, suffix, word_count, target, status, repetition_of)'
  if (database.copyIn) return copyBatch(database.copyIn, projectId, table, values)
  await database.query(
    `insert into ${table} overriding system value
     select s.id, p.id, s.unit_id, s.position, s.source, s.source_plain, s.prefix, s.suffix, s.word_count,
            s.target, s.status, s.repetition_of
       from ${PROJECT_KEPT} cross join unnest($2::int[], $3::int[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int[], $10::text[],
                   $11::text[], $12::int[])
            as s(id, unit_id, position, source, source_plain, prefix, suffix, word_count, target, status, repetition_of)`,
    unnestParameters(projectId, values),
  )
  return true
}

/** PostgreSQL: the project's id, then each column of the batch but the project's (column 1: PROJECT_KEPT's) as an array. */
function unnestParameters(projectId: number, values: (string | number | null)[][]): unknown[] {
  const columns = values[0]!.map((_, column) => column).filter((column) => column !== 1)
  return [projectId, ...columns.map((column) => values.map((row) => row[column]))]
}

/**
 * PGlite: one batch by COPY, after a `do` block that does what PROJECT_KEPT does for PostgreSQL's statements — it
 * stops the batch with SQLSTATE P0002 when the project is gone. The one session runs both as one simple query, so no
 * deletion can come between them.
 */
async function copyBatch(copyIn: NonNullable<Database['copyIn']>, projectId: number, table: string, values: (string | number | null)[][]): Promise<boolean> {
  const id = Math.trunc(projectId)
  const guard =
    `do $$ begin perform from projects where id = ${id} for key share; ` +
    `if not found then raise exception 'project % is gone', ${id} using errcode = 'P0002'; end if; end $$`
  try {
    await copyIn(`${guard}; copy ${table} from '/dev/blob'`, copyRows(values))
    return true
  } catch (error) {
    if ((error as { code?: string }).code === 'P0002') return false
    throw error
  }
}

/**
 * Analysis: the best TM match of each segment and the words per band, with "segments analysed" progress per batch
 * as SPEC's overlay shows (repetitions were marked at conversion). A project uploaded with "fill everything from
 * 100% TM" goes on to pretranslate (DESIGN "Data flow" 3) before it is DONE.
 */
export async function analyseProject(projectId: number): Promise<void> {
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
  // Issue 17: the filled translations' QA, here in the background too, before the translator opens them.
  await checkUnchecked(projectId)
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
      await convertProject(project.id, project.sourceLang, project.format, project.targetLang)
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

/**
 * DESIGN "Data flow" 5: the original with current targets merged back; untranslated segments keep the source. Read a
 * bounded batch at a time (a 77,000-segment file in one statement held the embedded database for half a second).
 */
export async function translatedFile(projectId: number, format: string): Promise<Uint8Array> {
  const filter = formatById(format)
  if (!filter) throw new Error(`unknown format ${format}`)
  const keys = new Map<number, string>()
  for await (const batch of allRows<{ position: number; id: number; key: string }>('units', projectId, 'id, key')) {
    for (const unit of batch) keys.set(unit.id, unit.key)
  }
  const rows: { key: string; source: string; target: string | null; prefix: string; suffix: string }[] = []
  for await (const batch of allRows<{ position: number; unitId: number; source: string; target: string | null; prefix: string; suffix: string }>(
    'segments',
    projectId,
    'unit_id as "unitId", source, target, prefix, suffix',
  )) {
    for (const row of batch)
      rows.push({ key: keys.get(row.unitId) ?? '', source: row.source, target: row.target, prefix: row.prefix, suffix: row.suffix })
  }
  // Each piece is read on its own: joined as strings, a split's "&" + "lt;" would read as "<".
  const pieces = new Map<string, TaggedText>()
  for (const row of rows) {
    const text = row.target && row.target.length > 0 ? row.target : row.source
    const unitPieces = pieces.get(row.key) ?? []
    unitPieces.push(...parse(row.prefix), ...parse(text), ...parse(row.suffix))
    pieces.set(row.key, unitPieces)
  }
  const original = await projectBytes(projectId)
  const [project] = await db().query<{ targetLang: string }>('select target_lang as "targetLang" from projects where id = $1', [projectId])
  const options = { targetLang: project?.targetLang }
  const units = new Map(filter.extract(original, options).map((unit) => [storedKey(unit.key), unit]))
  const translations = new Map<string, TaggedText>()
  for (const [key, parts] of pieces) {
    const unit = units.get(key)
    if (!unit) continue
    // Targets were checked when saved (segment-rules checkTarget), so their tags are sound here.
    translations.set(unit.key, restoreRefs(normalize(parts), unit.source))
  }
  return filter.merge(original, translations, options)
}
