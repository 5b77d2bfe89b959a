import { answer, calls } from '../api/calls'
import { apiRefusal, projectCall } from '../api/read-fields.server'
import { saveMtSystem } from '../mt/project-mt.server'
import { saveProjectUpdateMt, updateMtOf } from './project-settings.server'

/** GET settings/update-mt-for-file?projectId= (SPEC §7): the project's own value, else the user's. */
export function updateMtForFileCall(request: Request): Promise<Response> {
  return projectCall(request, calls.updateMtForFile, async (project, _fields, user) => {
    const updateMt = await updateMtOf(project, user.id)
    return answer(calls.updateMtForFile, { projectId: project.id, update_mt: Number(updateMt) })
  })
}

/** POST settings/save-update-mt-for-file (updateMt 0/1, projectId): the project's own value from now on. */
export function saveUpdateMtForFileCall(request: Request): Promise<Response> {
  return projectCall(request, calls.saveUpdateMtForFile, async (project, { updateMt }) => {
    await saveProjectUpdateMt(project.id, updateMt)
    return answer(calls.saveUpdateMtForFile, { projectId: project.id, update_mt: Number(updateMt) })
  })
}

/** POST settings/save-mt-system (mtSystemId, projectId): a system the project's languages offer, or '' for none. */
export function saveMtSystemCall(request: Request): Promise<Response> {
  return projectCall(request, calls.saveMtSystem, async (project, { mtSystemId }) => {
    if (!(await saveMtSystem(project, mtSystemId))) return apiRefusal(request, 400, 'UnknownMtSystem', 'translate:mt.unknownSystem')
    return answer(calls.saveMtSystem, { projectId: project.id, mtSystemId })
  })
}
