import { answer, calls } from '../api/calls'
import { projectCall } from '../api/read-fields.server'
import type { ProjectSummary } from './projects.server'

/**
 * SPEC §7 files/creation-status, files/analysis and files/stats (projectId, projectPassword): where a file stands,
 * read straight from the database, so any instance answers.
 */
export function creationStatusCall(request: Request): Promise<Response> {
  return projectCall(request, calls.creationStatus, (project) => answer(calls.creationStatus, creationStatus(project)))
}

export function analysisCall(request: Request): Promise<Response> {
  return projectCall(request, calls.analysis, (project) => answer(calls.analysis, analysis(project)))
}

export function statsCall(request: Request): Promise<Response> {
  return projectCall(request, calls.stats, (project) => answer(calls.stats, stats(project)))
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
