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

/**
 * SPEC §2 concordance search: units of the memories whose source, or whose target, contains every word searched
 * (case-insensitive, `%` and `_` taken as text, tag names not counted), newest first, at most `limit`. Nothing for
 * empty text (SPEC §5). A word cut in two by a tag (`fi<b1>le`) is not found.
 *
 * Cost: a sequential scan of the memories' units with one ILIKE per word and side, since no index serves
 * `%word%`. Measured with bench/tm/concordance.ts on PGlite (2 shared cores): p50 0.7–1.1 s at 100,000 units and
 * 7.5–24 s at 1,000,000 (ILIKE costs ~8 µs a row in WebAssembly; native PostgreSQL is faster but still linear).
 * At that size it needs an index: pg_trgm's GIN index on source and target (a migration), or the TM lookup's
 * word index.
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
  // The stored strings are searched as they are (stripping tags in SQL costs a regular expression per unit);
  // a hit inside a tag's name (`g1`) is then told apart here, on the plain text, from a few more rows than shown.
  const rows = await using.query<{ id: number; source: string; target: string }>(
    `select id, source, target from tm_units
      where memory_id = any($1::integer[]) and ((${all('source')}) or (${all('target')}))
      order by changed_at desc, id desc
      limit ${Math.max(1, Math.floor(limit)) * 3}`,
    [memoryIds, ...patterns],
  )
  const containsAll = (canonical: string) => {
    const plain = plainText(parse(canonical)).toLocaleLowerCase()
    return words.every((word) => plain.includes(word.toLocaleLowerCase()))
  }
  return rows
    .filter((row) => containsAll(row.source) || containsAll(row.target))
    .slice(0, limit)
    .map((row) => ({ id: Number(row.id), raw_segment: row.source, translation: row.target }))
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
