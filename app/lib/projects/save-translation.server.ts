import type { User } from '../auth/users.server'
import { projectAcceptsFeedback, sendConfirmedToMt } from '../mt/project-mt.server'
import { mayWriteBack, writeBack, WriteBackError } from '../tm/write-back.server'
import { updateMtOf } from './project-settings.server'
import type { ProjectSummary } from './projects.server'
import { db } from '../db/db.server'
import { queueQaCheck } from '../qa/segment-qa.server'
import { MAX_SEGMENT_CHARACTERS } from '../segmentation'
import { nearestUnconfirmed, saveSegment, setActiveSegment, type SaveOptions, type SegmentChange } from './segments.server'

/**
 * One segment save as a translator makes it (SPEC §7 segments/translate), for the translator's forms and the API:
 * the segment with the TM write-back in one transaction (issue 5) — a failed memory write keeps the text as a draft and
 * answers `writeBackFailed` — and, after a confirm, the translation sent to the MT system when the project asks for it
 * (in the background, never failing the save). Invalid tags and a segment of another file come back as saveSegment
 * refuses them. Issue 58: a confirm fills the segment's repetitions (propagateRepetitions), unless the project turned
 * that off; their ids come back as `propagated`, and the segment to go on to is never one of them.
 */
export async function saveTranslation(
  project: ProjectSummary,
  user: User,
  segmentId: number,
  change: SegmentChange,
  elapsedSeconds: number,
  options: Pick<SaveOptions, 'moveOn' | 'keepChosenSaveType' | 'keepStatus' | 'stamp' | 'how'> = {},
): Promise<(Awaited<ReturnType<typeof saveSegment>> & { propagated?: number[] }) | { ok: false; writeBackFailed: true }> {
  let saved: Awaited<ReturnType<typeof saveSegment>>
  try {
    saved = await saveSegment(project, segmentId, change, elapsedSeconds, {
      ...options,
      editedBy: user.id,
      alsoInTransaction: mayWriteBack(change) ? writeBack(project, user.name) : undefined,
    })
  } catch (error) {
    if (!(error instanceof WriteBackError)) throw error
    console.error('[tm] write-back failed for segment', segmentId, error.cause instanceof Error ? error.cause.message : error.cause)
    if (change.status === 'TRANSLATED') await saveSegment(project, segmentId, { ...change, status: 'DRAFT' }, 0, { editedBy: user.id })
    return { ok: false, writeBackFailed: true }
  }
  if (saved.ok && change.status === 'TRANSLATED' && projectAcceptsFeedback(project) && (await updateMtOf(project))) {
    // SPEC §2 "improve the machine translation system": in the background, never failing the confirm.
    sendConfirmedToMt(project, segmentId, change.target)
  }
  // A segment whose source no other segment of the file has (the save's read says so) has nothing to fill: no statement.
  if (!saved.ok || saved.stale || !saved.repeated || change.status !== 'TRANSLATED' || change.target === '' || !project.propagate) return saved
  const propagated = await propagateRepetitions(project.id, segmentId, change.target, user.id)
  if (saved.next === undefined || !propagated.includes(saved.next)) return { ...saved, propagated }
  // The segment to go on to was one of them: the nearest still unconfirmed after this one, as a confirm does.
  const next = await nearestUnconfirmed(project.id, segmentId, 'next')
  if (next !== undefined) await setActiveSegment(project, next)
  return { ...saved, next, propagated }
}

/**
 * Issue 58: the segments of the file with the same source as a confirmed one, tags included, that are empty or drafts
 * get its translation, confirmed (memoQ's and Trados' auto-propagation; OmegaT shares one translation between
 * identical segments). A repetition confirmed with another translation is left alone. Written as a 100% match from
 * the file itself; their QA is checked again in the background. Returns their ids.
 */
export async function propagateRepetitions(projectId: number, segmentId: number, target: string, userId: number): Promise<number[]> {
  // One statement, no transaction around it (a confirm without repetitions pays for the update alone); the check of
  // what it filled is queued after it — cut off between the two, they wait for the project's next check.
  const filled = await db().query<{ id: number }>(
    `update segments r set target = $3, status = 'TRANSLATED', save_type = 'TM', save_match = 100, qa = null, updated_at = now(), edited_by = $4, edit_how = 'propagated'
       from segments s
      where s.project_id = $1 and s.id = $2
        and r.project_id = $1 and md5(r.source) = md5(s.source) and r.source = s.source and r.id <> s.id
        and r.status <> 'TRANSLATED' and length(r.source) <= ${MAX_SEGMENT_CHARACTERS}
      returning r.id`,
    [projectId, segmentId, target, userId],
  )
  if (filled.length > 0) await queueQaCheck(db(), projectId)
  return filled.map((row) => row.id).sort((a, b) => a - b)
}
