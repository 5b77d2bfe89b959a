import { requireApiUser } from '../auth/session.server'
import { findProject, type ProjectSummary } from './projects.server'
import { rowId } from '../http/row-id'

/**
 * SPEC §7 status calls (files/creation-status, files/analysis, files/stats): POST projectId and
 * projectPassword, answer the SPEC §3 shapes. Read straight from the database, so any instance answers.
 */
export async function statusCall(request: Request, answer: (project: ProjectSummary) => unknown): Promise<Response> {
  const user = await requireApiUser(request)
  const form = await request.formData()
  const id = rowId(form.get('projectId'))
  const password = form.get('projectPassword')
  const project = id !== undefined && typeof password === 'string' ? await findProject(user.id, id, password) : undefined
  if (!project) return Response.json({ errors: [{ message: 'Not found' }] }, { status: 404 })
  return Response.json(answer(project))
}

/** SPEC §3 creation status; a file that could not be converted is FAILED with its SPEC §8 code, never READY. */
export function creationStatus(project: ProjectSummary) {
  return {
    status: project.status,
    projectId: project.id,
    jobId: project.jobId,
    jobPassword: project.jobPassword,
    projectName: project.name,
    ...(project.status === 'FAILED' ? { errors: [{ code: project.errorCode ?? 'ErrorCreatingProject' }] } : {}),
  }
}

export function analysis(project: ProjectSummary) {
  // SPEC §3: DONE, EMPTY, PRETRANSLATING, otherwise in progress; a failed file reads as EMPTY (broken).
  const status = project.status === 'FAILED' ? 'EMPTY' : project.analysisStatus
  return {
    status,
    projectId: project.id,
    wordCount: project.wordCount,
    segmentCount: project.segmentCount,
    segmentsAnalyzed: project.segmentsAnalyzed,
    jobId: project.jobId,
    jobPassword: project.jobPassword,
  }
}

export function stats(project: ProjectSummary) {
  return {
    projectId: project.id,
    analysisComplete: project.analysisStatus === 'DONE' || project.analysisStatus === 'EMPTY' || project.status === 'FAILED',
    translatedPercent: project.translatedPercent,
  }
}
