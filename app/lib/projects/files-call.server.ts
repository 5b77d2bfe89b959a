import { answer, calls } from '../api/calls'
import { userCall } from '../api/read-fields.server'
import { FILES_PER_PAGE } from './file-list'
import { listProjects } from './projects.server'

/**
 * POST files (SPEC §7): a page (`page`, from 1, 10 files each, SPEC §9) of the caller's files, newest first,
 * `filter` keeping those whose name holds it; answers SPEC §3's file list response. A page past the end is empty.
 */
export function filesCall(request: Request): Promise<Response> {
  return userCall(request, calls.files, async (user, { page, filter }) => {
    const { total, projects } = await listProjects(user.id, page, FILES_PER_PAGE, filter)
    return answer(calls.files, {
      totalFiles: total,
      data: projects.map((project) => ({
        id: project.id,
        password: project.password,
        jobId: project.jobId,
        jobPassword: project.jobPassword,
        name: project.name,
        owner: user.name,
        createTimestamp: Math.floor(project.createdAt.getTime() / 1000),
        source: project.sourceLang,
        target: project.targetLang,
      })),
    })
  })
}
