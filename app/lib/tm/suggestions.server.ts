import { db } from '../db/db.server'
import { DEFAULT_TOP } from './candidate-filter'
import { score } from './fuzzy-score'
import { matchDiffPieces, type DiffPiece } from './match-diff-pieces'
import { readableMemoryIds, type MemoryProject } from './memories.server'
import { substituteNumbers } from './number-substitution'
import { mapMatchTags } from './tag-mapping'
import { parse, unusedTags } from '../tags'
import { lookupMatches } from './units.server'

/** SPEC §3 "Suggestion" as the Translations tab shows it (issue 5 "fuzzy matches"). */
export interface Suggestion {
  unitId: number
  /** Percent, 0–100 (SPEC §3 match / rawMatch). */
  match: number
  createdBy: string
  /** The matched source against the current one, differences marked. */
  source: DiffPiece[]
  /** The matched unit's source as stored (SPEC §3 suggestion "segment"). */
  matchSource: string
  /** The unit's target with its tags mapped onto the current segment's and differing numbers replaced (what "Use" puts in). */
  target: string
  /** Tags of the current segment the target lacks (the match had nothing to map them from): the panel says so. */
  missingTags: number
}

/** SPEC §7 "tm/matches" count 5: the best matches of the active segment's source in the readable memories. */
export async function suggestionsFor(
  project: MemoryProject | { readable: readonly number[] },
  source: string,
  minimumMatch: number,
): Promise<Suggestion[]> {
  // The translator page has the project's memories already (its settings panel lists them): no second read.
  const memoryIds = 'readable' in project ? project.readable : await readableMemoryIds(project)
  const hits = await lookupMatches(memoryIds, source, { top: DEFAULT_TOP, threshold: minimumMatch })
  const sourceTokens = parse(source)
  return hits.map((hit) => {
    const target = adaptedTarget(hit.unit.source, hit.unit.target, source)
    return {
      unitId: hit.unit.id,
      match: hit.match,
      createdBy: hit.unit.createdBy,
      source: matchDiffPieces(source, hit.unit.source),
      matchSource: hit.unit.source,
      target,
      missingTags: unusedTags(sourceTokens, parse(target)).filter((tag) => tag.kind !== 'close').length,
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
  const [row] = await db().query<{ matchSource: string; matchTarget: string; source: string }>(
    `select u.source as "matchSource", u.target as "matchTarget", s.source
       from tm_units u, segments s
      where u.id = $1 and u.memory_id = any($2::integer[]) and s.project_id = $3 and s.id = $4`,
    [unitId, await readableMemoryIds(project), project.id, segmentId],
  )
  if (!row) return undefined
  return { target: adaptedTarget(row.matchSource, row.matchTarget, row.source), match: score(row.source, row.matchSource).match }
}

/** What "Use" puts in: the match's target with its tags mapped onto the segment's, and differing numbers replaced. */
function adaptedTarget(matchSource: string, matchTarget: string, currentSource: string): string {
  return substituteNumbers(matchSource, mapMatchTags(matchSource, matchTarget, currentSource), currentSource)
}
