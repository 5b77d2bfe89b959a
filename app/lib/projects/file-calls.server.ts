import { answer, calls } from '../api/calls'
import { apiRefusal, projectCall } from '../api/read-fields.server'
import { db } from '../db/db.server'
import { getEnv } from '../env.server'
import { saveMtSystem, startMtPretranslation } from '../mt/project-mt.server'
import { startTmPretranslation } from '../tm/project-tm.server'
import { deleteProject, type ProjectSummary } from './projects.server'
import { originalDownload, translatedDownload } from './downloads.server'

/** SPEC §3 job data, for files/info: the job, its languages and progress, the segment range and the settings. */
export async function jobData(project: ProjectSummary) {
  const [row] = await db().query<{ first: number | null; last: number | null; tm: boolean; mt: boolean }>(
    `select (select min(id) from segments where project_id = p.id) as first, (select max(id) from segments where project_id = p.id) as last,
            p.tm_pretranslate as tm, p.mt_pretranslate as mt
       from projects p where p.id = $1`,
    [project.id],
  )
  const env = getEnv()
  return {
    id: project.jobId,
    password: project.jobPassword,
    projectId: project.id,
    ppassword: project.password,
    source: project.sourceLang,
    target: project.targetLang,
    lastSegmentId: project.lastSegmentId,
    progress: project.translatedPercent,
    segmentCount: project.segmentCount,
    fileName: project.name,
    firstSegment: row?.first ?? null,
    lastSegment: row?.last ?? null,
    mtSystemId: project.mtSystemId ?? '',
    editingTime: project.editingTime,
    tmPretranslate: Boolean(row?.tm),
    mtPretranslate: Boolean(row?.mt),
    termBaseUrl: env.TERM_BASE_URL ?? '',
    synonymBaseUrl: env.SYNONYM_BASE_URL ?? '',
  }
}

/** files/info: SPEC §3's job data. */
export function infoCall(request: Request): Promise<Response> {
  return projectCall(request, calls.info, async (project) => answer(calls.info, await jobData(project)))
}

/** files/delete: gone at once from every page and call (the rows follow in the background). */
export function deleteFileCall(request: Request): Promise<Response> {
  return projectCall(request, calls.deleteFile, async (project, _fields, user) => {
    if (!(await deleteProject(user.id, project.id, project.password))) return apiRefusal(request, 404, 'NotFound', 'api.notFound')
    return answer(calls.deleteFile, { projectId: project.id, deleted: true })
  })
}

/**
 * files/pretranslate: `useTm=1` fills from 100% TM matches; `useMt=1` from MT, with `mtSystem` choosing the project's
 * system first (one the project's languages offer). Answers `{ projectId, started: true }` when the task is queued;
 * the analysis call then shows PRETRANSLATING until it is done.
 */
export function pretranslateFileCall(request: Request): Promise<Response> {
  return projectCall(request, calls.pretranslate, async (project, { useTm = false, useMt = false, mtSystem }) => {
    if (useTm === useMt) return apiRefusal(request, 400, 'InvalidValue', 'api.pretranslateWhich')
    if (useMt) {
      if (mtSystem && !(await saveMtSystem(project, mtSystem))) return apiRefusal(request, 400, 'UnknownMtSystem', 'translate:mt.unknownSystem')
      if (!project.mtSystemId && !mtSystem) return apiRefusal(request, 400, 'NoMtSystem', 'translate:mt.noSystem')
    }
    const started = useTm ? await startTmPretranslation(project.id) : await startMtPretranslation(project.id)
    if (!started) return apiRefusal(request, 409, 'PretranslationBusy', 'translate:toolbar.pretranslateBusy')
    return answer(calls.pretranslate, { projectId: project.id, started: true })
  })
}

/** files/download-original: the file as uploaded. */
export function downloadOriginalCall(request: Request): Promise<Response> {
  return projectCall(request, calls.downloadOriginal, (project) => originalDownload(project))
}

/** files/download-translated: the translation in the original format; 409 NotReady before it is converted. */
export function downloadTranslatedCall(request: Request): Promise<Response> {
  return projectCall(request, calls.downloadTranslated, (project) => translatedDownload(project) ?? apiRefusal(request, 409, 'NotReady', 'api.notReady'))
}
