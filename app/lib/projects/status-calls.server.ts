import { requireApiUser } from '../auth/session.server'
import type { User } from '../auth/users.server'
import { getFixedT } from '../i18n/i18n.server'
import { findProject, type ProjectSummary } from './projects.server'
import { rowId } from '../http/row-id'

/**
 * SPEC §7 calls about one file (files/creation-status, analysis, stats, info, delete, pretranslate): POST projectId
 * and projectPassword; `answer` gets the caller's project and the rest of the form, and answers a value (sent as
 * JSON) or a Response. Another user's file, a wrong password or a malformed id is 404 with a translated message.
 * Read straight from the database, so any instance answers.
 */
export async function statusCall(
  request: Request,
  answer: (project: ProjectSummary, form: FormData, user: User) => unknown,
  /** SPEC's tm/concordance-search names only projectId: the owner's project by id, a password checked if sent. */
  { passwordOptional = false } = {},
): Promise<Response> {
  const user = await requireApiUser(request)
  const form = await request.formData().catch(() => new FormData())
  const id = rowId(form.get('projectId'))
  const sent = form.get('projectPassword')
  const password = typeof sent === 'string' ? sent : passwordOptional ? undefined : null
  const project = id !== undefined && password !== null ? await findProject(user.id, id, password) : undefined
  if (!project) return apiRefusal(request, 404, 'NotFound', 'api.notFound')
  const answered = await answer(project, form, user)
  return answered instanceof Response ? answered : Response.json(answered)
}

/** A refusal as every API call sends it: `{ errors: [{ code, message }] }`, the message from the common namespace. */
export async function apiRefusal(request: Request, status: number, code: string, key: string, values?: Record<string, string>): Promise<Response> {
  const t = await getFixedT(request, 'common')
  return Response.json({ errors: [{ code, message: t(key, values) }] }, { status })
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
