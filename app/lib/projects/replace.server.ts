import type { User } from '../auth/users.server'
import type { Queryable } from '../db/database.server'
import { db } from '../db/db.server'
import { queueQaCheck } from '../qa/segment-qa.server'
import { writableMemoryIds } from '../tm/memories.server'
import { writeUnit } from '../tm/units.server'
import type { ProjectSummary } from './projects.server'
import { countMatches, replaceInTranslation, type ReplaceQuery } from './replace-text'
import { MAX_SEGMENT_CHARACTERS } from '../segmentation'
import type { SegmentStatus } from './segment-rules'
import { positionOf } from './segments.server'

/**
 * Issue 58: find and replace across a file's translations (Matecat's search and replace, OmegaT's and memoQ's). Only
 * text changes, never a tag (replace-text.ts). A segment keeps its status: a confirmed one stays confirmed and its
 * memory units get the new translation. Each replace keeps what it changed in replace_batches, so a replace-all is
 * undone as one step. Every change of a replace runs in one transaction.
 */
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
}

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
async function candidates(using: Queryable, projectId: number, query: ReplaceQuery, options: { lock?: boolean } = {}) {
  const literal = !/[<>&]/.test(query.find)
  const pattern = `%${query.find.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
  return using.query<Candidate>(
    `select s.id, s.id - (select f.id from segments f where f.project_id = $1 order by f.position limit 1) + 1 as number,
            s.source, s.target, s.status, s.position
       from segments s
      where s.project_id = $1 and s.target is not null
        ${literal ? `and regexp_replace(s.target, '<[^>]*>', '', 'g') ilike $2` : 'and $2::text is not null'}
      order by s.position${options.lock ? ' for update of s' : ''}`,
    [projectId, pattern],
  )
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
async function writeTargets(tx: Queryable, project: ProjectSummary, user: User, rows: { id: number; source: string; status: SegmentStatus; target: string }[]) {
  await tx.query(
    `update segments s set target = c.target, qa = null, updated_at = now()
       from unnest($2::integer[], $3::text[]) as c(id, target)
      where s.project_id = $1 and s.id = c.id`,
    [project.id, rows.map((row) => row.id), rows.map((row) => row.target)],
  )
  const confirmed = rows.filter((row) => row.status === 'TRANSLATED')
  if (confirmed.length > 0) {
    const memoryIds = await writableMemoryIds({ id: project.id, ownerId: user.id, sourceLang: project.sourceLang, targetLang: project.targetLang }, tx)
    for (const row of confirmed) await writeUnit(tx, memoryIds, { source: row.source, target: row.target, createdBy: user.name })
  }
  await queueQaCheck(tx, project.id)
}

export type BatchKind = 'replace' | 'copy-source'

/** The file's last replace (or copy of the source) that can still be undone, for the translator's Undo button. */
export async function lastReplace(
  projectId: number,
  kind: BatchKind = 'replace',
): Promise<{ id: number; changed: number; find: string; replacement: string } | undefined> {
  const [row] = await db().query<{ id: number; changed: number; find: string; replacement: string }>(
    `select id, jsonb_array_length(changes) as changed, find, replacement from replace_batches
      where project_id = $1 and kind = $2 and undone_at is null order by id desc limit 1`,
    [projectId, kind],
  )
  return row
}

/**
 * Issue 58 point 7 (Matecat's "copy source to target" for the whole file): every segment without a translation gets
 * its source as a draft, to be edited where little changes (names, codes, numbers). Undone as one step, like a
 * replace-all. Answers how many segments it filled and the batch an undo takes back.
 */
export async function copySourceToEmpty(project: ProjectSummary, user: User): Promise<{ changed: number; batchId?: number }> {
  return db().transaction(async (tx) => {
    const filled = await tx.query<{ id: number; source: string }>(
      `update segments set target = source, status = 'DRAFT', save_type = 'MANUAL', save_match = 0, qa = null, updated_at = now()
        where project_id = $1 and target is null and length(source) <= ${MAX_SEGMENT_CHARACTERS}
        returning id, source`,
      [project.id],
    )
    if (filled.length === 0) return { changed: 0 }
    await queueQaCheck(tx, project.id)
    const [batch] = await tx.query<{ id: number }>(
      `insert into replace_batches (project_id, user_id, kind, find, replacement, changes) values ($1, $2, 'copy-source', '', '', $3::jsonb) returning id`,
      [project.id, user.id, JSON.stringify(filled.map((row) => ({ id: row.id, before: null, after: row.source, statusBefore: 'NEW' })))],
    )
    return { changed: filled.length, batchId: batch?.id }
  })
}

/**
 * Undoes a replace as one step: each of its segments still holding the text the replace wrote gets its earlier text
 * back (a segment changed since keeps that change). Answers how many were restored; undefined for a batch not of this
 * file or undone already.
 */
export async function undoReplace(project: ProjectSummary, user: User, batchId: number): Promise<{ count: number; kind: BatchKind } | undefined> {
  return db().transaction(async (tx) => {
    const [batch] = await tx.query<{ kind: BatchKind; changes: { id: number; before: string | null; after: string; statusBefore?: SegmentStatus }[] }>(
      `update replace_batches set undone_at = now() where id = $1 and project_id = $2 and undone_at is null returning kind, changes`,
      [batchId, project.id],
    )
    if (!batch) return undefined
    // A copy of the source undone: the segments it filled are empty again, not translated, as they were.
    const emptied = await tx.query<{ id: number }>(
      `update segments s set target = null, status = c."statusBefore", save_type = null, save_match = null, qa = null, updated_at = now()
         from jsonb_to_recordset($2::jsonb) as c(id integer, before text, after text, "statusBefore" text)
        where c.before is null and c."statusBefore" is not null and s.project_id = $1 and s.id = c.id and s.target = c.after
        returning s.id`,
      [project.id, JSON.stringify(batch.changes)],
    )
    if (batch.kind === 'copy-source') return { count: emptied.length, kind: batch.kind }
    const rows = await tx.query<{ id: number; source: string; status: SegmentStatus; target: string }>(
      `select s.id, s.source, s.status, c.before as target
         from segments s join jsonb_to_recordset($2::jsonb) as c(id integer, before text, after text) on c.id = s.id
        where s.project_id = $1 and s.target = c.after
        for update of s`,
      [project.id, JSON.stringify(batch.changes)],
    )
    if (rows.length > 0) await writeTargets(tx, project, user, rows)
    return { count: rows.length, kind: batch.kind }
  })
}
