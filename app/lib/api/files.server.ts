import { revisionReport } from '../projects/revision-report.server'
import { db } from '../db/db.server'
import { getEnv } from '../env.server'
import { saveMtSystem, startMtPretranslation } from '../mt/project-mt.server'
import { originalDownload, translatedDownload } from '../projects/downloads.server'
import { FILES_PER_PAGE } from '../projects/file-list'
import { deleteProject, listProjects, type ProjectSummary } from '../projects/projects.server'
import { startTmPretranslation } from '../tm/project-tm.server'
import { answer } from './call'
import { fileCalls } from './files'
import { apiRefusal, projectCall, userCall } from './read-fields.server'
import { memberByEmail, projectMembers, shareProjects, unshareProject, type ProjectMember } from '../projects/sharing.server'

/**
 * POST files (SPEC §7): a page (`page`, from 1, 10 files each, SPEC §9) of the caller's files, newest first,
 * `filter` keeping those whose name holds it; answers SPEC §3's file list response. A page past the end is empty.
 */
export function filesCall(request: Request): Promise<Response> {
  return userCall(request, fileCalls.files, async (user, { page, filter }) => {
    const { total, projects } = await listProjects(user.id, page, FILES_PER_PAGE, filter)
    return answer(fileCalls.files, {
      totalFiles: total,
      data: projects.map((project) => ({
        id: project.id,
        password: project.password,
        jobId: project.jobId,
        jobPassword: project.jobPassword,
        name: project.name,
        owner: project.ownerName ?? user.name,
        role: project.role,
        createTimestamp: Math.floor(project.createdAt.getTime() / 1000),
        source: project.sourceLang,
        target: project.targetLang,
      })),
    })
  })
}

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
  return projectCall(request, fileCalls.info, async (project) => answer(fileCalls.info, await jobData(project)))
}

/** files/delete: gone at once from every page and call (the rows follow in the background). */
export function deleteFileCall(request: Request): Promise<Response> {
  return projectCall(request, fileCalls.deleteFile, async (project, _fields, user) => {
    if (project.role !== 'owner') return apiRefusal(request, 403, 'Forbidden', 'api.ownerOnly')
    if (!(await deleteProject(user.id, project.id, project.password))) return apiRefusal(request, 404, 'NotFound', 'api.notFound')
    return answer(fileCalls.deleteFile, { projectId: project.id, deleted: true })
  })
}

/**
 * files/pretranslate: `useTm=1` fills from 100% TM matches; `useMt=1` from MT, with `mtSystem` choosing the project's
 * system first (one the project's languages offer). Answers `{ projectId, started: true }` when the task is queued;
 * the analysis call then shows PRETRANSLATING until it is done.
 */
export function pretranslateFileCall(request: Request): Promise<Response> {
  return projectCall(request, fileCalls.pretranslate, async (project, { useTm = false, useMt = false, mtSystem }) => {
    if (useTm === useMt) return apiRefusal(request, 400, 'InvalidValue', 'api.pretranslateWhich')
    if (useMt) {
      if (mtSystem && !(await saveMtSystem(project, mtSystem))) return apiRefusal(request, 400, 'UnknownMtSystem', 'translate:mt.unknownSystem')
      if (!project.mtSystemId && !mtSystem) return apiRefusal(request, 400, 'NoMtSystem', 'translate:mt.noSystem')
    }
    const started = useTm ? await startTmPretranslation(project.id) : await startMtPretranslation(project.id)
    if (!started) return apiRefusal(request, 409, 'PretranslationBusy', 'translate:toolbar.pretranslateBusy')
    return answer(fileCalls.pretranslate, { projectId: project.id, started: true })
  })
}

/** files/download-original: the file as uploaded. */
export function downloadOriginalCall(request: Request): Promise<Response> {
  return projectCall(request, fileCalls.downloadOriginal, (project) => originalDownload(project))
}

/** files/download-translated: the translation in the original format; 409 NotReady before it is converted. */
export function downloadTranslatedCall(request: Request): Promise<Response> {
  return projectCall(request, fileCalls.downloadTranslated, (project) => translatedDownload(project) ?? apiRefusal(request, 409, 'NotReady', 'api.notReady'))
}

/**
 * SPEC §7 files/creation-status, files/analysis and files/stats (projectId, projectPassword): where a file stands,
 * read straight from the database, so any instance answers.
 */
export function creationStatusCall(request: Request): Promise<Response> {
  return projectCall(request, fileCalls.creationStatus, (project) => answer(fileCalls.creationStatus, creationStatus(project)))
}

export function analysisCall(request: Request): Promise<Response> {
  return projectCall(request, fileCalls.analysis, (project) => answer(fileCalls.analysis, analysis(project)))
}

export function statsCall(request: Request): Promise<Response> {
  return projectCall(request, fileCalls.stats, (project) => answer(fileCalls.stats, stats(project)))
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
    revisedPercent: project.revisedPercent,
  }
}

/** Issue 52 point 5, files/revision-report: the revision report of the file, every issue listed. */
export function revisionReportCall(request: Request): Promise<Response> {
  return projectCall(request, fileCalls.revisionReport, async (project) => {
    const report = await revisionReport(project)
    return answer(fileCalls.revisionReport, {
      projectId: project.id,
      ...report,
      list: report.list.map(({ createdAt, ...issue }) => ({ ...issue, timestamp: Math.floor(createdAt.getTime() / 1000) })),
    })
  })
}

/** Issue 52: the file's members as the sharing calls answer them. */
async function membersAnswer(projectId: number) {
  const members = await projectMembers(projectId)
  return {
    projectId,
    members: members.map((member: ProjectMember) => ({
      email: member.email,
      name: member.name,
      role: member.role,
      addedTimestamp: Math.floor(member.addedAt.getTime() / 1000),
    })),
  }
}

const ownerOnly = (request: Request) => apiRefusal(request, 403, 'Forbidden', 'api.ownerOnly')

/** files/share: the owner shares the file with an account by email, as translator or reviewer. */
export function shareFileCall(request: Request): Promise<Response> {
  return projectCall(request, fileCalls.share, async (project, { email, role }, user) => {
    if (project.role !== 'owner') return ownerOnly(request)
    const shared = await shareProjects(user, [project], email, role)
    if (!shared.ok) {
      return shared.problem === 'owner'
        ? apiRefusal(request, 400, 'OwnerItself', 'files:share.problems.owner')
        : apiRefusal(request, 400, 'NoAccount', 'files:share.problems.no-account')
    }
    return answer(fileCalls.share, await membersAnswer(project.id))
  })
}

/** files/unshare: the owner removes a member's access. */
export function unshareFileCall(request: Request): Promise<Response> {
  return projectCall(request, fileCalls.unshare, async (project, { email }, user) => {
    if (project.role !== 'owner') return ownerOnly(request)
    const member = await memberByEmail(project.id, email)
    if (!member || !(await unshareProject(user, project, member.userId))) return apiRefusal(request, 404, 'NotFound', 'api.notFound')
    return answer(fileCalls.unshare, await membersAnswer(project.id))
  })
}

/** files/members: who the file is shared with. */
export function membersCall(request: Request): Promise<Response> {
  return projectCall(request, fileCalls.members, async (project) => {
    if (project.role !== 'owner') return ownerOnly(request)
    return answer(fileCalls.members, await membersAnswer(project.id))
  })
}
