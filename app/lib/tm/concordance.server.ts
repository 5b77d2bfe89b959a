import type { Queryable } from '../db/database.server'
import { db } from '../db/db.server'
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

/**
 * SPEC §2 concordance search: units of the memories whose source, or whose target, contains every word searched
 * (case-insensitive, tags not counted, `%` and `_` taken as text), newest first. Nothing for empty text (SPEC §5).
 *
 * A sequential scan of the memories' units with one ILIKE per word and side: no index serves `%word%`, so the
 * cost grows with the memories' size (see the README for the figure at a million units); a pg_trgm GIN index
 * would make it an index search if that is ever too slow.
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
  const plain = (column: string) => `regexp_replace(${column}, '<[^>]*>', '', 'g')`
  const rows = await using.query<{ id: number; source: string; target: string }>(
    `select id, source, target from tm_units
      where memory_id = any($1::integer[]) and ((${all(plain('source'))}) or (${all(plain('target'))}))
      order by changed_at desc, id desc
      limit ${Math.max(1, Math.floor(limit))}`,
    [memoryIds, ...patterns],
  )
  return rows.map((row) => ({ id: Number(row.id), raw_segment: row.source, translation: row.target }))
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
