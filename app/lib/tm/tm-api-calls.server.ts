import { z } from 'zod'
import { filledFields } from '../http/filled-fields'
import { getEnv } from '../env.server'
import type { ProjectSummary } from '../projects/projects.server'
import { apiRefusal } from '../projects/status-calls.server'
import { concordance } from './concordance.server'
import { readableMemoryIds, type MemoryProject } from './memories.server'
import { suggestionsFor } from './suggestions.server'

const TEXT_MAX = 10_000

const matchesSchema = z.object({
  text: z.string().max(TEXT_MAX).default(''),
  count: z.coerce.number().int().min(1).max(20).default(5),
})

function memoryProject(project: ProjectSummary, ownerId: number): MemoryProject {
  return { id: project.id, ownerId, sourceLang: project.sourceLang, targetLang: project.targetLang }
}

/**
 * SPEC §7 tm/matches: the best `count` (5) matches of `text` in the memories the project reads, as the Translations
 * tab shows them — `{ createdBy, match, rawMatch, translation, segment }`, `match` in percent, the translation with
 * the text's tags and numbers put in. The project's languages decide (SPEC's sourceLang/targetLang are not needed).
 */
export async function matchesCall(request: Request, project: ProjectSummary, form: FormData, ownerId: number): Promise<Response> {
  const parsed = matchesSchema.safeParse(filledFields(form))
  if (!parsed.success) return apiRefusal(request, 400, 'InvalidValue', 'api.invalidField', { field: String(parsed.error.issues[0]?.path[0]) })
  if (parsed.data.text.trim() === '') return Response.json([])
  const suggestions = await suggestionsFor(memoryProject(project, ownerId), parsed.data.text, getEnv().TM_MIN_MATCH)
  return Response.json(
    suggestions.slice(0, parsed.data.count).map((suggestion) => ({
      createdBy: suggestion.createdBy,
      match: suggestion.match,
      rawMatch: suggestion.match,
      translation: suggestion.target,
      segment: suggestion.matchSource,
    })),
  )
}

/** SPEC §7 tm/concordance-search: units of the project's readable memories holding every word of `text` (decision 0014). */
export async function concordanceCall(request: Request, project: ProjectSummary, form: FormData, ownerId: number): Promise<Response> {
  const text = form.get('text')
  if (typeof text !== 'string' || text.length > TEXT_MAX) return apiRefusal(request, 400, 'InvalidValue', 'api.invalidField', { field: 'text' })
  const results = await concordance(await readableMemoryIds(memoryProject(project, ownerId)), text)
  return Response.json(results.map((result) => ({ raw_segment: result.raw_segment, translation: result.translation })))
}
