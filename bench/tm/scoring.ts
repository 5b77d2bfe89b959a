/**
 * bench/tm (issue 5, a first step): fuzzy lookup in memory — TmIndex (inverted index, exact filter, exact scoring
 * of the survivors) against brute force (every unit scored) on the same units and queries in this run.
 *
 *   npx tsx bench/tm/scoring.ts [--sizes 10000,100000] [--queries N] [--brute N]
 *
 * Units are the sentences of ../shared/samples/parallel (English, Latvian, Russian), each repeated with seeded
 * edits (a word dropped, replaced or added, a number or case changed) until the size is reached. Queries are
 * exact hits, edited near misses and unrelated splices, like the test in app/lib/tm/candidate-filter.test.ts.
 * Brute force is slow at 100,000 units, so it runs on the first `--brute` queries only; those also check that
 * both return the same hits.
 */
import fs from 'node:fs'
import path from 'node:path'
import { bruteForceTop, prepareUnit, TmIndex, type TmUnit } from '../../app/lib/tm/candidate-filter'
import { percentile, seeded } from '../measure'
import { printTable, thousands, times } from '../print'

function flag(name: string, fallback: string): string {
  const index = process.argv.indexOf(name)
  return index < 0 ? fallback : (process.argv[index + 1] ?? fallback)
}

const SIZES = flag('--sizes', '10000,100000').split(',').map(Number)
const QUERIES = Number(flag('--queries', '200'))
const BRUTE = Number(flag('--brute', '20'))

const SAMPLES = path.join(import.meta.dirname, '../../../shared/samples/parallel')
const FILES = [
  'en-lv-ru/ntrex128.newstest2019.en.txt',
  'en-lv-ru/ntrex128.newstest2019.lv.txt',
  'en-lv-ru/ntrex128.newstest2019.ru.txt',
  'en-lv/tatoeba_laser.en-lv.en',
  'en-lv/tatoeba_laser.en-lv.lv',
  'en-ru/tatoeba_laser.en-ru.en',
  'en-ru/tatoeba_laser.en-ru.ru',
]

const sentences = FILES.flatMap((file) =>
  fs
    .readFileSync(path.join(SAMPLES, file), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
)
const vocabulary = [...new Set(sentences.flatMap((sentence) => sentence.split(' ')))]

function edit(sentence: string, random: () => number): string {
  const words = sentence.split(' ')
  const at = Math.floor(random() * words.length)
  const other = vocabulary[Math.floor(random() * vocabulary.length)] ?? 'word'
  switch (Math.floor(random() * 5)) {
    case 0:
      return words.filter((_, position) => position !== at).join(' ')
    case 1:
      return words.map((word, position) => (position === at ? other : word)).join(' ')
    case 2:
      return [...words.slice(0, at), other, ...words.slice(at)].join(' ')
    case 3:
      return /\d/.test(sentence) ? sentence.replace(/\d/, String(Math.floor(random() * 10))) : `${sentence} ${at}`
    default:
      return words.map((word, position) => (position === at ? word.toUpperCase() : word)).join(' ')
  }
}

function unitsOf(size: number): TmUnit[] {
  const random = seeded(size)
  const units: TmUnit[] = []
  for (let id = 0; id < size; id++) {
    const base = sentences[id % sentences.length] ?? ''
    const round = Math.floor(id / sentences.length)
    let source = base
    for (let edits = 0; edits < Math.min(round, 3); edits++) source = edit(source, random)
    units.push({ id, source, changedAt: Math.floor(random() * 1000) })
  }
  return units
}

function queriesFor(units: readonly TmUnit[]): string[] {
  const random = seeded(units.length + 1)
  const pick = () => units[Math.floor(random() * units.length)]?.source ?? ''
  return Array.from({ length: QUERIES }, (_, at) => {
    switch (at % 4) {
      case 0:
        return pick()
      case 1:
        return edit(pick(), random)
      case 2:
        return edit(edit(pick(), random), random)
      default: {
        const [first, second] = [pick().split(' '), pick().split(' ')]
        return [...first.slice(0, first.length >> 1), ...second.slice(second.length >> 1)].join(' ')
      }
    }
  })
}

function timeEach<T>(items: readonly T[], work: (item: T) => unknown): number[] {
  return items.map((item) => {
    const start = performance.now()
    work(item)
    return performance.now() - start
  })
}

const ms = (value: number) => value.toFixed(value < 10 ? 2 : 0)
const rows: string[][] = []
for (const size of SIZES) {
  const units = unitsOf(size)
  const queries = queriesFor(units)
  const buildStart = performance.now()
  const index = new TmIndex()
  for (const unit of units) index.add(unit)
  const build = performance.now() - buildStart
  const prepared = units.map(prepareUnit)

  for (const query of queries.slice(0, 10)) index.lookup(query) // warm-up
  const lookups = timeEach(queries, (query) => index.lookup(query))
  const bruteQueries = queries.slice(0, BRUTE)
  const brute = timeEach(bruteQueries, (query) => bruteForceTop(query, prepared))

  const mismatches = bruteQueries.filter(
    (query) => JSON.stringify(index.lookup(query)) !== JSON.stringify(bruteForceTop(query, prepared)),
  ).length
  const withMatch = queries.filter((query) => index.lookup(query).length > 0).length
  rows.push([
    thousands(size),
    `${ms(build)} ms`,
    `${ms(percentile(lookups, 0.5))} ms`,
    `${ms(percentile(lookups, 0.95))} ms`,
    `${ms(percentile(brute, 0.5))} ms`,
    `${ms(percentile(brute, 0.95))} ms`,
    times(percentile(brute, 0.5) / percentile(lookups, 0.5)),
    `${withMatch}/${queries.length}`,
    `${mismatches}/${bruteQueries.length}`,
  ])
}

console.log(`TM lookup in memory, top 5 at ≥ 50 (${QUERIES} queries; brute force on the first ${BRUTE})\n`)
printTable(['units', 'index build', 'lookup p50', 'lookup p95', 'brute p50', 'brute p95', 'ratio p50', 'queries with a match', 'differ from brute'], rows)
