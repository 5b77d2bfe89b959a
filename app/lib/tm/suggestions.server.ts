import { db } from '../db/db.server'
import { DEFAULT_TOP } from './candidate-filter'
import { score } from './fuzzy-score'
import { matchDiffPieces, type DiffPiece } from './match-diff-pieces'
import { readableMemoryIds, type MemoryProject, type ProjectMemory } from './memories.server'
import { substituteNumbers } from './number-substitution'
import { mapMatchTags, placeMissingTags } from './tag-mapping'
import { lookupMatches } from './lookups.server'
import { contextHash } from './units.server'
import { neighbourSources } from '../projects/segments.server'

/** SPEC §3 "Suggestion" as the Translations tab shows it (issue 5 "fuzzy matches"). */
export interface Suggestion {
  unitId: number
  /** Percent, 0–100 (SPEC §3 match / rawMatch); 101 for a context match (issue 58 point 4). */
  match: number
  createdBy: string
  /** The matched source against the current one, differences marked. */
  source: DiffPiece[]
  /** The matched unit's source as stored (SPEC §3 suggestion "segment"). */
  matchSource: string
  /**
   * The unit's target with its tags mapped onto the current segment's, the tags it had nothing to map from placed by
   * their place in the source, and differing numbers replaced (what "Use" puts in).
   */
  target: string
  /** Tags of the current segment placed by position (the match had nothing to map them from): the panel says so. */
  placedTags: number
}

/**
 * SPEC §7 "tm/matches" count 5: the best matches of the active segment's source in the readable memories. With the
 * segment, a 100% match written between the same neighbours is a context match: 101%, first (issue 58 point 4).
 */
export async function suggestionsFor(
  project: MemoryProject | { readable: readonly ProjectMemory[] },
  source: string,
  minimumMatch: number,
  segment?: { projectId: number; id: number },
): Promise<Suggestion[]> {
  // The translator page has the project's memories already (its settings panel lists them): no second read, and with
  // their index versions the lookup needs none to know whether this instance's copies are current (issue 53).
  const memoryIds = 'readable' in project ? project.readable.map((memory) => memory.id) : await readableMemoryIds(project)
  const versions = 'readable' in project ? new Map(project.readable.map((memory) => [memory.id, memory.indexVersion])) : undefined
  const hits = await lookupMatches(memoryIds, source, { top: DEFAULT_TOP, threshold: minimumMatch, versions })
  const context = segment && hits.some((hit) => hit.match === 100) ? await segmentContext(segment.projectId, segment.id) : undefined
  const ranked = hits
    .map((hit) => ({ hit, match: hit.match === 100 && context !== undefined && hit.unit.context === context ? CONTEXT_MATCH : hit.match }))
    .sort((a, b) => b.match - a.match)
  return ranked.map(({ hit, match }) => {
    const { target, placed } = adaptedTarget(hit.unit.source, hit.unit.target, source)
    return {
      unitId: hit.unit.id,
      match,
      createdBy: hit.unit.createdBy,
      source: matchDiffPieces(source, hit.unit.source),
      matchSource: hit.unit.source,
      target,
      placedTags: placed,
    }
  })
}

/**
 * SPEC §4 "choosing a suggestion sets TM with the match value": the chosen unit's target for a segment, and its
 * match scored again here (never taken from the form). Undefined when the unit is not in a readable memory of
 * the project or the segment is not the project's.
 */
export async function chosenSuggestion(
  project: MemoryProject,
  segmentId: number,
  unitId: number,
): Promise<{ target: string; match: number } | undefined> {
  const [row] = await db().query<{ matchSource: string; matchTarget: string; source: string; context: string | null }>(
    `select u.source as "matchSource", u.target as "matchTarget", s.source, replace(u.context::text, '-', '') as context
       from tm_units u, segments s
      where u.id = $1 and u.memory_id = any($2::integer[]) and s.project_id = $3 and s.id = $4`,
    [unitId, await readableMemoryIds(project), project.id, segmentId],
  )
  if (!row) return undefined
  const { match } = score(row.source, row.matchSource)
  const inContext = match === 100 && row.context !== null && row.context === (await segmentContext(project.id, segmentId))
  return { target: adaptedTarget(row.matchSource, row.matchTarget, row.source).target, match: inContext ? CONTEXT_MATCH : match }
}

/** Issue 58 point 4: a 100% match whose unit was written between the same neighbouring sources (ICE). */
export const CONTEXT_MATCH = 101

/** The contextHash of a segment's neighbours in its file. */
export async function segmentContext(projectId: number, segmentId: number): Promise<string> {
  const { previous, next } = await neighbourSources(db(), projectId, segmentId)
  return contextHash(previous, next)
}

/**
 * What "Use" puts in (issue 5, issue 58 point 5): the match's target with its tags mapped onto the segment's, the
 * segment's other tags placed, and differing numbers replaced.
 */
function adaptedTarget(matchSource: string, matchTarget: string, currentSource: string): { target: string; placed: number } {
  return placeMissingTags(substituteNumbers(matchSource, mapMatchTags(matchSource, matchTarget, currentSource), currentSource), currentSource)
}
