import type { User } from '../auth/users.server'
import { db } from '../db/db.server'
import type { ProjectSummary } from './projects.server'
import { editDistance } from './edit-distance'
import type { NewIssue, Revision, RevisionDecision, RevisionIssue } from './revision'
import { saveTranslation } from './save-translation.server'
import { nearestUnconfirmed, type Conflict, type SegmentSearch, type WriteStamp } from './segments.server'

/**
 * Issue 52 point 4: a reviewer's decision on a segment, and the issues marked on it (migration 47). The reviewer's edits
 * are saved as any edit is, marked `revise` (the status stays; the version trigger keeps the translator's text they are
 * shown against); a decision may come with an edit and with issues. Approving confirms the translation (its memory
 * unit is written as a confirm's is); rejecting sends it back to the translator, whose next change of it makes it
 * unrevised again (the trigger), as does the translator's confirm (writeSegment).
 */
export interface Decision {
  decision: RevisionDecision
  /** The text as the reviewer leaves it; undefined: as stored. */
  target?: string
  baseVersion?: number
  issues: NewIssue[]
  elapsed: number
  stamp?: WriteStamp
  /** Where the reviewer goes on to: the nearest unrevised segment inside the page's search and filter. */
  search?: SegmentSearch
}

export type DecisionResult =
  | { ok: true; number: number; revision: Revision; next?: number }
  | { ok: false; error: 'not-found' | 'empty' | 'invalid-tags' | 'write-back' }
  | { ok: false; conflict: Conflict }

const REVISIONS: Record<RevisionDecision, Revision> = { approve: 'REVISED', reject: 'REJECTED' }

/** Approves or rejects a segment of a project the caller may revise (checked by the caller: mayRevise). */
export async function decideRevision(project: ProjectSummary, user: User, segmentId: number, decision: Decision): Promise<DecisionResult> {
  const [stored] = await db().query<{ target: string | null; status: string; base: string | null }>(
    'select target, status, revision_base as base from segments where project_id = $1 and id = $2',
    [project.id, segmentId],
  )
  if (!stored) return { ok: false, error: 'not-found' }
  const target = decision.target ?? stored.target ?? ''
  if (target === '') return { ok: false, error: 'empty' }
  const approve = decision.decision === 'approve'
  // An approval confirms (a draft the reviewer finished becomes a translation); a rejection keeps the status.
  if (target !== (stored.target ?? '') || (approve && stored.status !== 'TRANSLATED')) {
    const saved = await saveTranslation(
      project,
      user,
      segmentId,
      { target, status: approve ? 'TRANSLATED' : 'DRAFT', saveType: 'MANUAL', saveMatch: 0, baseVersion: decision.baseVersion },
      decision.elapsed,
      { how: decision.decision, keepChosenSaveType: true, stamp: decision.stamp, ...(approve ? {} : { keepStatus: true }) },
    )
    if ('conflict' in saved) return { ok: false, conflict: saved.conflict }
    if ('writeBackFailed' in saved) return { ok: false, error: 'write-back' }
    if (!saved.ok) return { ok: false, error: 'invalid-tags' }
  }
  const revision = REVISIONS[decision.decision]
  // Issue 52 point 5: the characters the reviewer changed, for the revision report (measured at each decision). The
  // translator's text is the base kept so far, else the text before this decision's edit (what the trigger keeps).
  const distance = editDistance(stored.base ?? stored.target ?? '', target)
  const [decided] = await db().query<{ number: number }>(
    `update segments s set revision = $3, revised_by = $4, revised_at = now(), revision_base = coalesce(s.revision_base, s.target),
            revision_distance = $6, edit_how = $5, edited_by = $4
      where s.project_id = $1 and s.id = $2
      returning s.id - (select f.id from segments f where f.project_id = $1 order by f.position limit 1) + 1 as number`,
    [project.id, segmentId, revision, user.id, decision.decision, distance],
  )
  if (!decided) return { ok: false, error: 'not-found' }
  await revisionBegun(project.id)
  await addIssues(project.id, segmentId, user.id, decision.issues)
  const next = await nearestUnconfirmed(project.id, segmentId, 'next', decision.search, true)
  return { ok: true, number: decided.number, revision, ...(next === undefined ? {} : { next }) }
}

/** Adds issues to a segment of the project (false when it is not one of its segments). */
export async function addIssues(projectId: number, segmentId: number, userId: number, issues: NewIssue[]): Promise<boolean> {
  if (issues.length === 0) return true
  const added = await db().query(
    `insert into revision_issues (project_id, segment_id, category, severity, comment, created_by)
     select $1, $2, i.category, i.severity, i.comment, $3
       from unnest($4::text[], $5::text[], $6::text[]) as i (category, severity, comment)
      where exists (select 1 from segments s where s.project_id = $1 and s.id = $2)
     returning id`,
    [projectId, segmentId, userId, issues.map((issue) => issue.category), issues.map((issue) => issue.severity), issues.map((issue) => issue.comment)],
  )
  if (added.length > 0) await revisionBegun(projectId)
  return added.length > 0
}

/** The file's pages read its issues from now on (a file never revised pays no statement for them). */
async function revisionBegun(projectId: number): Promise<void> {
  await db().query('update projects set revision_started = true where id = $1 and not revision_started', [projectId])
}

/** Removes an issue of the project's segment: its reviewer's own, or any for the file's owner. */
export async function removeIssue(project: ProjectSummary, user: User, segmentId: number, issueId: number): Promise<boolean> {
  const removed = await db().query(
    `delete from revision_issues where project_id = $1 and segment_id = $2 and id = $3 and ($4 or created_by = $5) returning id`,
    [project.id, segmentId, issueId, project.role === 'owner', user.id],
  )
  return removed.length > 0
}

/** The translator's answer to an issue (an empty answer takes it back; the same answer again changes nothing). */
export async function answerIssue(project: ProjectSummary, user: User, segmentId: number, issueId: number, answer: string): Promise<boolean> {
  const answered = await db().query(
    `update revision_issues set answer = nullif($4, ''),
            answered_by = case when $4 = '' then null when answer = $4 then answered_by else $5::integer end,
            answered_at = case when $4 = '' then null when answer = $4 then answered_at else now() end
      where project_id = $1 and segment_id = $2 and id = $3 returning id`,
    [project.id, segmentId, issueId, answer, user.id],
  )
  return answered.length > 0
}

/** The issues of the segments (a window's), oldest first, by segment. */
export async function issuesOf(projectId: number, segmentIds: number[]): Promise<Map<number, RevisionIssue[]>> {
  const issues = new Map<number, RevisionIssue[]>()
  if (segmentIds.length === 0) return issues
  const rows = await db().query<RevisionIssue>(
    `select i.id, i.segment_id as "segmentId", i.category, i.severity, i.comment,
            (select u.name from users u where u.id = i.created_by) as "createdBy", i.created_at as "createdAt",
            i.answer, (select u.name from users u where u.id = i.answered_by) as "answeredBy"
       from revision_issues i
      where i.project_id = $1 and i.segment_id = any($2::integer[])
      order by i.id`,
    [projectId, segmentIds],
  )
  for (const row of rows) {
    const ofSegment = issues.get(row.segmentId)
    if (ofSegment) ofSegment.push(row)
    else issues.set(row.segmentId, [row])
  }
  return issues
}
