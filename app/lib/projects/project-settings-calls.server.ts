import { requireApiUser } from '../auth/session.server'
import { rowId } from '../http/row-id'
import { saveMtSystem } from '../mt/project-mt.server'
import { projectSettings, saveProjectUpdateMt } from './project-settings.server'
import { findProject, type ProjectSummary } from './projects.server'
import { apiRefusal } from './status-calls.server'

/** GET settings/update-mt-for-file?projectId= (SPEC §7): the project's own value, else the user's. */
export async function updateMtForFileCall(request: Request): Promise<Response> {
  const user = await requireApiUser(request)
  const id = rowId(new URL(request.url).searchParams.get('projectId'))
  const project = id === undefined ? undefined : await findProject(user.id, id)
  if (!project) return apiRefusal(request, 404, 'NotFound', 'api.notFound')
  const { updateMt } = await projectSettings(project, user.id)
  return Response.json({ projectId: project.id, update_mt: Number(updateMt) })
}

/** POST settings/save-update-mt-for-file (updateMt 0/1, projectId): the project's own value from now on. */
export async function saveUpdateMtForFileCall(request: Request, project: ProjectSummary, form: FormData): Promise<Response> {
  const value = { '0': false, '1': true, false: false, true: true }[String(form.get('updateMt'))]
  if (value === undefined) return apiRefusal(request, 400, 'InvalidValue', 'api.invalidFlag', { field: 'updateMt' })
  await saveProjectUpdateMt(project.id, value)
  return Response.json({ projectId: project.id, update_mt: Number(value) })
}

/** POST settings/save-mt-system (mtSystemId, projectId): a system the project's languages offer, or '' for none. */
export async function saveMtSystemCall(request: Request, project: ProjectSummary, form: FormData): Promise<Response> {
  const systemId = form.get('mtSystemId')
  if (typeof systemId !== 'string' || !(await saveMtSystem(project, systemId))) return apiRefusal(request, 400, 'UnknownMtSystem', 'translate:mt.unknownSystem')
  return Response.json({ projectId: project.id, mtSystemId: systemId })
}
