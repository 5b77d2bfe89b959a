import { db } from '../db/db.server'
import { getEnv } from '../env.server'
import { commentJson } from './comments.server'
import { listCommentsOf } from '../projects/comments.server'
import { saveTranslation } from '../projects/save-translation.server'
import { replaceAll } from '../projects/replace.server'
import { segmentWindow, setActiveSegment, type WindowAnchor } from '../projects/segments.server'
import { answer } from './call'
import { apiRefusal, projectCall, segmentCall } from './read-fields.server'
import type { Conflict } from '../projects/segments.server'
import { segmentHistory } from '../projects/history.server'
import { getFixedT } from '../i18n/i18n.server'
import { segmentCalls } from './segments'
import { mayRevise } from '../projects/revision'
import { decideRevision, issuesOf } from '../projects/revision.server'

/** SPEC §7 segments/set-active (segmentId): the job remembers it as its last active segment, as the translator does. */
export function setActiveCall(request: Request): Promise<Response> {
  return segmentCall(request, segmentCalls.setActive, async (project, segmentId) => {
    if (!(await setActiveSegment(project, segmentId))) return apiRefusal(request, 404, 'NotFound', 'api.notFound')
    return answer(segmentCalls.setActive, { projectId: project.id, lastSegmentId: segmentId })
  })
}

/**
 * SPEC §7 segments/set-edit-time (projectId, editingTime): sets the job's editing time, in whole seconds (SPEC §3 job
 * data editingTime), as a client that keeps its own count reports it. The translator's saves add to it as before.
 */
export function setEditTimeCall(request: Request): Promise<Response> {
  return projectCall(request, segmentCalls.setEditTime, async (project, { editingTime }) => {
    await db().query('update jobs set editing_time = $2 where id = $1', [project.jobId, editingTime])
    return answer(segmentCalls.setEditTime, { projectId: project.id, editingTime })
  })
}

/**
 * SPEC §7 segments: a window of the file's segments, as the translator pages it — `step` (SEGMENT_PAGE_SIZE) on each
 * side of `center`, or `step` before or after a segment, the first ones without an anchor; with the search terms
 * only matching segments. Answers `{ fileId, hasBefore, hasAfter, segments[{ id, original, translation, status,
 * saveType, saveMatch, comments[] }] }`.
 */
export function segmentsCall(request: Request): Promise<Response> {
  return projectCall(request, segmentCalls.segments, async (project, { center, before, after, step, searchInSource, searchInTarget, searchInComments, filter }) => {
    const anchor: WindowAnchor = center ? { center } : before ? { before } : after ? { after } : { first: true }
    const search = { source: searchInSource, target: searchInTarget, comments: searchInComments, filter }
    const window = await segmentWindow(project.id, anchor, step ?? getEnv().SEGMENT_PAGE_SIZE, search)
    const comments = await listCommentsOf(project, window.segments.map((segment) => segment.id))
    return answer(segmentCalls.segments, {
      fileId: project.id,
      hasBefore: window.hasBefore,
      hasAfter: window.hasAfter,
      segments: window.segments.map((segment) => ({
        id: segment.id,
        number: segment.label,
        original: segment.source,
        translation: segment.target ?? '',
        status: segment.status,
        saveType: segment.saveType,
        saveMatch: segment.saveMatch,
        version: segment.version,
        revision: segment.revision,
        comments: comments.filter((comment) => comment.segmentId === segment.id).map(commentJson),
      })),
    })
  })
}

/**
 * SPEC §7 segments/translate (segmentId, status TRANSLATED or DRAFT, translation with SPEC's tags, saveType,
 * saveMatch): the translator's save — tags checked against the source (SPEC §5, refused whole), the TM written on a
 * confirm, the MT system told when the project asks. `segment` and `mtId` are accepted and not needed. Answers
 * `{ segmentId, number, status, translation }`.
 */
export function translateCall(request: Request): Promise<Response> {
  return segmentCall(request, segmentCalls.translate, async (project, segmentId, { status, translation, saveType, saveMatch, version }, user) => {
    const match = saveType === 'TM' ? (saveMatch ?? null) : saveType === 'MANUAL' ? 0 : null
    const saved = await saveTranslation(project, user, segmentId, { target: translation, status, saveType, saveMatch: match, baseVersion: version }, 0)
    if ('writeBackFailed' in saved) return apiRefusal(request, 503, 'MemoryWriteFailed', 'suggestions:errors.writeBack')
    if ('conflict' in saved) return conflictRefusal(request, segmentId, saved.conflict)
    if (!saved.ok) return apiRefusal(request, 400, 'InvalidTags', 'translate:errors.invalidTags')
    const saves = { segmentId, number: saved.number, version: saved.version ?? version ?? 0, status, translation, propagated: saved.propagated ?? [] }
    return answer(segmentCalls.translate, saves)
  })
}

/**
 * Issue 58, segments/replace (projectId, projectPassword, find, replace, matchCase, wholeWord, preview): replaces the
 * text in every translation of the file that holds it, as the translator's Replace all does (statuses kept, confirmed
 * segments' memory units updated, undone as one step in the translator); preview=1 changes nothing. Answers
 * `{ changed, segments[{ id, number, translation, status }] }`.
 */
export function replaceCall(request: Request): Promise<Response> {
  return projectCall(request, segmentCalls.replace, async (project, { find, replace, matchCase, wholeWord, preview }, user) => {
    const result = await replaceAll(project, user, { find, replace, matchCase, wholeWord }, preview)
    return answer(segmentCalls.replace, { changed: result.changed, segments: result.segments, ...(result.running ? { running: true } : {}) })
  })
}

/**
 * Issue 52 point 4, segments/revise (segmentId, decision, translation, version, issues): the reviewer's decision as the
 * translator page's Approve and Reject make it. Answers the segment's revision and all its issues.
 */
export function reviseCall(request: Request): Promise<Response> {
  return segmentCall(request, segmentCalls.revise, async (project, segmentId, { decision, translation, version, issues }, user) => {
    if (!mayRevise(project.role)) return apiRefusal(request, 403, 'Forbidden', 'api.reviewersOnly')
    const decided = await decideRevision(project, user, segmentId, { decision, target: translation, baseVersion: version, issues: issues ?? [], elapsed: 0 })
    if ('conflict' in decided) return conflictRefusal(request, segmentId, decided.conflict)
    if (!decided.ok) {
      if (decided.error === 'empty') return apiRefusal(request, 400, 'NothingToRevise', 'translate:revise.errors.empty')
      if (decided.error === 'invalid-tags') return apiRefusal(request, 400, 'InvalidTags', 'translate:errors.invalidTags')
      if (decided.error === 'write-back') return apiRefusal(request, 503, 'MemoryWriteFailed', 'suggestions:errors.writeBack')
      return apiRefusal(request, 404, 'NotFound', 'api.notFound')
    }
    const all = (await issuesOf(project.id, [segmentId])).get(segmentId) ?? []
    return answer(segmentCalls.revise, {
      segmentId,
      number: decided.number,
      revision: decided.revision,
      issues: all.map(({ id, category, severity, comment, createdBy, answer: given, answeredBy }) => ({ id, category, severity, comment, createdBy, answer: given, answeredBy })),
    })
  })
}

/** Issue 52: 409 Conflict, with the segment as someone else left it since the version the save was based on. */
async function conflictRefusal(request: Request, segmentId: number, conflict: Conflict): Promise<Response> {
  const t = await getFixedT(request, 'translate')
  const message = conflict.editedBy ? t('conflict.byName', { name: conflict.editedBy }) : t('conflict.unknown')
  const current = { segmentId, version: conflict.version, translation: conflict.target, status: conflict.status, editedBy: conflict.editedBy }
  return Response.json({ errors: [{ code: 'Conflict', message }], current }, { status: 409 })
}

/** Issue 52, segments/history (segmentId): the segment's versions, newest first. */
export function historyCall(request: Request): Promise<Response> {
  return segmentCall(request, segmentCalls.history, async (project, segmentId) => {
    const versions = await segmentHistory(project.id, segmentId)
    return answer(segmentCalls.history, {
      segmentId,
      versions: versions.map((entry) => ({
        id: entry.id,
        version: entry.version,
        translation: entry.target ?? '',
        status: entry.status,
        saveType: entry.saveType,
        saveMatch: entry.saveMatch,
        editedBy: entry.editedBy,
        how: entry.how,
        timestamp: Math.floor(entry.at.getTime() / 1000),
      })),
    })
  })
}
