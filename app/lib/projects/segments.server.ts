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

const viewColumns = `id, position, source, target, status, save_type as "saveType", save_match as "saveMatch",
  word_count as "wordCount", repetition_of as "repetitionOf", origin_id as "originId"`

export type WindowAnchor = { center: number } | { before: number } | { after: number } | { first: true }

export interface SegmentWindow {
  segments: SegmentView[]
  /** Whether segments exist before the first / after the last one returned (SPEC §4 "loads more"). */
  hasBefore: boolean
  hasAfter: boolean
}

/**
 * SPEC §7 "segments" with center/before/after: `size` segments on each side of the centre (which is included),
 * or `size` segments before or after a segment. An unknown anchor falls back to the first segments (SPEC §4
 * "if the wanted segment is absent, the first is activated").
 */
export async function segmentWindow(projectId: number, anchor: WindowAnchor, size: number): Promise<SegmentWindow> {
  const position = 'first' in anchor ? undefined : await positionOf(projectId, 'center' in anchor ? anchor.center : 'before' in anchor ? anchor.before : anchor.after)
  let segments: SegmentRow[]
  if (position === undefined) {
    segments = await db().query<SegmentRow>(`select ${viewColumns} from segments where project_id = $1 order by position limit $2`, [projectId, size * 2 + 1])
  } else if ('center' in anchor) {
    segments = await db().query<SegmentRow>(
      `select ${viewColumns} from segments where project_id = $1 and position between $2 and $3 order by position`,
      [projectId, position - size, position + size],
    )
  } else if ('before' in anchor) {
    segments = (
      await db().query<SegmentRow>(
        `select ${viewColumns} from segments where project_id = $1 and position < $2 order by position desc limit $3`,
        [projectId, position, size],
      )
    ).reverse()
  } else {
    segments = await db().query<SegmentRow>(
      `select ${viewColumns} from segments where project_id = $1 and position > $2 order by position limit $3`,
      [projectId, position, size],
    )
  }
  const [bounds] = await db().query<{ first: number | null; last: number | null }>(
    'select min(position) as first, max(position) as last from segments where project_id = $1',
    [projectId],
  )
  const firstShown = segments[0]?.position
  const lastShown = segments.at(-1)?.position
  return {
    segments: await labelled(projectId, segments),
    hasBefore: firstShown !== undefined && bounds?.first !== null && firstShown > (bounds?.first ?? 0),
    hasAfter: lastShown !== undefined && bounds?.last !== null && lastShown < (bounds?.last ?? 0),
  }
}

/**
 * Numbers for the rows of a window. A segment's group is its origin (origin_id, or itself); only groups with
 * more than one row get part suffixes, found through segments_origin_idx, so a window costs one small query
 * however large the project.
 */
async function labelled(projectId: number, rows: SegmentRow[]): Promise<SegmentView[]> {
  if (rows.length === 0) return []
  const first = (await firstSegmentId(projectId)) ?? 0
  const groups = [...new Set(rows.map((row) => row.originId ?? row.id))]
  const members = await db().query<{ id: number; group: number; position: number }>(
    `select id, coalesce(origin_id, id) as "group", position from segments
      where project_id = $1 and (origin_id = any($2::int[]) or id = any($2::int[]))
      order by position`,
    [projectId, groups],
  )
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
): Promise<TargetCheck | { ok: false; errors: [{ code: 'not-found' }] }> {
  const [segment] = await db().query<{ source: string }>('select source from segments where project_id = $1 and id = $2', [project.id, segmentId])
  if (!segment) return { ok: false, errors: [{ code: 'not-found' }] }
  const check: TargetCheck = change.target === '' ? { ok: true, tokens: [] } : checkTarget(change.target, parse(segment.source))
  if (!check.ok) return check
  const cleared = change.target === ''
  await db().transaction(async (tx) => {
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

/** SPEC §7 "segments/set-active": the last active segment is remembered per job. */
export async function setActiveSegment(project: { id: number; jobId: number }, segmentId: number): Promise<boolean> {
  const rows = await db().query(
    `update jobs set last_segment_id = $2 where id = $1
        and exists (select 1 from segments where project_id = $3 and id = $2) returning id`,
    [project.jobId, segmentId, project.id],
  )
  return rows.length > 0
}

/** The job's remembered position and editing time (SPEC §3 job data: lastSegmentId, editingTime). */
export async function jobState(jobId: number): Promise<{ lastSegmentId: number | null; editingTime: number }> {
  const [job] = await db().query<{ lastSegmentId: number | null; editingTime: number }>(
    'select last_segment_id as "lastSegmentId", editing_time as "editingTime" from jobs where id = $1',
    [jobId],
  )
  return job ?? { lastSegmentId: null, editingTime: 0 }
}

/** SPEC §2 number column: segment id − first segment id + 1. */
export async function firstSegmentId(projectId: number): Promise<number | undefined> {
  const [row] = await db().query<{ id: number | null }>('select min(id) as id from segments where project_id = $1', [projectId])
  return row?.id ?? undefined
}
