import { requireApiUser } from '../auth/session.server'
import { db } from '../db/db.server'
import { rowId } from '../http/row-id'
import { projectOfSegment, type ProjectSummary } from './projects.server'
import { setActiveSegment } from './segments.server'
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
