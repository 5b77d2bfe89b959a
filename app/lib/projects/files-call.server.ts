import { z } from 'zod'
import { filledFields } from '../http/filled-fields'
import { requireApiUser } from '../auth/session.server'
import { MAX_ROW_ID } from '../http/row-id'
import { getFixedT } from '../i18n/i18n.server'
import { FILES_PER_PAGE } from './file-list'
import { listProjects } from './projects.server'

const filesFormSchema = z.object({
  page: z.coerce.number().int().min(1).max(MAX_ROW_ID).default(1),
  filter: z.string().max(200).default(''),
})

/**
 * POST files (SPEC §7): a page (`page`, from 1, 10 files each, SPEC §9) of the caller's files, newest first,
 * `filter` keeping those whose name holds it; answers SPEC §3's file list response. A page past the end is empty.
 */
export async function filesCall(request: Request): Promise<Response> {
  const user = await requireApiUser(request)
  const form = await request.formData().catch(() => new FormData())
  const fields = filledFields(form)
  const parsed = filesFormSchema.safeParse(fields)
  if (!parsed.success) {
    const t = await getFixedT(request, 'common')
    const field = String(parsed.error.issues[0]?.path[0] ?? 'page')
    return Response.json({ errors: [{ code: 'InvalidValue', message: t('api.invalidField', { field }) }] }, { status: 400 })
  }
  const { total, projects } = await listProjects(user.id, parsed.data.page, FILES_PER_PAGE, parsed.data.filter)
  return Response.json({
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
}
