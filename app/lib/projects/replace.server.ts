import type { User } from '../auth/users.server'
import type { Queryable } from '../db/database.server'
import { db } from '../db/db.server'
import { queueQaCheck } from '../qa/segment-qa.server'
import { writableMemoryIds } from '../tm/memories.server'
import { writeUnits } from '../tm/units.server'
import type { ProjectSummary } from './projects.server'
import { countMatches, replaceInTranslation, type ReplaceQuery } from './replace-text'
import { MAX_SEGMENT_CHARACTERS } from '../segmentation'
import type { SegmentStatus } from './segment-rules'
import { enqueue } from '../jobs/queue.server'
import { wakeWorker } from '../jobs/wake.server'
import type { TaskHandler } from '../jobs/worker.server'
import { positionOf } from './segments.server'

/**
 * Issue 58: find and replace across a file's translations (Matecat's search and replace, OmegaT's and memoQ's). Only
 * text changes, never a tag (replace-text.ts). A segment keeps its status: a confirmed one stays confirmed and its
 * memory units get the new translation. Each replace keeps what it changed in replace_batches, so a replace-all is
 * undone as one step. A small replace runs in one transaction on the request; one over more than INLINE_REPLACE
 * segments, and its undo, are a background task working TASK_BATCH segments a transaction (replace_batches.status,
 * done of total), so that no request waits for a whole file (a replace-all over 50,000 segments took minutes in one
 * transaction) and nobody else waits longer than one batch.
 */

/** Segments a replace-all (or an undo) changes on the request at most; more, and it is a background task. */
export const INLINE_REPLACE = 200

/** Segments a background replace (or undo) changes in one transaction. */
const TASK_BATCH = 500
export interface ReplacedSegment {
  id: number
  /** SPEC §2 number (id − first id + 1). */
  number: number
  translation: string
  status: SegmentStatus
}

export interface ReplaceResult {
  changed: number
  segments: ReplacedSegment[]
  /** The batch an undo takes back; none for a preview or when nothing changed. */
  batchId?: number
  /** A background replace (started now, or one still running in the file): `changed` is the segments it looks at. */
  running?: boolean
}

/** What a task needs of the project and the user (a request has both whole). */
type ReplaceProject = Pick<ProjectSummary, 'id' | 'ownerId' | 'sourceLang' | 'targetLang'>
type ReplaceUser = Pick<User, 'id' | 'name'>

interface Candidate {
  id: number
  number: number
  source: string
  target: string
  status: SegmentStatus
  position: number
}

/**
 * The translations that hold the query's text, in file order. The database narrows them by the
 * plain text (tags stripped, case folded); the exact rule (case, whole words, text only) is replaceInTranslation's.
 * A find holding `<`, `>` or `&` is escaped in the stored text, so such a find is looked for in every translation.
 */
async function candidates(
  using: Queryable,
  projectId: number,
  query: ReplaceQuery,
  options: { lock?: boolean; after?: number; limit?: number } = {},
) {
  const filter = candidateFilter(query)
  return using.query<Candidate>(
    `select s.id, s.id - (select f.id from segments f where f.project_id = $1 order by f.position limit 1) + 1 as number,
            s.source, s.target, s.status, s.position
       from segments s
      where s.project_id = $1 and s.target is not null and s.position > $3 ${filter.sql}
      order by s.position${options.limit ? ` limit ${Math.trunc(options.limit)}` : ''}${options.lock ? ' for update of s' : ''}`,
    [projectId, filter.pattern, options.after ?? -1],
  )
}

/** How many translations candidates() would read: what a replace-all looks at. */
async function candidateCount(projectId: number, query: ReplaceQuery): Promise<number> {
  const filter = candidateFilter(query)
  const [row] = await db().query<{ count: number }>(
    `select count(*)::integer as count from segments s where s.project_id = $1 and s.target is not null ${filter.sql}`,
    [projectId, filter.pattern],
  )
  return row?.count ?? 0
}

function candidateFilter(query: ReplaceQuery): { sql: string; pattern: string } {
  const literal = !/[<>&]/.test(query.find)
  const pattern = `%${query.find.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
  return { sql: literal ? `and regexp_replace(s.target, '<[^>]*>', '', 'g') ilike $2` : 'and $2::text is not null', pattern }
}

/** What the query changes in these segments. */
function changesOf(rows: readonly Candidate[], query: ReplaceQuery, first: boolean) {
  return rows.flatMap((row) => {
    const replaced = replaceInTranslation(row.target, query, { first })
    return replaced.count > 0 && replaced.text !== row.target ? [{ row, after: replaced.text }] : []
  })
}

/**
 * Replaces every match in the file's translations — or, with `preview`, only says which segments would change and
 * how (SPEC §7 style answer: `{changed, segments[{id, number, translation, status}]}`), changing nothing.
 */
export async function replaceAll(project: ProjectSummary, user: User, query: ReplaceQuery, preview: boolean): Promise<ReplaceResult> {
  if (query.find === '') return { changed: 0, segments: [] }
  if (preview) {
    const changes = changesOf(await candidates(db(), project.id, query), query, false)
    return { changed: changes.length, segments: changes.map(({ row, after }) => shown(row, after)) }
  }
  const running = await runningBatch(project.id)
  if (running) return { changed: running.total, segments: [], batchId: running.id, running: true }
  const count = await candidateCount(project.id, query)
  if (count > INLINE_REPLACE) return startTask(project, user, query, count)
  return db().transaction(async (tx) => {
    const changes = changesOf(await candidates(tx, project.id, query, { lock: true }), query, false)
    const batchId = await apply(tx, project, user, query, changes)
    return { changed: changes.length, segments: changes.map(({ row, after }) => shown(row, after)), batchId }
  })
}

/**
 * Replaces the first match in the first segment at or after `fromSegmentId` (in file order, then from the file's start)
 * that holds one: the translator's "Replace", one at a time. Answers that segment, or nothing when no translation
 * holds the text.
 */
export async function replaceNext(project: ProjectSummary, user: User, query: ReplaceQuery, fromSegmentId: number): Promise<ReplacedSegment | undefined> {
  if (query.find === '') return undefined
  return db().transaction(async (tx) => {
    const from = (await positionOf(project.id, fromSegmentId, tx)) ?? 0
    const rows = await candidates(tx, project.id, query, { lock: true })
    const ordered = [...rows.filter((row) => row.position >= from), ...rows.filter((row) => row.position < from)]
    const [change] = changesOf(ordered, query, true)
    if (!change) return undefined
    await apply(tx, project, user, query, [change])
    return shown(change.row, change.after)
  })
}

/**
 * The segment after `fromSegmentId` whose translation holds the query's text, going on from the file's start past the
 * end: the translator's "Find next".
 */
export async function findNext(projectId: number, query: ReplaceQuery, fromSegmentId: number): Promise<number | undefined> {
  if (query.find === '') return undefined
  const from = (await positionOf(projectId, fromSegmentId)) ?? 0
  const rows = (await candidates(db(), projectId, query)).filter((row) => countMatches(row.target, query) > 0)
  return (rows.find((row) => row.position > from) ?? rows[0])?.id
}

function shown(row: Candidate, after: string): ReplacedSegment {
  return { id: row.id, number: row.number, translation: after, status: row.status }
}

/** The file's background replace or undo still at work, if any. */
export async function runningBatch(projectId: number): Promise<{ id: number; status: 'running' | 'undoing'; done: number; total: number } | undefined> {
  const [row] = await db().query<{ id: number; status: 'running' | 'undoing'; done: number; total: number }>(
    `select id, status, done, total from replace_batches where project_id = $1 and status <> 'done' order by id desc limit 1`,
    [projectId],
  )
  return row
}

/** A replace-all over more than INLINE_REPLACE segments: its batch, empty and running, and the task that fills it. */
async function startTask(project: ReplaceProject, user: ReplaceUser, query: ReplaceQuery, count: number): Promise<ReplaceResult> {
  const batchId = await db().transaction(async (tx) => {
    const [batch] = await tx.query<{ id: number }>(
      `insert into replace_batches (project_id, user_id, find, replacement, changes, status, match_case, whole_word, total)
       values ($1, $2, $3, $4, '[]'::jsonb, 'running', $5, $6, $7) returning id`,
      [project.id, user.id, query.find, query.replace, query.matchCase, query.wholeWord, count],
    )
    await enqueue(tx, { kind: 'replace', projectId: project.id, payload: { batchId: batch!.id } })
    return batch!.id
  })
  wakeWorker()
  return { changed: count, segments: [], batchId, running: true }
}

/**
 * The background task of a large replace-all or undo: a batch of TASK_BATCH segments a transaction, each recording
 * where it ended with its changes, until the file (or the batch's changes) is done. Cut off, it resumes there.
 */
export async function runReplaceTask(batchId: number): Promise<void> {
  while (await replaceTaskStep(batchId)) {
    // One transaction a batch: others' requests come in between.
  }
}

/** One batch of the task, in a transaction of its own; false when it is done (bench/replace times each). */
export function replaceTaskStep(batchId: number): Promise<boolean> {
  return db().transaction((tx) => nextTaskBatch(tx, batchId))
}

interface TaskRow {
  projectId: number
  ownerId: number
  sourceLang: string
  targetLang: string
  userId: number
  userName: string
  status: 'running' | 'done' | 'undoing'
  find: string
  replacement: string
  matchCase: boolean
  wholeWord: boolean
  resumeAt: number
  total: number
  kind: BatchKind
}

/** One batch of a background replace or undo; false when there is no more to do. */
async function nextTaskBatch(tx: Queryable, batchId: number): Promise<boolean> {
  const [batch] = await tx.query<TaskRow>(
    `select b.project_id as "projectId", p.owner_id as "ownerId", p.source_lang as "sourceLang", p.target_lang as "targetLang", b.user_id as "userId",
            u.name as "userName", b.status, b.find, b.replacement, b.match_case as "matchCase", b.whole_word as "wholeWord",
            b.resume_at as "resumeAt", b.total, b.kind
       from replace_batches b join projects p on p.id = b.project_id join users u on u.id = b.user_id
      where b.id = $1 for update of b`,
    [batchId],
  )
  if (!batch || batch.status === 'done') return false
  const project = { id: batch.projectId, ownerId: batch.ownerId, sourceLang: batch.sourceLang, targetLang: batch.targetLang }
  const user = { id: batch.userId, name: batch.userName }
  if (batch.status === 'undoing') {
    const slice = await tx.query<{ changes: Change[] | null }>(
      `select jsonb_agg(c.e order by c.n) as changes from replace_batches b, jsonb_array_elements(b.changes) with ordinality as c(e, n)
        where b.id = $1 and c.n > $2 and c.n <= $2 + $3`,
      [batchId, batch.resumeAt + 1, TASK_BATCH],
    )
    const changes = slice[0]?.changes ?? []
    const restored = changes.length === 0 ? 0 : await restore(tx, project, user, batch.kind, changes)
    const finished = changes.length < TASK_BATCH
    await tx.query(
      `update replace_batches set resume_at = resume_at + $2, done = done + $3, status = case when $4 then 'done' else status end,
              undone_at = case when $4 then now() else undone_at end
        where id = $1`,
      [batchId, changes.length, restored, finished],
    )
    return !finished
  }
  const query = { find: batch.find, replace: batch.replacement, matchCase: batch.matchCase, wholeWord: batch.wholeWord }
  const rows = await candidates(tx, project.id, query, { lock: true, after: batch.resumeAt, limit: TASK_BATCH })
  const changes = changesOf(rows, query, false)
  if (changes.length > 0) await writeTargets(tx, project, user, changes.map(({ row, after }) => ({ id: row.id, source: row.source, status: row.status, target: after })))
  const finished = rows.length < TASK_BATCH
  await tx.query(
    `update replace_batches set changes = changes || $2::jsonb, resume_at = $3, done = done + $4,
            status = case when $5 then 'done' else status end
      where id = $1`,
    [batchId, JSON.stringify(changes.map(({ row, after }) => ({ id: row.id, before: row.target, after }))), rows.at(-1)?.position ?? batch.resumeAt, rows.length, finished],
  )
  return !finished
}

export const replaceHandlers: Record<'replace', TaskHandler> = {
  replace: {
    run: (task) => runReplaceTask(Number(task.payload.batchId)),
  },
}

/** Writes the changes, the memory units of the confirmed ones, and the batch an undo takes back; returns its id. */
async function apply(tx: Queryable, project: ProjectSummary, user: User, query: ReplaceQuery, changes: { row: Candidate; after: string }[]) {
  if (changes.length === 0) return undefined
  await writeTargets(
    tx,
    project,
    user,
    changes.map(({ row, after }) => ({ id: row.id, source: row.source, status: row.status, target: after })),
  )
  const [batch] = await tx.query<{ id: number }>(
    `insert into replace_batches (project_id, user_id, find, replacement, changes) values ($1, $2, $3, $4, $5::jsonb) returning id`,
    [project.id, user.id, query.find, query.replace, JSON.stringify(changes.map(({ row, after }) => ({ id: row.id, before: row.target, after })))],
  )
  return batch?.id
}

/** New translations of segments, their statuses kept; the confirmed ones' memory units follow; QA checks them again. */
async function writeTargets(
  tx: Queryable,
  project: ReplaceProject,
  user: ReplaceUser,
  rows: { id: number; source: string; status: SegmentStatus; target: string }[],
  how: 'replace' | 'undo' = 'replace',
) {
  await tx.query(
    `update segments s set target = c.target, qa = null, updated_at = now(), edited_by = $4, edit_how = $5
       from unnest($2::integer[], $3::text[]) as c(id, target)
      where s.project_id = $1 and s.id = c.id`,
    [project.id, rows.map((row) => row.id), rows.map((row) => row.target), user.id, how],
  )
  const confirmed = rows.filter((row) => row.status === 'TRANSLATED')
  if (confirmed.length > 0) {
    const memoryIds = await writableMemoryIds(project, tx)
    await writeUnits(
      tx,
      memoryIds,
      confirmed.map((row) => ({ source: row.source, target: row.target, createdBy: user.name })),
    )
  }
  await queueQaCheck(tx, project.id)
}

export type BatchKind = 'replace' | 'copy-source'

/**
 * The file's last replace that can still be undone, or still at work, for the find-and-replace menu (a copy of the
 * source is offered from the project row, projects.last_copy).
 */
export async function lastReplace(projectId: number): Promise<LastReplace | undefined> {
  const [row] = await db().query<LastReplace>(
    `select id, jsonb_array_length(changes) as changed, find, replacement, status, done, total from replace_batches
      where project_id = $1 and kind = 'replace' and undone_at is null order by id desc limit 1`,
    [projectId],
  )
  return row
}

export interface LastReplace {
  id: number
  changed: number
  find: string
  replacement: string
  /** Issue 58: a background replace or undo at work (`done` of `total` segments), or done. */
  status: 'running' | 'done' | 'undoing'
  done: number
  total: number
}

/**
 * Issue 58 point 7 (Matecat's "copy source to target" for the whole file): every segment without a translation gets
 * its source as a draft, to be edited where little changes (names, codes, numbers). Undone as one step, like a
 * replace-all. Answers how many segments it filled and the batch an undo takes back.
 */
export async function copySourceToEmpty(project: ProjectSummary, user: User): Promise<{ changed: number; batchId?: number }> {
  return db().transaction(async (tx) => {
    const filled = await tx.query<{ id: number; source: string }>(
      `update segments set target = source, status = 'DRAFT', save_type = 'MANUAL', save_match = 0, qa = null, updated_at = now(), edited_by = $2, edit_how = 'copy-source'
        where project_id = $1 and target is null and length(source) <= ${MAX_SEGMENT_CHARACTERS}
        returning id, source`,
      [project.id, user.id],
    )
    if (filled.length === 0) return { changed: 0 }
    await queueQaCheck(tx, project.id)
    const [batch] = await tx.query<{ id: number }>(
      `insert into replace_batches (project_id, user_id, kind, find, replacement, changes) values ($1, $2, 'copy-source', '', '', $3::jsonb) returning id`,
      [project.id, user.id, JSON.stringify(filled.map((row) => ({ id: row.id, before: null, after: row.source, statusBefore: 'NEW' })))],
    )
    // The translator's Pretranslate menu offers its undo from the project row (migration 42).
    await tx.query('update projects set last_copy = $2::jsonb where id = $1', [project.id, JSON.stringify({ id: batch!.id, changed: filled.length })])
    return { changed: filled.length, batchId: batch?.id }
  })
}

interface Change {
  id: number
  before: string | null
  after: string
  statusBefore?: SegmentStatus
}

/**
 * Undoes a replace as one step: each of its segments still holding the text the replace wrote gets its earlier text
 * back (a segment changed since keeps that change). Answers how many were restored — or, for a batch of more than
 * INLINE_REPLACE changes, how many an undo now started in the background looks at (`running`); undefined for a batch
 * not of this file, undone already, or still running.
 */
export async function undoReplace(
  project: ProjectSummary,
  user: User,
  batchId: number,
): Promise<{ count: number; kind: BatchKind; running?: boolean } | undefined> {
  const undoing = await db().transaction(async (tx) => {
    const [batch] = await tx.query<{ kind: BatchKind; size: number }>(
      `select kind, jsonb_array_length(changes) as size from replace_batches
        where id = $1 and project_id = $2 and undone_at is null and status = 'done' for update`,
      [batchId, project.id],
    )
    if (!batch) return undefined
    if (batch.kind === 'copy-source') await tx.query(`update projects set last_copy = null where id = $1 and (last_copy ->> 'id')::integer = $2`, [project.id, batchId])
    if (batch.size > INLINE_REPLACE) {
      await tx.query(`update replace_batches set status = 'undoing', resume_at = -1, done = 0, total = $2 where id = $1`, [batchId, batch.size])
      await enqueue(tx, { kind: 'replace', projectId: project.id, payload: { batchId } })
      return { count: batch.size, kind: batch.kind, running: true }
    }
    const [undone] = await tx.query<{ changes: Change[] }>(`update replace_batches set undone_at = now() where id = $1 returning changes`, [batchId])
    return { count: await restore(tx, project, user, batch.kind, undone!.changes), kind: batch.kind }
  })
  if (undoing?.running) wakeWorker()
  return undoing
}

/** Puts back what these changes of a replace (or a copy of the source) wrote; answers how many segments it restored. */
async function restore(tx: Queryable, project: ReplaceProject, user: ReplaceUser, kind: BatchKind, changes: Change[]): Promise<number> {
  // A copy of the source undone: the segments it filled are empty again, not translated, as they were.
  const emptied = await tx.query<{ id: number }>(
    `update segments s set target = null, status = c."statusBefore", save_type = null, save_match = null, qa = null, updated_at = now(), edited_by = $3, edit_how = 'undo'
       from jsonb_to_recordset($2::jsonb) as c(id integer, before text, after text, "statusBefore" text)
      where c.before is null and c."statusBefore" is not null and s.project_id = $1 and s.id = c.id and s.target = c.after
      returning s.id`,
    [project.id, JSON.stringify(changes), user.id],
  )
  if (kind === 'copy-source') return emptied.length
  const rows = await tx.query<{ id: number; source: string; status: SegmentStatus; target: string }>(
    `select s.id, s.source, s.status, c.before as target
       from segments s join jsonb_to_recordset($2::jsonb) as c(id integer, before text, after text) on c.id = s.id
      where s.project_id = $1 and s.target = c.after
      for update of s`,
    [project.id, JSON.stringify(changes)],
  )
  if (rows.length > 0) await writeTargets(tx, project, user, rows, 'undo')
  return rows.length
}
