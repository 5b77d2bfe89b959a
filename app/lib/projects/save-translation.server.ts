import type { User } from '../auth/users.server'
import { projectAcceptsFeedback, sendConfirmedToMt } from '../mt/project-mt.server'
import { mayWriteBack, writeBack, WriteBackError } from '../tm/write-back.server'
import { updateMtOf } from './project-settings.server'
import type { ProjectSummary } from './projects.server'
import { saveSegment, type SaveOptions, type SegmentChange } from './segments.server'

/**
 * One segment save as a translator makes it (SPEC §7 segments/translate), for the translator's forms and the API:
 * the segment with the TM write-back in one transaction (issue 5) — a failed memory write keeps the text as a draft and
 * answers `writeBackFailed` — and, after a confirm, the translation sent to the MT system when the project asks for it
 * (in the background, never failing the save). Invalid tags and a segment of another file come back as saveSegment
 * refuses them.
 */
export async function saveTranslation(
  project: ProjectSummary,
  user: User,
  segmentId: number,
  change: SegmentChange,
  elapsedSeconds: number,
  options: Pick<SaveOptions, 'moveOn' | 'keepChosenSaveType' | 'stamp'> = {},
): Promise<Awaited<ReturnType<typeof saveSegment>> | { ok: false; writeBackFailed: true }> {
  const memoryProject = { id: project.id, ownerId: user.id, sourceLang: project.sourceLang, targetLang: project.targetLang }
  let saved: Awaited<ReturnType<typeof saveSegment>>
  try {
    saved = await saveSegment(project, segmentId, change, elapsedSeconds, {
      ...options,
      alsoInTransaction: mayWriteBack(change) ? writeBack(memoryProject, user.name) : undefined,
    })
  } catch (error) {
    if (!(error instanceof WriteBackError)) throw error
    console.error('[tm] write-back failed for segment', segmentId, error.cause instanceof Error ? error.cause.message : error.cause)
    if (change.status === 'TRANSLATED') await saveSegment(project, segmentId, { ...change, status: 'DRAFT' }, 0)
    return { ok: false, writeBackFailed: true }
  }
  if (saved.ok && change.status === 'TRANSLATED' && projectAcceptsFeedback(project) && (await updateMtOf(project, user.id))) {
    // SPEC §2 "improve the machine translation system": in the background, never failing the confirm.
    sendConfirmedToMt(project, segmentId, change.target)
  }
  return saved
}
