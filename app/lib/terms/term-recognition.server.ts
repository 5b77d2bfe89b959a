import { db } from '../db/db.server'
import type { MemoryProject } from '../tm/memories.server'
import { conceptsById, glossariesForProject, type StoredConcept } from './glossaries.server'
import { findTerms, stemsOf, termIndex, type CandidateTerm, type TermHit } from './term-matcher'

/**
 * The glossary terms in a window of segments (issue 17), for the translator: one lookup of the source terms whose
 * first stem is among the window's stems in the glossaries the project reads (index glossary_terms_lookup_idx), the
 * matching in memory, then the found concepts with all their terms.
 */
export interface WindowTerms {
  /** Per segment id, the terms found in its source. */
  hits: Map<number, TermHit[]>
  concepts: Map<number, StoredConcept & { glossaryName: string }>
}

export async function termsInWindow(project: MemoryProject, segments: { id: number; source: string }[]): Promise<WindowTerms> {
  const glossaries = (await glossariesForProject(project)).filter((glossary) => glossary.read)
  const empty: WindowTerms = { hits: new Map(), concepts: new Map() }
  if (glossaries.length === 0 || segments.length === 0) return empty
  const stems = stemsOf(
    segments.map((segment) => segment.source),
    project.sourceLang,
  )
  if (stems.length === 0) return empty
  const candidates = await db().query<CandidateTerm & { conceptId: string }>(
    `select concept_id::text as "conceptId", stems from glossary_terms
      where glossary_id = any($1::int[]) and side = 'source' and first_stem = any($2::text[])`,
    [glossaries.map((glossary) => glossary.id), stems],
  )
  const index = termIndex(candidates.map((candidate) => ({ conceptId: Number(candidate.conceptId), stems: candidate.stems })))
  const hits = new Map(segments.map((segment) => [segment.id, findTerms(segment.source, project.sourceLang, index)]))
  const found = [...new Set([...hits.values()].flatMap((list) => list.flatMap((hit) => hit.conceptIds)))]
  const names = new Map(glossaries.map((glossary) => [glossary.id, glossary.name]))
  const concepts = await conceptsById(found)
  return { hits, concepts: new Map(concepts.map((concept) => [concept.id, { ...concept, glossaryName: names.get(concept.glossaryId) ?? '' }])) }
}
