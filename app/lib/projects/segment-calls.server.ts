import { z } from 'zod'
import { filledFields } from '../http/filled-fields'
import { requireApiUser } from '../auth/session.server'
import { db } from '../db/db.server'
import { getEnv } from '../env.server'
import { rowId, rowIdSchema } from '../http/row-id'
import { commentJson } from './comment-calls.server'
import { listCommentsOf } from './comments.server'
import { projectOfSegment, type ProjectSummary } from './projects.server'
import { saveTranslation } from './save-translation.server'
import { segmentWindow, setActiveSegment, type WindowAnchor } from './segments.server'
import { apiRefusal } from './status-calls.server'

/** SPEC §7 segments/set-active (segmentId): the job remembers it as its last active segment, as the translator does. */
export async function setActiveCall(request: Request): Promise<Response> {
  const user = await requireApiUser(request)
  const form = await request.formData().catch(() => new FormData())
  const segmentId = rowId(form.get('segmentId'))
  const project = segmentId === undefined ? undefined : await projectOfSegment(user.id, segmentId)
  if (!project || segmentId === undefined || !(await setActiveSegment(project, segmentId))) return apiRefusal(request, 404, 'NotFound', 'api.notFound')
  return Response.json({ projectId: project.id, lastSegmentId: segmentId })
}

/** The longest editing time a job records, in seconds (ten years): anything above is a client's mistake. */
const EDITING_TIME_MAX = 315_360_000

/**
 * SPEC §7 segments/set-edit-time (projectId, editingTime): sets the job's editing time, in whole seconds (SPEC §3 job
 * data editingTime), as a client that keeps its own count reports it. The translator's saves add to it as before.
 */
export async function setEditTimeCall(request: Request, project: ProjectSummary, form: FormData): Promise<Response> {
  const sent = form.get('editingTime')
  const value = typeof sent === 'string' && /^\d{1,9}$/.test(sent) ? Number(sent) : -1
  if (value < 0 || value > EDITING_TIME_MAX) {
    return apiRefusal(request, 400, 'InvalidValue', 'api.invalidField', { field: 'editingTime' })
  }
  await db().query('update jobs set editing_time = $2 where id = $1', [project.jobId, value])
  return Response.json({ projectId: project.id, editingTime: value })
}

const windowSchema = z.object({
  center: rowIdSchema.optional(),
  before: rowIdSchema.optional(),
  after: rowIdSchema.optional(),
  step: z.coerce.number().int().min(1).max(100).optional(),
  searchInSource: z.string().max(1_000).optional(),
  searchInTarget: z.string().max(1_000).optional(),
  searchInComments: z.string().max(1_000).optional(),
})

/**
 * SPEC §7 segments: a window of the file's segments, as the translator pages it — `step` (SEGMENT_PAGE_SIZE) on each
 * side of `center`, or `step` before or after a segment, the first ones without an anchor; with the search terms
 * only matching segments. Answers `{ fileId, hasBefore, hasAfter, segments[{ id, original, translation, status,
 * saveType, saveMatch, comments[] }] }`.
 */
export async function segmentsCall(request: Request, project: ProjectSummary, form: FormData): Promise<Response> {
  const fields = filledFields(form)
  const parsed = windowSchema.safeParse(fields)
  if (!parsed.success) return apiRefusal(request, 400, 'InvalidValue', 'api.invalidField', { field: String(parsed.error.issues[0]?.path[0]) })
  const { center, before, after, step, searchInSource, searchInTarget, searchInComments } = parsed.data
  const anchor: WindowAnchor = center ? { center } : before ? { before } : after ? { after } : { first: true }
  const search = { source: searchInSource, target: searchInTarget, comments: searchInComments }
  const window = await segmentWindow(project.id, anchor, step ?? getEnv().SEGMENT_PAGE_SIZE, search)
  const comments = await listCommentsOf(project, window.segments.map((segment) => segment.id))
  return Response.json({
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
      comments: comments.filter((comment) => comment.segmentId === segment.id).map(commentJson),
    })),
  })
}

const translateSchema = z.object({
  status: z.string().transform((value) => value.toUpperCase()).pipe(z.enum(['TRANSLATED', 'DRAFT'])),
  translation: z.string().max(100_000).default(''),
  saveType: z.enum(['MT', 'TM', 'MANUAL']).default('MANUAL'),
  saveMatch: z.coerce.number().int().min(0).max(100).optional(),
})

/**
 * SPEC §7 segments/translate (segmentId, status TRANSLATED or DRAFT, translation with SPEC's tags, saveType,
 * saveMatch): the translator's save — tags checked against the source (SPEC §5, refused whole), the TM written on a
 * confirm, the MT system told when the project asks. `segment` and `mtId` are accepted and not needed. Answers
 * `{ segmentId, number, status, translation }`.
 */
export async function translateCall(request: Request): Promise<Response> {
  const user = await requireApiUser(request)
  const form = await request.formData().catch(() => new FormData())
  const segmentId = rowId(form.get('segmentId'))
  const project = segmentId === undefined ? undefined : await projectOfSegment(user.id, segmentId)
  if (!project || segmentId === undefined) return apiRefusal(request, 404, 'NotFound', 'api.notFound')
  const fields = filledFields(form)
  const parsed = translateSchema.safeParse(fields)
  if (!parsed.success) return apiRefusal(request, 400, 'InvalidValue', 'api.invalidField', { field: String(parsed.error.issues[0]?.path[0]) })
  const { status, translation, saveType } = parsed.data
  const saveMatch = saveType === 'TM' ? (parsed.data.saveMatch ?? null) : saveType === 'MANUAL' ? 0 : null
  const saved = await saveTranslation(project, user, segmentId, { target: translation, status, saveType, saveMatch }, 0)
  if ('writeBackFailed' in saved) return apiRefusal(request, 503, 'MemoryWriteFailed', 'suggestions:errors.writeBack')
  if (!saved.ok) return apiRefusal(request, 400, 'InvalidTags', 'translate:errors.invalidTags')
  return Response.json({ segmentId, number: saved.number, status, translation })
}
