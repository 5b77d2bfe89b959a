import type { Queryable } from '../db/database.server'
import { db } from '../db/db.server'
import type { MemoryProject } from '../tm/memories.server'
import { glossariesForProject, type Glossary } from './glossaries.server'
import type { TermStatus } from './glossary-types'
import { termLookup } from './term-index.server'
import { findInRuns, lookupKeysOf, segmentWords, termIndex, type TermHit } from './term-matcher'

/**
 * The glossary terms in a window of segments (issue 17), for the translator: the source terms whose lookup key (first
 * three stems) is among the window's runs of one to three words, in the glossaries the project reads (from the
 * process's copy of their terms, term-index.server.ts); the matching in memory; the found concepts' target terms from
 * the same copy. The active
 * segment's concepts are read whole by the page (conceptsById).
 */
export interface WindowTerms {
  /** Per segment id, the terms found in its source. */
  hits: Map<number, TermHit[]>
  /** Per concept found, its target terms (preferred first), for the marks' titles. */
  targets: Map<number, { text: string; status: TermStatus }[]>
}

export async function termsInWindow(
  project: MemoryProject,
  segments: { id: number; source: string }[],
  /** The project's glossaries, when the caller has them already (the translator's settings). */
  known?: Glossary[],
  /** The transaction to read in (a save's QA inside the save's transaction). */
  using: Queryable = db(),
): Promise<WindowTerms> {
  const empty: WindowTerms = { hits: new Map(), targets: new Map() }
  if (segments.length === 0) return empty
  const glossaries = (known ?? (await glossariesForProject(project, using))).filter((glossary) => glossary.read)
  if (glossaries.length === 0) return empty
  const runs = new Map(segments.map((segment) => [segment.id, segmentWords(segment.source, project.sourceLang)]))
  const keys = lookupKeysOf([...runs.values()].flat())
  if (keys.length === 0) return empty
  const lookup = await termLookup(glossaries, keys, using)
  const index = termIndex(lookup.candidates)
  const hits = new Map([...runs].map(([id, segmentRuns]) => [id, findInRuns(segmentRuns, index)]))
  const found = new Set([...hits.values()].flatMap((list) => list.flatMap((hit) => hit.conceptIds)))
  const targets = await lookup.targets([...found])
  return { hits, targets }
}
