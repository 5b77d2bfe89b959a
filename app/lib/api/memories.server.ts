import { getEnv } from '../env.server'
import { concordance } from '../tm/concordance.server'
import { listMemories, memoriesForProject, readableMemoryIds, saveMemorySettings, saveProjectMemorySettings, type Memory } from '../tm/memories.server'
import { suggestionsFor } from '../tm/suggestions.server'
import { answer } from './call'
import { memoryCalls } from './memories'
import { apiRefusal, projectCall, userCall } from './read-fields.server'

/**
 * SPEC §7 tm/matches: the best `count` (5) matches of `text` in the memories the project reads, as the Translations
 * tab shows them — `{ createdBy, match, rawMatch, translation, segment }`, `match` in percent, the translation with
 * the text's tags and numbers put in. The project's languages decide (SPEC's sourceLang/targetLang are not needed).
 */
export function matchesCall(request: Request): Promise<Response> {
  return projectCall(request, memoryCalls.tmMatches, async (project, { text, count }) => {
    if (text.trim() === '') return answer(memoryCalls.tmMatches, [])
    const suggestions = await suggestionsFor(project, text, getEnv().TM_MIN_MATCH)
    return answer(
      memoryCalls.tmMatches,
      suggestions.slice(0, count).map((suggestion) => ({
        createdBy: suggestion.createdBy,
        match: suggestion.match,
        rawMatch: suggestion.match,
        translation: suggestion.target,
        segment: suggestion.matchSource,
      })),
    )
  })
}

/** SPEC §7 tm/concordance-search: units of the project's readable memories holding every word of `text` (decision 0014). */
export function concordanceCall(request: Request): Promise<Response> {
  return projectCall(request, memoryCalls.concordance, async (project, { text }) => {
    const results = await concordance(await readableMemoryIds(project), text)
    return answer(memoryCalls.concordance, results.map((result) => ({ raw_segment: result.raw_segment, translation: result.translation })))
  })
}

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
  return userCall(request, memoryCalls.memories, async (user) => answer(memoryCalls.memories, (await listMemories(user.id)).map((memory) => memoryJson(memory))))
}

export function memoriesForFileCall(request: Request): Promise<Response> {
  return projectCall(request, memoryCalls.memoriesForFile, async (project) =>
    answer(memoryCalls.memoriesForFile, (await memoriesForProject(project)).map((memory) => memoryJson(memory, project.id))),
  )
}

export function saveSettingsCall(request: Request): Promise<Response> {
  return userCall(request, memoryCalls.saveMemorySettings, async (user, fields) => {
    const memory = memoryNamed(await listMemories(user.id), fields)
    if (!memory) return apiRefusal(request, 404, 'NotFound', 'api.notFound')
    await saveMemorySettings(user.id, [{ id: memory.id, read: fields.readMemory, write: fields.writeMemory }])
    return answer(memoryCalls.saveMemorySettings, (await listMemories(user.id)).map((each) => memoryJson(each)))
  })
}

export function saveSettingsForFileCall(request: Request): Promise<Response> {
  return projectCall(request, memoryCalls.saveMemorySettingsForFile, async (project, fields) => {
    const memory = memoryNamed(await memoriesForProject(project), fields)
    if (!memory) return apiRefusal(request, 404, 'NotFound', 'api.notFound')
    await saveProjectMemorySettings(project, [{ id: memory.id, read: fields.readMemory, write: fields.writeMemory }])
    return answer(memoryCalls.saveMemorySettingsForFile, (await memoriesForProject(project)).map((each) => memoryJson(each, project.id)))
  })
}
