/**
 * bench/terms (issue 17): a glossary of 100,000 concepts — how fast it imports from TBX, and how fast the translator
 * marks its terms in a 50-segment window.
 *
 *   npx tsx bench/terms/run.ts [--concepts 100000] [--windows 200] [--postgres postgres://…]
 *
 * The glossary is built from ../shared/samples/parallel: English source terms are the words, word pairs and triples of
 * the NTREX and Tatoeba sentences (then seeded pairs of their words, until the size is reached), each with one or two
 * Latvian target terms from the aligned sentence. Windows are 50 consecutive NTREX sentences, so most of their words
 * are terms — the worst case. Baselines, measured in the same run: the import against the same concepts written one
 * concept per statement pair; the marking against a brute-force scan of every term over each segment's stems.
 * Targets: import ≤ 10 s, window ≤ 20 ms p95.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openDatabase, type Database } from '../../app/lib/db/database.server'
import { setDatabase } from '../../app/lib/db/db.server'
import { migrate } from '../../app/lib/db/migrate.server'
import { storeFile } from '../../app/lib/projects/stored-files.server'
import { createGlossary, glossariesForProject, type Glossary } from '../../app/lib/terms/glossaries.server'
import { runGlossaryImport } from '../../app/lib/terms/glossary-import.server'
import type { GlossaryConcept } from '../../app/lib/terms/glossary-types'
import { TBX_END, tbxConcept, tbxStart } from '../../app/lib/terms/glossary-write'
import { stemKey } from '../../app/lib/terms/stemming'
import { lookupKey } from '../../app/lib/terms/term-matcher'
import { termsInWindow } from '../../app/lib/terms/term-recognition.server'
import { termCopiesReady } from '../../app/lib/terms/term-index.server'
import { numberFlag, percentile, seeded, textFlag } from '../measure'
import { printTable, thousands, times } from '../print'

const SAMPLES = path.join(import.meta.dirname, '../../../shared/samples/parallel')
const lines = (file: string) =>
  fs
    .readFileSync(path.join(SAMPLES, file), 'utf8')
    .split('\n')
    .map((line) => line.trim())
const WORD = /[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu
const words = (text: string) => text.match(WORD) ?? []

const CONCEPTS = numberFlag('--concepts', 100_000)
const WINDOWS = numberFlag('--windows', 200)
const WINDOW = 50
const POSTGRES = textFlag('--postgres')

function buildConcepts(): { concepts: GlossaryConcept[]; windows: string[][] } {
  const english = [...lines('en-lv-ru/ntrex128.newstest2019.en.txt'), ...lines('en-lv/tatoeba_laser.en-lv.en')]
  const latvian = [...lines('en-lv-ru/ntrex128.newstest2019.lv.txt'), ...lines('en-lv/tatoeba_laser.en-lv.lv')]
  const random = seeded(17)
  const seen = new Set<string>()
  const concepts: GlossaryConcept[] = []
  const add = (term: string, targetLine: string) => {
    const key = term.toLowerCase()
    const targets = words(targetLine)
    if (seen.has(key) || targets.length === 0 || concepts.length >= CONCEPTS) return
    seen.add(key)
    const pick = () => targets[Math.floor(random() * targets.length)]!
    concepts.push({
      source: [{ text: term, status: 'admitted' }],
      target:
        random() < 0.3
          ? [
              { text: pick(), status: 'preferred' },
              { text: pick(), status: 'deprecated' },
            ]
          : [{ text: pick(), status: 'admitted' }],
    })
  }
  for (let size = 1; size <= 3; size++) {
    english.forEach((line, index) => {
      const list = words(line)
      for (let start = 0; start + size <= list.length; start++) add(list.slice(start, start + size).join(' '), latvian[index] ?? '')
    })
  }
  const vocabulary = [...new Set(english.flatMap(words))]
  while (concepts.length < CONCEPTS) {
    const pair = `${vocabulary[Math.floor(random() * vocabulary.length)]} ${vocabulary[Math.floor(random() * vocabulary.length)]}`
    add(pair, latvian[Math.floor(random() * latvian.length)] ?? '')
  }
  const news = lines('en-lv-ru/ntrex128.newstest2019.en.txt').filter(Boolean)
  const windows = Array.from({ length: WINDOWS }, () => {
    const start = Math.floor(random() * (news.length - WINDOW))
    return news.slice(start, start + WINDOW)
  })
  return { concepts, windows }
}

/** PGlite in a data directory of its own, as the app runs by default (removed at the end). */
const DATA_DIR = POSTGRES ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'tulks-bench-terms-'))

async function openBenchDatabase(): Promise<Database> {
  const database = POSTGRES
    ? await openDatabase({ kind: 'postgres', url: POSTGRES, poolSize: 2 })
    : await openDatabase({ kind: 'pglite', dataDir: DATA_DIR! })
  if (POSTGRES) {
    await database.query('drop schema if exists bench_terms cascade')
    await database.query('create schema bench_terms')
    await database.close()
    const withSchema = await openDatabase({ kind: 'postgres', url: POSTGRES, poolSize: 2, schema: 'bench_terms' })
    await migrate(withSchema)
    return withSchema
  }
  await migrate(database)
  return database
}

async function main() {
  const { concepts, windows } = buildConcepts()
  const tbx = tbxStart('bench', 'en') + concepts.map((concept, index) => tbxConcept(index + 1, concept, 'en', 'lv')).join('') + TBX_END
  const bytes = new TextEncoder().encode(tbx)
  console.log(
    `bench/terms: ${thousands(concepts.length)} concepts (${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB of TBX), ${
      POSTGRES ? 'PostgreSQL' : 'PGlite (data directory)'
    }`,
  )
  const database = await openBenchDatabase()
  setDatabase(database)
  const [owner] = await database.query<{ id: number }>(
    `insert into users (email, name, password_hash) values ('bench@example.org', 'Bench', 'x') returning id`,
  )
  const glossary = await createGlossary(owner!.id, { name: 'Bench', sourceLang: 'en', targetLang: 'lv' })

  // Import: the task as the worker runs it (read and check the whole file, then write in batches).
  const fileId = await storeFile(bytes)
  const [upload] = await database.query<{ id: number }>(
    `insert into glossary_imports (glossary_id, file_id, file_name, format, status) values ($1, $2, 'bench.tbx', 'tbx', 'queued') returning id`,
    [glossary.id, fileId],
  )
  let started = performance.now()
  await runGlossaryImport(upload!.id)
  const importMs = performance.now() - started
  const [report] = await database.query<{ report: { imported: number } }>('select report from glossary_imports where id = $1', [upload!.id])

  // Baseline: one concept per statement pair, on a tenth of the concepts.
  const naive: Glossary = await createGlossary(owner!.id, { name: 'Naive', sourceLang: 'en', targetLang: 'lv' })
  const sample = concepts.slice(0, Math.max(1, Math.floor(concepts.length / 10)))
  started = performance.now()
  for (const concept of sample) {
    const [row] = await database.query<{ id: string }>('insert into glossary_concepts (glossary_id) values ($1) returning id::text', [naive.id])
    for (const [side, terms, language] of [
      ['source', concept.source, 'en'],
      ['target', concept.target, 'lv'],
    ] as const) {
      for (const term of terms) {
        const stems = stemKey(term.text, language)
        await database.query(
          `insert into glossary_terms (concept_id, glossary_id, side, term, status, stems, lookup_key) values ($1, $2, $3, $4, $5, $6, $7)`,
          [row!.id, naive.id, side, term.text, term.status, stems, lookupKey(stems)],
        )
      }
    }
  }
  const naiveMs = ((performance.now() - started) / sample.length) * concepts.length
  await database.query('delete from glossaries where id = $1', [naive.id])

  // Marking a window: the translator's lookup (stems of the window, one index query, matching, the concepts).
  const project = { id: 0, ownerId: owner!.id, sourceLang: 'en', targetLang: 'lv' }
  const asSegments = (window: string[]) => window.map((source, index) => ({ id: index + 1, source }))
  // A glossary new to the process (or just changed) is answered from the database while its copy is built behind.
  started = performance.now()
  await termsInWindow(project, asSegments(windows[0]!))
  const coldMs = performance.now() - started
  started = performance.now()
  await termCopiesReady(await glossariesForProject(project))
  const copyMs = performance.now() - started
  const timings: number[] = []
  let hits = 0
  for (const window of windows) {
    started = performance.now()
    const found = await termsInWindow(project, asSegments(window))
    timings.push(performance.now() - started)
    hits += [...found.hits.values()].reduce((sum, list) => sum + list.length, 0)
  }
  // Baseline: every term's stems looked for in every segment's stems (a few windows; it is slow).
  const allTerms = concepts.map((concept) => ` ${stemKey(concept.source[0]!.text, 'en')} `)
  const bruteTimings: number[] = []
  for (const window of windows.slice(0, 5)) {
    started = performance.now()
    for (const segment of window) {
      const stems = ` ${stemKey(segment, 'en')} `
      for (const term of allTerms) if (stems.includes(term)) hits += 0
    }
    bruteTimings.push(performance.now() - started)
  }
  const p95 = percentile(timings, 0.95)
  const bruteP50 = percentile(bruteTimings, 0.5)
  printTable(
    ['measure', 'Tulks', 'baseline', 'ratio', 'target'],
    [
      [
        `import ${thousands(report!.report.imported)} concepts (TBX)`,
        `${(importMs / 1000).toFixed(1)} s`,
        `${(naiveMs / 1000).toFixed(1)} s (one concept a statement)`,
        times(naiveMs / importMs),
        '≤ 10 s',
      ],
      [`first window, before the copy (database)`, `${coldMs.toFixed(1)} ms`, '', '', ''],
      [`copy of the glossary built (in the background)`, `${copyMs.toFixed(0)} ms`, '', '', ''],
      [
        `mark a ${WINDOW}-segment window, p50`,
        `${percentile(timings, 0.5).toFixed(1)} ms`,
        `${bruteP50.toFixed(0)} ms (scan every term)`,
        times(bruteP50 / percentile(timings, 0.5)),
        '',
      ],
      [`mark a ${WINDOW}-segment window, p95`, `${p95.toFixed(1)} ms`, '', '', '≤ 20 ms'],
    ],
  )
  console.log(`${thousands(hits / windows.length)} term occurrences per window on average`)
  setDatabase(undefined)
  await database.close()
  if (DATA_DIR) fs.rmSync(DATA_DIR, { recursive: true, force: true })
}

await main()
