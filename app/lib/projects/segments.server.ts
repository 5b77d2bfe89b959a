import type { Queryable } from '../db/database.server'
import { db } from '../db/db.server'
import { parse } from '../tags'
import { checkTarget, countedSeconds, type SaveType, type SegmentStatus, type TargetCheck } from './segment-rules'

/**
 * Segments of one project as the translator screen reads and saves them (SPEC §3 "Segment", §4, §7
 * "segments", "segments/translate", "segments/set-active", "segments/set-edit-time"). Every function takes a
 * project the caller already checked (requireProject), so ownership is settled before these run.
 */
export interface SegmentView {
  id: number
  position: number
  source: string
  target: string | null
  status: SegmentStatus
  saveType: SaveType | null
  saveMatch: number | null
  wordCount: number
  repetitionOf: number | null
  /** SPEC §2 number column: id − first id + 1; parts of a split segment add "-1", "-2"… (Matecat's way). */
  label: string
}

type SegmentRow = Omit<SegmentView, 'label'> & { originId: number | null }

const viewColumns = `s.id, s.position, s.source, s.target, s.status, s.save_type as "saveType", s.save_match as "saveMatch",
  s.word_count as "wordCount", s.repetition_of as "repetitionOf", s.origin_id as "originId"`

export type WindowAnchor = { center: number } | { before: number } | { after: number } | { first: true }

export interface SegmentWindow {
  segments: SegmentView[]
  /** Whether segments exist before the first / after the last one returned (SPEC §4 "loads more"). */
  hasBefore: boolean
  hasAfter: boolean
}

/**
 * SPEC §2 "Search": source and translation boxes and a comments scope. Each present term must occur in its
 * scope (case-insensitive, tags not counted); an empty search matches every segment.
 */
export interface SegmentSearch {
  source?: string
  target?: string
  comments?: string
}

export function isSearchActive(search: SegmentSearch | undefined): search is SegmentSearch {
  return Boolean(search?.source || search?.target || search?.comments)
}

/** SQL conditions (on alias s) and their parameters, numbered from `first`. */
function searchConditions(search: SegmentSearch | undefined, first: number): { sql: string; params: string[] } {
  const conditions: string[] = []
  const params: string[] = []
  const like = (term: string) => {
    params.push(`%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    return `$${first + params.length - 1}`
  }
  if (search?.source) conditions.push(`s.source_plain ilike ${like(search.source)}`)
  if (search?.target) conditions.push(`regexp_replace(coalesce(s.target, ''), '<[^>]*>', '', 'g') ilike ${like(search.target)}`)
  if (search?.comments) conditions.push(`exists (select 1 from comments c where c.segment_id = s.id and c.message ilike ${like(search.comments)})`)
  return { sql: conditions.map((condition) => ` and ${condition}`).join(''), params }
}

/**
 * SPEC §7 "segments" with center/before/after: `size` segments on each side of the centre (which is included),
 * or `size` segments before or after a segment. An unknown anchor falls back to the first segments (SPEC §4
 * "if the wanted segment is absent, the first is activated"). With a search, only matching segments count.
 */
export async function segmentWindow(projectId: number, anchor: WindowAnchor, size: number, search?: SegmentSearch): Promise<SegmentWindow> {
  const position = 'first' in anchor ? undefined : await positionOf(projectId, 'center' in anchor ? anchor.center : 'before' in anchor ? anchor.before : anchor.after)
  const filter = searchConditions(search, 3)
  const select = (where: string, order: 'asc' | 'desc', limit: number) =>
    db().query<SegmentRow>(
      `select ${viewColumns} from segments s where s.project_id = $1${filter.sql} and ${where} order by s.position ${order} limit ${limit}`,
      [projectId, position ?? -1, ...filter.params],
    )
  // One row more than wanted on each side tells whether more exist there (SPEC §4 "loads more").
  let segments: SegmentRow[]
  let hasBefore = false
  let hasAfter = false
  const trim = (rows: SegmentRow[], limit: number) => (rows.length > limit ? rows.slice(0, limit) : rows)
  if (position === undefined) {
    const rows = await select('s.position > $2', 'asc', size * 2 + 2)
    hasAfter = rows.length > size * 2 + 1
    segments = trim(rows, size * 2 + 1)
  } else if ('center' in anchor) {
    const [before, from] = await Promise.all([select('s.position < $2', 'desc', size + 1), select('s.position >= $2', 'asc', size + 2)])
    hasBefore = before.length > size
    hasAfter = from.length > size + 1
    segments = [...trim(before, size).reverse(), ...trim(from, size + 1)]
  } else if ('before' in anchor) {
    const rows = await select('s.position < $2', 'desc', size + 1)
    hasBefore = rows.length > size
    segments = trim(rows, size).reverse()
    hasAfter = true
  } else {
    const rows = await select('s.position > $2', 'asc', size + 1)
    hasAfter = rows.length > size
    segments = trim(rows, size)
    hasBefore = true
  }
  return { segments: await labelled(projectId, segments), hasBefore, hasAfter }
}

/** SPEC §2 search results banner: how many segments match. */
export async function countMatches(projectId: number, search: SegmentSearch): Promise<number> {
  const filter = searchConditions(search, 2)
  const [row] = await db().query<{ count: number }>(`select count(*)::int as count from segments s where s.project_id = $1${filter.sql}`, [projectId, ...filter.params])
  return row?.count ?? 0
}

/**
 * Numbers for the rows of a window. A segment's group is its origin (origin_id, or itself); only groups with
 * more than one row get part suffixes, found through segments_origin_idx, so a window costs one small query
 * however large the project.
 */
async function labelled(projectId: number, rows: SegmentRow[]): Promise<SegmentView[]> {
  if (rows.length === 0) return []
  const groups = [...new Set(rows.map((row) => row.originId ?? row.id))]
  // The first segment's id comes along in the same query (one round trip less per page).
  const members = await db().query<{ id: number; group: number; position: number; first: number }>(
    `select id, coalesce(origin_id, id) as "group", position,
            (select f.id from segments f where f.project_id = $1 order by f.position limit 1) as first
       from segments
      where project_id = $1 and (origin_id = any($2::int[]) or id = any($2::int[]))
      order by position`,
    [projectId, groups],
  )
  const first = members[0]?.first ?? 0
  const partsOf = new Map<number, number[]>()
  for (const member of members) partsOf.set(member.group, [...(partsOf.get(member.group) ?? []), member.id])
  return rows.map(({ originId, ...row }) => {
    const group = originId ?? row.id
    const number = String(group - first + 1)
    const parts = partsOf.get(group) ?? []
    return { ...row, label: parts.length > 1 ? `${number}-${parts.indexOf(row.id) + 1}` : number }
  })
}

async function positionOf(projectId: number, segmentId: number): Promise<number | undefined> {
  const [row] = await db().query<{ position: number }>('select position from segments where project_id = $1 and id = $2', [projectId, segmentId])
  return row?.position
}

/** SPEC §4 navigation: the nearest segment that is not confirmed, after or before this one. */
export async function nearestUnconfirmed(projectId: number, fromSegmentId: number, direction: 'next' | 'previous'): Promise<number | undefined> {
  const position = await positionOf(projectId, fromSegmentId)
  if (position === undefined) return undefined
  const [row] = await db().query<{ id: number }>(
    direction === 'next'
      ? `select id from segments where project_id = $1 and position > $2 and status <> 'TRANSLATED' order by position limit 1`
      : `select id from segments where project_id = $1 and position < $2 and status <> 'TRANSLATED' order by position desc limit 1`,
    [projectId, position],
  )
  return row?.id
}

export interface SegmentChange {
  /** Canonical tag string; empty clears. */
  target: string
  status: Exclude<SegmentStatus, 'NEW'>
  saveType: SaveType | null
  saveMatch: number | null
}

/**
 * SPEC §7 "segments/translate": saves a segment's target and status after checking its tags against the
 * source (SPEC §5); adds the editing time since the last save, bounded (SPEC §4). Nothing is written when the
 * tags are refused.
 */
export async function saveSegment(
  project: { id: number; jobId: number },
  segmentId: number,
  change: SegmentChange,
  elapsedSeconds: number,
  alsoInTransaction?: (tx: Queryable) => Promise<void>,
): Promise<TargetCheck | { ok: false; errors: [{ code: 'not-found' }] }> {
  const [segment] = await db().query<{ source: string }>('select source from segments where project_id = $1 and id = $2', [project.id, segmentId])
  if (!segment) return { ok: false, errors: [{ code: 'not-found' }] }
  const check: TargetCheck = change.target === '' ? { ok: true, tokens: [] } : checkTarget(change.target, parse(segment.source))
  if (!check.ok) return check
  const cleared = change.target === ''
  await db().transaction(async (tx) => {
    await alsoInTransaction?.(tx)
    await tx.query(
      `update segments set target = $3, status = $4, save_type = $5, save_match = $6, updated_at = now()
        where project_id = $1 and id = $2`,
      [project.id, segmentId, cleared ? null : change.target, change.status, cleared ? null : change.saveType, cleared ? null : change.saveMatch],
    )
    await tx.query('update jobs set editing_time = editing_time + $2, last_segment_id = $3 where id = $1', [
      project.jobId,
      countedSeconds(elapsedSeconds),
      segmentId,
    ])
  })
  return check
}

/**
 * SPEC §4 "Moving to a segment that is not done marks it draft and saves it": leaving a segment saves the text
 * the translator left in it as a draft when it differs from what is stored; an unchanged segment keeps its
 * status, save type and match.
 */
export async function leaveSegment(project: { id: number; jobId: number }, segmentId: number, target: string, elapsedSeconds: number) {
  const [row] = await db().query<{ target: string | null }>('select target from segments where project_id = $1 and id = $2', [project.id, segmentId])
  if (!row || (row.target ?? '') === target) return { ok: true as const }
  return saveSegment(project, segmentId, { target, status: 'DRAFT', saveType: 'MANUAL', saveMatch: 0 }, elapsedSeconds)
}

/** SPEC §7 "segments/set-active": the last active segment is remembered per job. */
export async function setActiveSegment(project: { id: number; jobId: number }, segmentId: number): Promise<boolean> {
  const rows = await db().query(
    `update jobs set last_segment_id = $2 where id = $1
        and exists (select 1 from segments where project_id = $3 and id = $2) returning id`,
    [project.jobId, segmentId, project.id],
  )
  return rows.length > 0
}

/** SPEC §2 number column: segment id − first segment id + 1. */
export async function firstSegmentId(projectId: number): Promise<number | undefined> {
  // The first segment by position has the lowest id: ids are allocated in order at conversion, a split keeps
  // the original id on its first part, and a merge removes the later segment.
  const [row] = await db().query<{ id: number | null }>('select id from segments where project_id = $1 order by position limit 1', [projectId])
  return row?.id ?? undefined
}
