/**
 * bench/tm concordance (issues 5, 15): what the Translations tab's concordance search costs (concordance.server.ts:
 * the newest units first, then a scan of the word hashes the memory's in-process copy holds; docs/decisions/0014)
 * at each size, on PGlite (in memory) or PostgreSQL (DATABASE_URL), beside the same search as a sequential scan of
 * the table, in the same run. Units are written as a TMX import writes them, and the copy is loaded before the
 * searches are timed (its load time is printed).
 *
 *   npx tsx bench/tm/concordance.ts [--sizes 100000,1000000] [--queries 10]
 *
 * Units are the English–Latvian sentence pairs of ../shared/samples/parallel/en-lv, each repeated with a number
 * appended until the size is reached. Queries: common words, two short words, rarer words on either side, and a
 * word not present.
 */
import fs from 'node:fs'
import path from 'node:path'
import { openDatabase, type Database } from '../../app/lib/db/database.server'
import { setDatabase } from '../../app/lib/db/db.server'
import { migrate } from '../../app/lib/db/migrate.server'
import { concordance } from '../../app/lib/tm/concordance.server'
import { tmIndexes } from '../../app/lib/tm/index-cache.server'
import { importUnits } from '../../app/lib/tm/units.server'
import { percentile, textFlag } from '../measure'
import { printTable, thousands, times as ratio } from '../print'

const SIZES = textFlag('--sizes', '100000').split(',').map(Number)
const QUERIES = Number(textFlag('--queries', '10'))
const SAMPLES = path.join(import.meta.dirname, '../../../shared/samples/parallel/en-lv')
const read = (name: string) => fs.readFileSync(path.join(SAMPLES, name), 'utf8').split('\n').filter(Boolean)
const english = read('tatoeba_laser.en-lv.en')
const latvian = read('tatoeba_laser.en-lv.lv')
const searches = ['the', 'I am', 'weather', 'piano', 'laikā', 'zzyzx']

/**
 * The baseline: the same search with no index to help (sequential scan of the memory, as before migration 11),
 * in the same run — the words ANDed per side, sides ORed, newest first.
 */
async function withoutIndex(database: Database, memoryId: number, search: string): Promise<number> {
  const words = search.split(' ')
  const all = (column: string) => words.map((_, index) => `${column} ilike $${index + 2}`).join(' and ')
  return database.transaction(async (tx) => {
    await tx.query('set local enable_bitmapscan = off')
    await tx.query('set local enable_indexscan = off')
    const rows = await tx.query(
      `select id, source, target from tm_units where memory_id = $1 and ((${all('source')}) or (${all('target')}))
        order by changed_at desc, id desc limit 60`,
      [memoryId, ...words.map((word) => `%${word}%`)],
    )
    return rows.length
  })
}

const rows: string[][] = []
for (const size of SIZES) {
  const url = process.env.DATABASE_URL
  const schema = `bench_concordance_${size}`
  const database = url ? await openDatabase({ kind: 'postgres', url, poolSize: 2, schema }) : await openDatabase({ kind: 'pglite-memory' })
  if (url) await database.query(`drop schema if exists ${schema} cascade; create schema ${schema}`)
  await migrate(database)
  setDatabase(database)
  const [user] = await database.query<{ id: number }>(`insert into users (email, name, password_hash) values ('b@example.lv', 'B', 'x') returning id`)
  const [memory] = await database.query<{ id: number }>(
    `insert into memories (owner_id, name, source_lang, target_lang) values ($1, 'bench', 'en', 'lv') returning id`,
    [user!.id],
  )
  const started = performance.now()
  for (let from = 0; from < size; from += 10_000) {
    const count = Math.min(10_000, size - from)
    const sources = Array.from({ length: count }, (_, i) => `${english[(from + i) % english.length]} ${from + i}`)
    const targets = Array.from({ length: count }, (_, i) => `${latvian[(from + i) % latvian.length]} ${from + i}`)
    await importUnits(
      memory!.id,
      sources.map((source, i) => ({ source, target: targets[i]!, createdBy: 'bench' })),
    )
  }
  // As a TMX import does after its last batch: PGlite runs no autovacuum, and the planner needs the statistics.
  await database.query('vacuum (analyze) tm_units')
  const loaded = performance.now() - started
  const copyStarted = performance.now()
  await tmIndexes(database).warm([memory!.id])
  const copyLoaded = performance.now() - copyStarted
  for (const search of searches) {
    const times: number[] = []
    let found = 0
    for (let q = 0; q < QUERIES; q++) {
      const start = performance.now()
      found = (await concordance([memory!.id], search)).length
      times.push(performance.now() - start)
    }
    const baseline: number[] = []
    for (let q = 0; q < Math.min(QUERIES, 3); q++) {
      const start = performance.now()
      await withoutIndex(database, memory!.id, search)
      baseline.push(performance.now() - start)
    }
    const [p50, p95, base] = [percentile(times, 0.5), percentile(times, 0.95), percentile(baseline, 0.5)]
    rows.push([
      thousands(size),
      database.kind,
      JSON.stringify(search),
      String(found),
      p50.toFixed(0),
      p95.toFixed(0),
      base.toFixed(0),
      ratio(base / p50),
      (loaded / 1000).toFixed(0),
      (copyLoaded / 1000).toFixed(1),
    ])
  }
  setDatabase(undefined)
  if (url) await database.query(`drop schema ${schema} cascade`)
  await database.close()
}
printTable(['units', 'engine', 'search', 'results', 'p50 ms', 'p95 ms', 'no index p50 ms', 'faster', 'written in s', 'copy loaded in s'], rows)
