import { answer, calls } from '../api/calls'
import { apiRefusal, projectCall, userCall } from '../api/read-fields.server'
import { memoryProject } from './tm-api-calls.server'
import { listMemories, memoriesForProject, saveMemorySettings, saveProjectMemorySettings, type Memory } from './memories.server'

/**
 * SPEC §7 tm, tm/for-file, tm/save-settings, tm/save-settings-for-file (JSON, for scripts and other clients):
 * memories in the SPEC §3 shape. Read and written per user, so another user's memory or project is not found.
 */
export function memoryJson(memory: Memory, projectId?: number) {
  return {
    id: memory.id,
    name: memory.name,
    sourceLang: memory.sourceLang,
    targetLang: memory.targetLang,
    readMemory: memory.read,
    writeMemory: memory.write,
    canUpdate: memory.canUpdate,
    ...(projectId === undefined ? {} : { projectId }),
  }
}

/** The memory of `memories` the fields name: by id, else by name; none when they name neither. */
function memoryNamed(memories: Memory[], fields: { id?: number; name?: string }): Memory | undefined {
  if (fields.id === undefined && fields.name === undefined) return undefined
  return memories.find((memory) => (fields.id !== undefined ? memory.id === fields.id : memory.name === fields.name))
}

export function memoriesCall(request: Request): Promise<Response> {
  return userCall(request, calls.memories, async (user) => answer(calls.memories, (await listMemories(user.id)).map((memory) => memoryJson(memory))))
}

export function memoriesForFileCall(request: Request): Promise<Response> {
  return projectCall(request, calls.memoriesForFile, async (project, _fields, user) =>
    answer(calls.memoriesForFile, (await memoriesForProject(memoryProject(project, user.id))).map((memory) => memoryJson(memory, project.id))),
  )
}

export function saveSettingsCall(request: Request): Promise<Response> {
  return userCall(request, calls.saveMemorySettings, async (user, fields) => {
    const memory = memoryNamed(await listMemories(user.id), fields)
    if (!memory) return apiRefusal(request, 404, 'NotFound', 'api.notFound')
    await saveMemorySettings(user.id, [{ id: memory.id, read: fields.readMemory, write: fields.writeMemory }])
    return answer(calls.saveMemorySettings, (await listMemories(user.id)).map((each) => memoryJson(each)))
  })
}

export function saveSettingsForFileCall(request: Request): Promise<Response> {
  return projectCall(request, calls.saveMemorySettingsForFile, async (summary, fields, user) => {
    const project = memoryProject(summary, user.id)
    const memory = memoryNamed(await memoriesForProject(project), fields)
    if (!memory) return apiRefusal(request, 404, 'NotFound', 'api.notFound')
    await saveProjectMemorySettings(project, [{ id: memory.id, read: fields.readMemory, write: fields.writeMemory }])
    return answer(calls.saveMemorySettingsForFile, (await memoriesForProject(project)).map((each) => memoryJson(each, project.id)))
  })
}
