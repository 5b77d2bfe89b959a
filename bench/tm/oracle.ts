/**
 * bench/tm's oracle: the best five matches of each query by scoring the memory's units one by one, read from the
 * database in batches of BATCH so that no size holds the memory whole (ten million units are about 3 GB as strings,
 * more tokenized). The queries are the outer loop within a batch; their best five are merged batch by batch with the
 * same comparison as brute force's, so the answer is the one a scan of every unit at once gives.
 *
 * `timed` queries are scored by bruteForceTop itself, every unit, and timed: the baseline of the lookup's ratio. The
 * other `checked` queries are too, unless `filtered`: then a unit is scored only when its length and the tokens it
 * shares with the query let it reach the threshold (candidate-filter.ts steps 2 and 3, over key hashes, whose
 * collisions only add units to score). That bound is what the index's exactness rests on as well, so the filtered
 * oracle is used only where the full one takes hours (9 s a query at a million units, 90 at ten million); at a
 * million units and below every query is checked by the full scan, which checks the bound too.
 */
import type { Database } from '../../app/lib/db/database.server'
import {
  bruteForceTop,
  canReach,
  compareHits,
  DEFAULT_THRESHOLD,
  DEFAULT_TOP,
  lengthWindow,
  prepareUnit,
  type PreparedUnit,
  type TmHit,
} from '../../app/lib/tm/candidate-filter'
import { score } from '../../app/lib/tm/fuzzy-score'
import { sharedKeys, unitKeys } from '../../app/lib/tm/index-keys'
import { tokenize, type TokenizedSegment } from '../../app/lib/tm/tokens'
import crypto from 'node:crypto'

const BATCH = 100_000

interface Row {
  id: number
  source: string
  changedAt: Date
}

/** Every unit of the bench's one memory, in id order, BATCH at a time. */
async function* unitBatches(database: Database): AsyncGenerator<Row[]> {
  let after = 0
  for (;;) {
    const rows = await database.query<Row>(
      `select id, source, changed_at as "changedAt" from tm_units where id > $1 order by id limit ${BATCH}`,
      [after],
    )
    if (rows.length === 0) return
    after = Number(rows.at(-1)?.id)
    yield rows
  }
}

/** The memory's units by id, source and change time: two engines holding the same units share one oracle. */
export async function memoryDigest(database: Database): Promise<string> {
  const signature = crypto.createHash('md5')
  for await (const rows of unitBatches(database)) {
    for (const row of rows) signature.update(`${row.id}\u0000${row.source}\u0000${new Date(row.changedAt).getTime()}\u0001`)
  }
  return signature.digest('hex')
}

interface Keyed extends PreparedUnit {
  keys: number[]
}

/** Scores only the units the length and shared-token bound leave (see above); best DEFAULT_TOP at DEFAULT_THRESHOLD. */
function filteredTop(query: { tokenized: TokenizedSegment; keys: number[] }, units: readonly Keyed[]): TmHit[] {
  const n = query.keys.length
  const window = lengthWindow(n, DEFAULT_THRESHOLD)
  const hits: TmHit[] = []
  for (const unit of units) {
    const m = unit.keys.length
    // A side without tokens scores 0 against one with tokens and 100 against another without: scored as it is.
    if (n > 0 && m > 0 && (m < window.min || m > window.max || !canReach(n, m, sharedKeys(query.keys, unit.keys), DEFAULT_THRESHOLD))) continue
    const result = score(query.tokenized, unit.tokenized)
    if (result.match >= DEFAULT_THRESHOLD) hits.push({ unit: unit.unit, ...result })
  }
  return hits.sort(compareHits).slice(0, DEFAULT_TOP)
}

const merged = (a: readonly TmHit[], b: readonly TmHit[]) => [...a, ...b].sort(compareHits).slice(0, DEFAULT_TOP)

export interface Oracle {
  /** Milliseconds of bruteForceTop per timed query, every unit. */
  brute: number[]
  /** The best matches of the first `checked` queries. */
  answers: TmHit[][]
}

export async function bruteForce(
  database: Database,
  queries: readonly string[],
  { timed, checked, filtered }: { timed: number; checked: number; filtered: boolean },
): Promise<Oracle> {
  const count = Math.max(timed, checked)
  const brute = new Array<number>(timed).fill(0)
  const answers: TmHit[][] = Array.from({ length: count }, () => [])
  const tokenized = queries.slice(0, count).map((query) => {
    const segment = tokenize(query)
    return { tokenized: segment, keys: unitKeys(segment.tokens) }
  })
  for await (const rows of unitBatches(database)) {
    const units: Keyed[] = rows.map((row) => {
      const prepared = prepareUnit({ id: Number(row.id), source: row.source, changedAt: new Date(row.changedAt).getTime() })
      return { ...prepared, keys: unitKeys(prepared.tokenized.tokens) }
    })
    for (let at = 0; at < count; at++) {
      const start = performance.now()
      const top = at < timed || !filtered ? bruteForceTop(queries[at] ?? '', units) : filteredTop(tokenized[at]!, units)
      if (at < timed) brute[at] = (brute[at] as number) + performance.now() - start
      answers[at] = merged(answers[at] ?? [], top)
    }
  }
  return { brute, answers: answers.slice(0, checked) }
}
