import type { Database } from '../db/database.server'
import { db } from '../db/db.server'
import { tmIndexes } from './index-cache.server'
import { markWords, type MarkedPiece } from './concordance-marks'
import { holdsAll, searchedWords, wordHash } from './concordance-words'
import { readableMemoryIds, type MemoryProject } from './memories.server'

/** SPEC §3 concordance result. */
export interface ConcordanceResult {
  id: number
  raw_segment: string
  translation: string
}

/** Results shown at most: a list to read, not an export. */
export const CONCORDANCE_LIMIT = 20

/** Newest units read first: a common word is found among them without asking the copies. */
const RECENT_UNITS = 2000

/**
 * Whether to read the candidates by id rather than walk the memories newest first until enough of them are found.
 * Reading by id costs about 4.5 µs a candidate; the walk reads about rows·units/candidates units at about 0.5 µs
 * each (measured on PGlite, one million units): by id while candidates² ≤ 8·units (about 2,800 candidates in a
 * million units, 900 in 100,000).
 */
const readById = (candidates: number, units: number) => candidates * candidates <= 8 * units

/**
 * SPEC §2 concordance search: units of the memories whose source, or whose target, holds every word searched (whole
 * words and numbers, any case; punctuation and tag names do not count), newest first, at most `limit`. Nothing for
 * empty text (SPEC §5), nor for text with no word in it.
 *
 * Two steps (docs/decisions/0014). First the RECENT_UNITS newest units (an index walk): a common word fills the list
 * there, and since any newer hit would be among them, those are the newest hits. Otherwise the whole memory: the
 * units whose word hashes (tm_units.words, source and target together; concordance-words.ts) hold every word, found
 * by scanning the memories' in-process copies (index-cache.server.ts; a database index of them made every unit
 * written cost a third more), then read by id, or, when there are many, by walking each memory newest first. Both
 * steps find candidates by hash, and the text itself decides: all the words in the source, or all in the target.
 */
export async function concordance(
  memoryIds: readonly number[],
  text: string,
  limit = CONCORDANCE_LIMIT,
  using: Database = db(),
): Promise<ConcordanceResult[]> {
  const words = searchedWords(text)
  if (memoryIds.length === 0 || words.length === 0) return []
  const hashes = [...new Set(words.map(wordHash))]
  const wanted = Math.max(1, Math.floor(limit))
  // A few more rows than shown: a unit may hold the words across its source and target, which does not count.
  const rowLimit = wanted * 3
  const results = (rows: { id: number; source: string; target: string }[]) =>
    rows.filter((row) => holdsAll(row.source, words) || holdsAll(row.target, words)).slice(0, wanted)

  // One row at least: `seen` tells whether the newest units were the whole memory (then nothing else is read).
  const recent = await using.query<{ seen: number; id: number | null; source: string; target: string }>(
    `with newest as materialized (
       -- Per memory, so that each is an index walk (tm_units_recent_idx), then merged.
       select u.* from unnest($1::integer[]) as m (id)
        cross join lateral (
          select id, source, target, words, changed_at from tm_units where memory_id = m.id
           order by changed_at desc, id desc limit ${RECENT_UNITS + 1}
        ) as u
        order by u.changed_at desc, u.id desc limit ${RECENT_UNITS + 1}
     ), hits as (
       select * from newest where words @> $2::integer[] order by changed_at desc, id desc limit ${rowLimit}
     )
     select (select count(*) from newest)::integer as seen, hits.id, hits.source, hits.target
       from (select 1) as one left join hits on true
      order by hits.changed_at desc, hits.id desc`,
    [memoryIds, hashes],
  )
  const recentHits = recent.filter((row): row is typeof row & { id: number } => row.id !== null)
  let found = results(recentHits)
  if (found.length < wanted && recentHits.length < rowLimit && (recent[0]?.seen ?? 0) > RECENT_UNITS) {
    found = results(await newestCandidates(using, memoryIds, hashes, rowLimit))
  }
  return found.map((row) => ({ id: Number(row.id), raw_segment: row.source, translation: row.target }))
}

/**
 * The newest `rowLimit` units of the memories holding every word hash, whole memories searched: the candidates the
 * memories' copies hold, read by id when they are few, otherwise found by walking each memory newest first.
 */
async function newestCandidates(database: Database, memoryIds: readonly number[], hashes: readonly number[], rowLimit: number) {
  const candidates = await tmIndexes(database).holdingWords(memoryIds, hashes)
  if (candidates.ids.length === 0) return []
  if (readById(candidates.ids.length, candidates.of)) {
    return database.query<{ id: number; source: string; target: string }>(
      `select id, source, target from tm_units where memory_id = any($1::integer[]) and id = any($2::bigint[])
        order by changed_at desc, id desc limit ${rowLimit}`,
      [memoryIds, candidates.ids],
    )
  }
  return database.query<{ id: number; source: string; target: string }>(
    `select u.id, u.source, u.target from unnest($1::integer[]) as m (id)
      cross join lateral (
        -- Per memory, so that each is a walk of tm_units_recent_idx that stops at enough rows.
        select id, source, target, changed_at from tm_units where memory_id = m.id and words @> $2::integer[]
         order by changed_at desc, id desc limit ${rowLimit}
      ) as u
      order by u.changed_at desc, u.id desc limit ${rowLimit}`,
    [memoryIds, hashes],
  )
}

/** The Translations tab's concordance (SPEC §2): the project's readable memories searched, hits marked. */
export async function searchConcordance(
  project: MemoryProject,
  text: string,
): Promise<{ text: string; results: { id: number; raw_segment: MarkedPiece[]; translation: MarkedPiece[] }[] }> {
  const words = searchedWords(text)
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
