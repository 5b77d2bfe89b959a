import type { Queryable } from '../db/database.server'
import { db } from '../db/db.server'
import { parse, plainText } from '../tags'
import { markWords, searchWords, type MarkedPiece } from './concordance-marks'
import { readableMemoryIds, type MemoryProject } from './memories.server'

/** SPEC §3 concordance result. */
export interface ConcordanceResult {
  id: number
  raw_segment: string
  translation: string
}

/** Results shown at most: a list to read, not an export. */
export const CONCORDANCE_LIMIT = 20

/** Newest units read first: a common word is found among them without asking the trigram index. */
const RECENT_UNITS = 2000

/**
 * SPEC §2 concordance search: units of the memories whose source, or whose target, contains every word searched
 * (case-insensitive, `%` and `_` taken as text, tag names not counted), newest first, at most `limit`. Nothing for
 * empty text (SPEC §5). A word cut in two by a tag (`fi<b1>le`) is not found.
 *
 * Cost: no b-tree serves ILIKE '%word%', so the search takes two steps. First the RECENT_UNITS newest units
 * (an index walk): a common word fills the list there, and since any newer hit would be among them, those are the
 * newest hits. Otherwise the whole memory, where pg_trgm's GIN indexes on source and target (migration 11) find
 * the units holding the word's trigrams. Measured at 1,000,000 units with bench/tm/concordance.ts (README).
 */
export async function concordance(
  memoryIds: readonly number[],
  text: string,
  limit = CONCORDANCE_LIMIT,
  using: Queryable = db(),
): Promise<ConcordanceResult[]> {
  const words = searchWords(text)
  if (memoryIds.length === 0 || words.length === 0) return []
  const patterns = words.map((word) => `%${word.replace(/[\\%_]/gu, (c) => `\\${c}`)}%`)
  const all = (column: string) => patterns.map((_, index) => `${column} ilike $${index + 2}`).join(' and ')
  const matching = `((${all('source')}) or (${all('target')}))`
  const wanted = Math.max(1, Math.floor(limit))
  // The stored strings are searched as they are (stripping tags in SQL costs a regular expression per unit);
  // a hit inside a tag's name (`g1`) is then told apart here, on the plain text, from a few more rows than shown.
  const rowLimit = wanted * 3
  const containsAll = (canonical: string) => {
    const plain = plainText(parse(canonical)).toLocaleLowerCase()
    return words.every((word) => plain.includes(word.toLocaleLowerCase()))
  }
  const results = (rows: { id: number; source: string; target: string }[]) =>
    rows.filter((row) => containsAll(row.source) || containsAll(row.target)).slice(0, wanted)

  // One row at least: `seen` tells whether the newest units were the whole memory (then nothing else is read).
  const recent = await using.query<{ seen: number; id: number | null; source: string; target: string }>(
    `with newest as materialized (
       -- Per memory, so that each is an index walk (tm_units_recent_idx), then merged.
       select u.* from unnest($1::integer[]) as m (id)
        cross join lateral (
          select id, source, target, changed_at from tm_units where memory_id = m.id
           order by changed_at desc, id desc limit ${RECENT_UNITS + 1}
        ) as u
        order by u.changed_at desc, u.id desc limit ${RECENT_UNITS + 1}
     ), hits as (
       select * from newest where ${matching} order by changed_at desc, id desc limit ${rowLimit}
     )
     select (select count(*) from newest)::integer as seen, hits.id, hits.source, hits.target
       from (select 1) as one left join hits on true
      order by hits.changed_at desc, hits.id desc`,
    [memoryIds, ...patterns],
  )
  const recentHits = recent.filter((row): row is typeof row & { id: number } => row.id !== null)
  let found = results(recentHits)
  if (found.length < wanted && recentHits.length < rowLimit && (recent[0]?.seen ?? 0) > RECENT_UNITS) {
    found = results(
      await using.query<{ id: number; source: string; target: string }>(
        `select id, source, target from tm_units
          where memory_id = any($1::integer[]) and ${matching}
          order by changed_at desc, id desc
          limit ${rowLimit}`,
        [memoryIds, ...patterns],
      ),
    )
  }
  return found.map((row) => ({ id: Number(row.id), raw_segment: row.source, translation: row.target }))
}

/** The Translations tab's concordance (SPEC §2): the project's readable memories searched, hits marked. */
export async function searchConcordance(
  project: MemoryProject,
  text: string,
): Promise<{ text: string; results: { id: number; raw_segment: MarkedPiece[]; translation: MarkedPiece[] }[] }> {
  const words = searchWords(text)
  const results = await concordance(await readableMemoryIds(project), text)
  return {
    text,
    results: results.map((result) => ({
      id: result.id,
      raw_segment: markWords(result.raw_segment, words),
      translation: markWords(result.translation, words),
    })),
  }
}
