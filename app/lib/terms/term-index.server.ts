import { db } from '../db/db.server'
import type { Glossary } from './glossaries.server'
import type { TermStatus } from './glossary-types'
import type { CandidateTerm } from './term-matcher'

/**
 * Each process keeps a copy of the term lookup of the glossaries it marks windows with (issue 17), as the TM
 * keeps its index copies (decision 0011): a Map from lookup key to terms, current while the glossary's version (bumped
 * by every change of its terms) is the one it was loaded at. The database stays the truth — another instance's change
 * shows in the version — and a 50-segment window is marked without a query: a 100,000-concept glossary's index took
 * about 20 ms for a window's 2,400 keys and the targets of its 400 concepts another 40; the copy answers in about 3.
 */
interface Loaded {
  version: string
  byKey: Map<string, CandidateTerm[]>
  /** Each concept's target terms, preferred first: what a mark's title lists. */
  targets: Map<number, { text: string; status: TermStatus }[]>
}

const copies = new Map<number, Loaded>()
/** Glossaries kept at once; the least recently loaded goes first (a 100,000-term copy is about 20 MB). */
const MAX_COPIES = 8

async function copyOf(glossary: Pick<Glossary, 'id' | 'version'>): Promise<Loaded> {
  const known = copies.get(glossary.id)
  if (known?.version === glossary.version) return known
  const rows = await db().query<{ conceptId: string; side: 'source' | 'target'; term: string; status: TermStatus; stems: string; key: string }>(
    `select concept_id::text as "conceptId", side, term, status, stems, lookup_key as key from glossary_terms where glossary_id = $1
      order by array_position(array['preferred', 'admitted', 'deprecated', 'obsolete'], status), id`,
    [glossary.id],
  )
  const byKey = new Map<string, CandidateTerm[]>()
  const targets = new Map<number, { text: string; status: TermStatus }[]>()
  for (const row of rows) {
    const conceptId = Number(row.conceptId)
    if (row.side === 'target') {
      const list = targets.get(conceptId)
      if (list) list.push({ text: row.term, status: row.status })
      else targets.set(conceptId, [{ text: row.term, status: row.status }])
      continue
    }
    const list = byKey.get(row.key)
    const term = { conceptId, stems: row.stems }
    if (list) list.push(term)
    else byKey.set(row.key, [term])
  }
  const loaded = { version: glossary.version, byKey, targets }
  copies.delete(glossary.id)
  copies.set(glossary.id, loaded)
  while (copies.size > MAX_COPIES) copies.delete(copies.keys().next().value!)
  return loaded
}

/** The glossaries' copies: the source terms whose lookup key is one of `keys`, and a concept's target terms. */
export async function termLookup(glossaries: Pick<Glossary, 'id' | 'version'>[]) {
  const loaded = await Promise.all(glossaries.map(copyOf))
  return {
    candidates(keys: string[]): CandidateTerm[] {
      return loaded.flatMap(({ byKey }) => keys.flatMap((key) => byKey.get(key) ?? []))
    },
    targets(conceptId: number): { text: string; status: TermStatus }[] {
      for (const { targets } of loaded) {
        const found = targets.get(conceptId)
        if (found) return found
      }
      return []
    },
  }
}
