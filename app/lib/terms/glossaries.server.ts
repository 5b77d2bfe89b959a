import type { Queryable } from '../db/database.server'
import { containsPattern } from '../db/contains-pattern'
import { db } from '../db/db.server'
import { enqueue } from '../jobs/queue.server'
import { wakeWorker } from '../jobs/wake.server'
import { pairCode, type MemoryProject } from '../tm/memories.server'
import type { GlossaryConcept, GlossaryTerm, TermStatus } from './glossary-types'
import { stemKey } from './stemming'
import { lookupKey } from './term-matcher'

/**
 * Glossaries (issue 17): a user's term bases, each for one language pair, read and written per project as memories
 * are (a project's own choice, else the glossary's default). Terms are stored with their stems (stemming.ts) in the
 * glossary's languages, so recognition is one index lookup per window (term-recognition.server.ts).
 */
export interface Glossary {
  id: number
  /** Changes with every change of its terms (term-index.server.ts). */
  version: string
  name: string
  sourceLang: string
  targetLang: string
  read: boolean
  write: boolean
  conceptCount: number
}

export interface GlossaryFields {
  name: string
  sourceLang: string
  targetLang: string
}

export interface GlossaryChoice {
  id: number
  read: boolean
  write: boolean
}

const columns = /* sql */ `g.id, g.version::text as version, g.name, g.source_lang as "sourceLang", g.target_lang as "targetLang", g.concept_count as "conceptCount"`

export function listGlossaries(ownerId: number): Promise<Glossary[]> {
  return db().query<Glossary>(
    `select ${columns}, g.read, g.write from glossaries g where g.owner_id = $1 and g.deleted_at is null
      order by g.source_lang, g.target_lang, lower(g.name), g.id`,
    [ownerId],
  )
}

export async function findGlossary(ownerId: number, glossaryId: number): Promise<Glossary | undefined> {
  const [glossary] = await db().query<Glossary>(
    `select ${columns}, g.read, g.write from glossaries g where g.owner_id = $1 and g.id = $2 and g.deleted_at is null`,
    [ownerId, glossaryId],
  )
  return glossary
}

/** The owner's glossaries of the project's language pair, with the project's own choice where it made one. */
export function glossariesForProject(project: MemoryProject, using: Queryable = db()): Promise<Glossary[]> {
  return using.query<Glossary>(
    `select ${columns}, coalesce(pg.read, g.read) as read, coalesce(pg.write, g.write) as write
       from glossaries g left join project_glossaries pg on pg.glossary_id = g.id and pg.project_id = $2
      where g.owner_id = $1 and g.source_lang = $3 and g.target_lang = $4 and g.deleted_at is null
      order by lower(g.name), g.id`,
    [project.ownerId, project.id, pairCode(project.sourceLang), pairCode(project.targetLang)],
  )
}

export async function createGlossary(ownerId: number, fields: GlossaryFields): Promise<Glossary> {
  const [glossary] = await db().query<Glossary>(
    `insert into glossaries as g (owner_id, name, source_lang, target_lang) values ($1, $2, $3, $4)
     returning ${columns}, g.read, g.write`,
    [ownerId, fields.name, pairCode(fields.sourceLang), pairCode(fields.targetLang)],
  )
  return glossary!
}

/** The user's defaults: which glossaries new projects read and write. Ids that are not the owner's are ignored. */
export async function saveGlossaryDefaults(ownerId: number, choices: GlossaryChoice[]): Promise<void> {
  for (const choice of choices) {
    await db().query('update glossaries set read = $3, write = $4 where id = $2 and owner_id = $1', [ownerId, choice.id, choice.read, choice.write])
  }
}

/** The project's own choice (the settings panel inside the translator); only glossaries of its pair count. */
export async function saveProjectGlossaries(project: MemoryProject, choices: GlossaryChoice[]): Promise<void> {
  const own = new Set((await glossariesForProject(project)).map((glossary) => glossary.id))
  await db().transaction(async (tx) => {
    for (const choice of choices.filter((each) => own.has(each.id))) {
      await tx.query(
        `insert into project_glossaries (project_id, glossary_id, read, write) values ($1, $2, $3, $4)
         on conflict (project_id, glossary_id) do update set read = $3, write = $4`,
        [project.id, choice.id, choice.read, choice.write],
      )
    }
  })
}

/** Gone at once from every page and lookup; a background task removes its concepts in bounded batches. */
export async function deleteGlossary(ownerId: number, glossaryId: number): Promise<boolean> {
  const marked = await db().transaction(async (tx) => {
    const rows = await tx.query('update glossaries set deleted_at = now() where id = $1 and owner_id = $2 and deleted_at is null returning id', [
      glossaryId,
      ownerId,
    ])
    if (rows.length > 0) await enqueue(tx, { kind: 'purge-glossary', payload: { glossaryId } })
    return rows.length > 0
  })
  if (marked) wakeWorker()
  return marked
}

/** Concepts per statement when importing: two statements a batch, each short enough not to hold the database long. */
export const IMPORT_BATCH = 2_000

/**
 * Adds concepts to a glossary, IMPORT_BATCH at a time (ids reserved first, so each term knows its concept without a
 * round trip per concept); the terms' stems in the glossary's languages. Runs in the caller's transaction if given.
 */
export async function addConcepts(
  glossary: Pick<Glossary, 'id' | 'sourceLang' | 'targetLang'>,
  concepts: GlossaryConcept[],
  using: Queryable = db(),
  /** The glossary import writing them (glossary-import.server.ts), so a retry can remove a cut-off run's rows. */
  importId: number | null = null,
): Promise<number[]> {
  const ids: number[] = []
  for (let start = 0; start < concepts.length; start += IMPORT_BATCH) {
    const batch = concepts.slice(start, start + IMPORT_BATCH)
    // One row of ids, the sequence named once: a row per id cost more than the concepts' own insert.
    const [reserved] = await using.query<{ ids: string }>(
      `select string_agg(nextval((select pg_get_serial_sequence('glossary_concepts', 'id'))::regclass)::text, ',') as ids
         from generate_series(1, $1)`,
      [batch.length],
    )
    const batchIds = reserved!.ids.split(',').map(Number)
    await using.query(
      `insert into glossary_concepts (id, glossary_id, subject, definition, note, import_id) overriding system value
       select c.id, $1, c.subject, c.definition, c.note, $6 from unnest($2::bigint[], $3::text[], $4::text[], $5::text[]) as c(id, subject, definition, note)`,
      [
        glossary.id,
        batchIds,
        batch.map((c) => c.subject ?? null),
        batch.map((c) => c.definition ?? null),
        batch.map((c) => c.note ?? null),
        importId,
      ],
    )
    await insertTerms(
      using,
      glossary,
      batch.map((concept, index) => ({ conceptId: batchIds[index]!, concept })),
    )
    await using.query('update glossaries set concept_count = concept_count + $2, version = version + 1 where id = $1', [glossary.id, batch.length])
    ids.push(...batchIds)
  }
  return ids
}

/**
 * Writes the terms of concepts already written, each with its stems in its side's language. The columns are built in
 * one pass (an object per term cost a tenth of an import).
 */
async function insertTerms(
  using: Queryable,
  glossary: Pick<Glossary, 'id' | 'sourceLang' | 'targetLang'>,
  concepts: { conceptId: number; concept: GlossaryConcept }[],
): Promise<void> {
  const columns = { conceptIds: [] as number[], sides: [] as string[], texts: [] as string[], statuses: [] as string[] }
  const optional = { partsOfSpeech: [] as (string | null)[], contexts: [] as (string | null)[], notes: [] as (string | null)[] }
  const stems: string[] = []
  const add = (conceptId: number, side: 'source' | 'target', term: GlossaryTerm, language: string) => {
    columns.conceptIds.push(conceptId)
    columns.sides.push(side)
    columns.texts.push(term.text)
    columns.statuses.push(term.status)
    optional.partsOfSpeech.push(term.partOfSpeech ?? null)
    optional.contexts.push(term.context ?? null)
    optional.notes.push(term.note ?? null)
    // A term of no words (punctuation only) cannot be recognised; it is kept for the list with its text as the stem.
    stems.push(stemKey(term.text, language) || term.text.toLowerCase())
  }
  for (const { conceptId, concept } of concepts) {
    for (const term of concept.source) add(conceptId, 'source', term, glossary.sourceLang)
    for (const term of concept.target) add(conceptId, 'target', term, glossary.targetLang)
  }
  await using.query(
    `insert into glossary_terms (concept_id, glossary_id, side, term, status, part_of_speech, context, note, stems, lookup_key)
     select t.concept_id, $1, t.side, t.term, t.status, t.pos, t.context, t.note, t.stems, t.lookup_key
       from unnest($2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
         as t(concept_id, side, term, status, pos, context, note, stems, lookup_key)`,
    [
      glossary.id,
      columns.conceptIds,
      columns.sides,
      columns.texts,
      columns.statuses,
      optional.partsOfSpeech,
      optional.contexts,
      optional.notes,
      stems,
      stems.map(lookupKey),
    ],
  )
}

export interface StoredTerm extends GlossaryTerm {
  id: number
  side: 'source' | 'target'
}

export interface StoredConcept {
  id: number
  glossaryId: number
  subject?: string
  definition?: string
  note?: string
  source: StoredTerm[]
  target: StoredTerm[]
}

interface ConceptRow {
  id: string
  glossaryId: number
  subject: string | null
  definition: string | null
  note: string | null
}

interface TermListRow {
  id: string
  conceptId: string
  side: 'source' | 'target'
  term: string
  status: TermStatus
  partOfSpeech: string | null
  context: string | null
  note: string | null
}

/** Concepts by id with all their terms (sources first as stored, preferred targets first). */
export async function conceptsById(ids: number[], using: Queryable = db()): Promise<StoredConcept[]> {
  if (ids.length === 0) return []
  const [concepts, terms] = [
    await using.query<ConceptRow>(
      `select id::text, glossary_id as "glossaryId", subject, definition, note from glossary_concepts where id = any($1::bigint[]) order by id`,
      [ids],
    ),
    await using.query<TermListRow>(
      `select id::text, concept_id::text as "conceptId", side, term, status, part_of_speech as "partOfSpeech", context, note
         from glossary_terms where concept_id = any($1::bigint[])
        order by concept_id, side, array_position(array['preferred', 'admitted', 'deprecated', 'obsolete'], status), id`,
      [ids],
    ),
  ]
  const byConcept = new Map<string, StoredConcept>(
    concepts.map((row) => [
      row.id,
      {
        id: Number(row.id),
        glossaryId: row.glossaryId,
        ...orUndefined({ subject: row.subject, definition: row.definition, note: row.note }),
        source: [],
        target: [],
      },
    ]),
  )
  for (const row of terms) {
    byConcept.get(row.conceptId)?.[row.side].push({
      id: Number(row.id),
      side: row.side,
      text: row.term,
      status: row.status,
      ...orUndefined({ partOfSpeech: row.partOfSpeech, context: row.context, note: row.note }),
    })
  }
  return [...byConcept.values()]
}

function orUndefined<T extends Record<string, string | null>>(fields: T): Partial<Record<keyof T, string>> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null)) as Partial<Record<keyof T, string>>
}

export const CONCEPTS_PER_PAGE = 50

/** A page of a glossary's concepts, newest first; with `filter`, those with a term holding it (any case). */
export async function listConcepts(glossaryId: number, page: number, filter = ''): Promise<{ total: number; concepts: StoredConcept[] }> {
  const pattern = containsPattern(filter)
  const where = filter
    ? `glossary_id = $1 and id in (select concept_id from glossary_terms where glossary_id = $1 and term ilike $2)`
    : `glossary_id = $1 and $2::text is not null`
  const [count] = await db().query<{ total: number }>(`select count(*)::int as total from glossary_concepts where ${where}`, [glossaryId, pattern])
  const rows = await db().query<{ id: string }>(`select id::text from glossary_concepts where ${where} order by id desc limit $3 offset $4`, [
    glossaryId,
    pattern,
    CONCEPTS_PER_PAGE,
    (page - 1) * CONCEPTS_PER_PAGE,
  ])
  const concepts = await conceptsById(rows.map((row) => Number(row.id)))
  return { total: count?.total ?? 0, concepts: concepts.sort((a, b) => b.id - a.id) }
}

/** How many concepts the translator's glossary search shows. */
export const SEARCH_RESULTS = 10

/**
 * The translator's glossary search (SPEC §9 Shift+Enter, issue 17): concepts of these glossaries with a term that holds
 * the text, or is the text inflected (the same stems on its side), newest first.
 */
export async function searchGlossaries(glossaries: Pick<Glossary, 'id' | 'sourceLang' | 'targetLang'>[], text: string): Promise<StoredConcept[]> {
  const query = text.trim()
  if (glossaries.length === 0 || query === '') return []
  const pattern = containsPattern(query)
  const [{ sourceLang, targetLang }] = glossaries as [Pick<Glossary, 'sourceLang' | 'targetLang'>]
  const rows = await db().query<{ id: string }>(
    `select c.id::text from glossary_concepts c
      where c.glossary_id = any($1::integer[])
        and exists (select 1 from glossary_terms t where t.concept_id = c.id
                       and (t.term ilike $2 or (t.side = 'source' and t.stems = $3) or (t.side = 'target' and t.stems = $4)))
      order by c.id desc limit $5`,
    [glossaries.map((glossary) => glossary.id), pattern, stemKey(query, sourceLang), stemKey(query, targetLang), SEARCH_RESULTS],
  )
  const concepts = await conceptsById(rows.map((row) => Number(row.id)))
  return concepts.sort((a, b) => b.id - a.id)
}

/** The concept if it is in one of the owner's glossaries. */
export async function findConcept(ownerId: number, conceptId: number): Promise<StoredConcept | undefined> {
  const [row] = await db().query<{ id: string }>(
    `select c.id::text from glossary_concepts c join glossaries g on g.id = c.glossary_id
      where c.id = $2 and g.owner_id = $1 and g.deleted_at is null`,
    [ownerId, conceptId],
  )
  return row ? (await conceptsById([Number(row.id)]))[0] : undefined
}

/** Replaces a concept's fields and terms (the edit form sends the whole concept). */
export async function replaceConcept(
  glossary: Pick<Glossary, 'id' | 'sourceLang' | 'targetLang'>,
  conceptId: number,
  concept: GlossaryConcept,
): Promise<void> {
  await db().transaction(async (tx) => {
    // The update locks the concept until the terms are written; one deleted meanwhile gets no terms (no foreign key).
    const updated = await tx.query('update glossary_concepts set subject = $2, definition = $3, note = $4 where id = $1 returning id', [
      conceptId,
      concept.subject ?? null,
      concept.definition ?? null,
      concept.note ?? null,
    ])
    if (updated.length === 0) return
    await tx.query('delete from glossary_terms where concept_id = $1', [conceptId])
    await tx.query('update glossaries set version = version + 1 where id = $1', [glossary.id])
    await insertTerms(tx, glossary, [{ conceptId, concept }])
  })
}

export async function deleteConcept(glossaryId: number, conceptId: number): Promise<boolean> {
  return db().transaction(async (tx) => {
    const removed = await tx.query('delete from glossary_concepts where id = $1 and glossary_id = $2 returning id', [conceptId, glossaryId])
    if (removed.length > 0)
      await tx.query('update glossaries set concept_count = concept_count - 1, version = version + 1 where id = $1', [glossaryId])
    return removed.length > 0
  })
}
