import { answer, calls } from '../api/calls'
import { projectCall } from '../api/read-fields.server'
import { getEnv } from '../env.server'
import type { ProjectSummary } from '../projects/projects.server'
import { concordance } from './concordance.server'
import { readableMemoryIds, type MemoryProject } from './memories.server'
import { suggestionsFor } from './suggestions.server'

/** The project as the memories see it: its owner and language pair. */
export function memoryProject(project: ProjectSummary, ownerId: number): MemoryProject {
  return { id: project.id, ownerId, sourceLang: project.sourceLang, targetLang: project.targetLang }
}

/**
 * SPEC §7 tm/matches: the best `count` (5) matches of `text` in the memories the project reads, as the Translations
 * tab shows them — `{ createdBy, match, rawMatch, translation, segment }`, `match` in percent, the translation with
 * the text's tags and numbers put in. The project's languages decide (SPEC's sourceLang/targetLang are not needed).
 */
export function matchesCall(request: Request): Promise<Response> {
  return projectCall(request, calls.tmMatches, async (project, { text, count }, user) => {
    if (text.trim() === '') return answer(calls.tmMatches, [])
    const suggestions = await suggestionsFor(memoryProject(project, user.id), text, getEnv().TM_MIN_MATCH)
    return answer(
      calls.tmMatches,
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
  return projectCall(request, calls.concordance, async (project, { text }, user) => {
    const results = await concordance(await readableMemoryIds(memoryProject(project, user.id)), text)
    return answer(calls.concordance, results.map((result) => ({ raw_segment: result.raw_segment, translation: result.translation })))
  })
}
