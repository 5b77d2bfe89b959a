import { setImmediate as yieldToEvents } from 'node:timers/promises'
import type { Queryable } from '../db/database.server'
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
 *
 * A glossary without a current copy (new to this process, or just changed: a term added from the translator) is
 * answered from the database at once — the same rows through glossary_terms_lookup_idx — while its copy is built in
 * the background a page of rows at a time, yielding between pages, so no request waits for a 100,000-concept copy and
 * none is stale.
 */
interface Loaded {
  version: string
  byKey: Map<string, CandidateTerm[]>
  /** Each concept's target terms, preferred first: what a mark's title lists. */
  targets: Map<number, TargetTerm[]>
}

type TargetTerm = { text: string; status: TermStatus }

const copies = new Map<number, Loaded>()
/** Copies being built: one build per glossary and version at a time. */
const building = new Map<number, string>()
/** Glossaries kept at once; the least recently loaded goes first (a 100,000-term copy is about 20 MB). */
const MAX_COPIES = 8
/** Rows read and added to a copy between two yields. */
const PAGE_ROWS = 10_000

const STATUS_ORDER = `array_position(array['preferred', 'admitted', 'deprecated', 'obsolete'], status)`

type Row = { id: string; conceptId: string; side: 'source' | 'target'; term: string; status: TermStatus; stems: string; key: string }

function addRow(copy: Omit<Loaded, 'version'>, row: Row) {
  const conceptId = Number(row.conceptId)
  if (row.side === 'target') {
    const list = copy.targets.get(conceptId)
    if (list) list.push({ text: row.term, status: row.status })
    else copy.targets.set(conceptId, [{ text: row.term, status: row.status }])
    return
  }
  const list = copy.byKey.get(row.key)
  const term = { conceptId, stems: row.stems }
  if (list) list.push(term)
  else copy.byKey.set(row.key, [term])
}

/** Builds the glossary's copy page by page (keyset on id), yielding between pages; kept if its version still holds. */
async function buildCopy(glossary: Pick<Glossary, 'id' | 'version'>): Promise<void> {
  const copy: Omit<Loaded, 'version'> = { byKey: new Map(), targets: new Map() }
  let after = '0'
  for (;;) {
    const rows = await db().query<Row>(
      `select id::text, concept_id::text as "conceptId", side, term, status, stems, lookup_key as key from glossary_terms
        where glossary_id = $1 and id > $2::bigint order by id limit $3`,
      [glossary.id, after, PAGE_ROWS],
    )
    for (const row of rows) addRow(copy, row)
    if (rows.length < PAGE_ROWS) break
    after = rows.at(-1)!.id
    await yieldToEvents()
  }
  // Preferred first in each concept's targets, as the database path orders them.
  const rank = (status: TermStatus) => ['preferred', 'admitted', 'deprecated', 'obsolete'].indexOf(status)
  for (const list of copy.targets.values()) list.sort((a, b) => rank(a.status) - rank(b.status))
  const [current] = await db().query<{ version: string }>('select version::text as version from glossaries where id = $1', [glossary.id])
  if (current?.version !== glossary.version) return
  copies.delete(glossary.id)
  copies.set(glossary.id, { version: glossary.version, ...copy })
  while (copies.size > MAX_COPIES) copies.delete(copies.keys().next().value!)
}

function startBuilding(glossary: Pick<Glossary, 'id' | 'version'>) {
  if (building.get(glossary.id) === glossary.version) return
  building.set(glossary.id, glossary.version)
  buildCopy(glossary)
    .catch((error: unknown) => console.error('[terms] copy of glossary', glossary.id, 'failed:', error instanceof Error ? error.message : error))
    .finally(() => {
      if (building.get(glossary.id) === glossary.version) building.delete(glossary.id)
    })
}

/** Waits until the glossaries' copies are current (tests and benchmarks measure the copy's answers). */
export async function termCopiesReady(glossaries: Pick<Glossary, 'id' | 'version'>[]): Promise<void> {
  for (const glossary of glossaries) {
    if (copies.get(glossary.id)?.version !== glossary.version) await buildCopy(glossary)
  }
}

/** The source terms whose lookup key is one of `keys` in the glossaries, and then the target terms of concepts. */
export async function termLookup(glossaries: Pick<Glossary, 'id' | 'version'>[], keys: string[], using: Queryable = db()) {
  const current = glossaries.flatMap((glossary) => {
    const copy = copies.get(glossary.id)
    return copy?.version === glossary.version ? [copy] : []
  })
  const missing = glossaries.filter((glossary) => copies.get(glossary.id)?.version !== glossary.version)
  for (const glossary of missing) startBuilding(glossary)
  const missingIds = missing.map((glossary) => glossary.id)
  const fromDatabase =
    missingIds.length === 0 || keys.length === 0
      ? []
      : (
          await using.query<{ conceptId: string; stems: string }>(
            `select concept_id::text as "conceptId", stems from glossary_terms
              where glossary_id = any($1::integer[]) and side = 'source' and lookup_key = any($2::text[])`,
            [missingIds, keys],
          )
        ).map((row) => ({ conceptId: Number(row.conceptId), stems: row.stems }))
  return {
    candidates: [...current.flatMap(({ byKey }) => keys.flatMap((key) => byKey.get(key) ?? [])), ...fromDatabase],
    async targets(conceptIds: number[]): Promise<Map<number, TargetTerm[]>> {
      const found = new Map<number, TargetTerm[]>()
      for (const conceptId of conceptIds) {
        const list = current.map(({ targets }) => targets.get(conceptId)).find((each) => each !== undefined)
        if (list) found.set(conceptId, list)
      }
      const left = conceptIds.filter((conceptId) => !found.has(conceptId))
      if (left.length === 0 || missingIds.length === 0) return found
      const rows = await using.query<{ conceptId: string; term: string; status: TermStatus }>(
        `select concept_id::text as "conceptId", term, status from glossary_terms
          where concept_id = any($1::bigint[]) and side = 'target' order by ${STATUS_ORDER}, id`,
        [left],
      )
      for (const row of rows) {
        const conceptId = Number(row.conceptId)
        found.set(conceptId, [...(found.get(conceptId) ?? []), { text: row.term, status: row.status }])
      }
      return found
    },
  }
}
