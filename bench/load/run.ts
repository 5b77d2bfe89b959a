/**
 * bench/load (issue 15): fifty translators on one server while a colleague uploads a book.
 *
 *   npx remix build && npx tsx bench/load/run.ts [--seconds 60] [--translators 50]
 *   npm run bench:load      (PGlite, then two web instances and a worker process on a throw-away PostgreSQL)
 *
 * Loopback only, bounded in time. PGlite in a temporary DATA_DIR: one `node server.mjs` as `npm start` runs it.
 * With DATABASE_URL (a temporary schema): two web instances (WORKER=false) and one `node worker.mjs`, the
 * translators spread over the two instances as a load balancer would.
 *
 * Every translator has a project of 120 segments and a memory of 300 units. For the whole measured time each one,
 * after a pause of 1–3 s (`--pause-ms N`: N to 3N ms), does one of: open a window of segments (30 %), open it with the
 * TM suggestions (25 %), save a draft as the page's script does (20 %), confirm without JavaScript and load the page
 * the redirect names (15 %), or search the concordance (10 %). Five seconds in, another user uploads a
 * 40,000-paragraph plain-text file (two sentences a paragraph); it converts and is analysed meanwhile.
 *
 * Printed: p50 / p95 / max and errors per request kind, for the whole run and for the requests made while the file
 * converted; the conversion's time against the same upload converted on the idle server just before (the baseline).
 * Targets (2-core machine): p95 ≤ 200 ms and no errors; during the conversion p95 ≤ 100 ms and max ≤ 500 ms;
 * the conversion under load within 20 % of the idle one.
 *
 * `--team` (issue 52 point 6): two people per file — half the users translate as above, each with a reviewer who, at
 *   the same pace, opens the file in revise mode (40 %), approves a segment with an edit (35 %) or rejects one with an
 *   issue (15 %) without JavaScript and loads the page the redirect names, or saves an edit as the page's script does
 *   (10 %). Half of each file's segments are translated before the run, so that the reviewers have work from the start.
 *
 * `--before DIR`: a built checkout of the code issue 15 was filed against (27c94e3: conversion on the request thread),
 *   e.g. `git worktree add /tmp/tulks-before 27c94e3 && cd /tmp/tulks-before && npm ci && npx remix build`. The same
 *   upload converts there first, alone, on a fresh embedded database; the issue's "conversion throughput within 20 %
 *   of today's" compares the conversion under load with it.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setDatabase } from '../../app/lib/db/db.server'
import { migrate } from '../../app/lib/db/migrate.server'
import { requireBuild, startServer, type RunningProcess } from '../app-server'
import { readSourceLines } from '../import/documents'
import { numberFlag, percentile, seeded, textFlag } from '../measure'
import { thousands } from '../print'
import { benchDatabase } from '../translator/project'
import {
  get,
  PASSWORD,
  post,
  printLoggedErrors,
  seed,
  segmentsOf,
  signInAll,
  startServers,
  summarise,
  timed,
  type Sample,
  type Translator,
} from './common'

const SECONDS = numberFlag('--seconds', 60)
/**
 * The pause before each action, in ms: 1–3 s by default — several times a real translator's pace (a segment every
 * minute or so, with its drafts, suggestions and lookups); `--pause-ms 300` makes it 0.3–1.2 s for a stress run.
 */
const PAUSE_MS = numberFlag('--pause-ms', 1_000)
const TRANSLATORS = numberFlag('--translators', 50)
/** Issue 52: two people per file, one translating and one revising (so TRANSLATORS / 2 files). */
const TEAM = process.argv.includes('--team')
const FILES = TEAM ? Math.max(1, Math.floor(TRANSLATORS / 2)) : TRANSLATORS
const BEFORE = textFlag('--before')
const BOOK_PARAGRAPHS = numberFlag('--paragraphs', 40_000)
const UPLOAD_AT_MS = 5_000
const TARGETS = { p95: 200, conversionP95: 100, conversionMax: 500, conversionSlowdown: 1.2 }

type Kind = 'window' | 'suggestions' | 'draft' | 'confirm' | 'concordance'
type ReviewKind = 'revise window' | 'approve' | 'reject' | 'revise draft'
const REVIEW_KINDS: readonly [ReviewKind, number][] = [
  ['revise window', 0.4],
  ['approve', 0.35],
  ['reject', 0.15],
  ['revise draft', 0.1],
]
const KINDS: readonly [Kind, number][] = [
  ['window', 0.3],
  ['suggestions', 0.25],
  ['draft', 0.2],
  ['confirm', 0.15],
  ['concordance', 0.1],
]

const lines = readSourceLines()

/** The book: 40,000 paragraphs of two NTREX sentences each, as the issue's measurement used. */
function book(): string {
  return Array.from({ length: BOOK_PARAGRAPHS }, (_, index) => `(${index}) ${lines[(2 * index) % lines.length]} ${lines[(2 * index + 1) % lines.length]}`).join('\n') + '\n'
}

async function translate(origin: string, cookie: string, translator: Translator, until: number, random: () => number, samples: Sample[]): Promise<void> {
  let at = Math.floor(random() * translator.segments.length)
  while (performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS * (1 + 2 * random())))
    if (performance.now() >= until) return
    const segment = translator.segments[at % translator.segments.length]!
    const page = `${translator.base}?segment=${segment.id}`
    let pick = random()
    const kind = KINDS.find(([, weight]) => (pick -= weight) < 0)?.[0] ?? 'window'
    switch (kind) {
      case 'window':
        await timed(samples, kind, () => get(origin, `${page}&panel=comments`, cookie))
        break
      case 'suggestions':
        await timed(samples, kind, () => get(origin, `${page}&panel=translations`, cookie))
        break
      case 'concordance': {
        const word = translator.words[Math.floor(random() * translator.words.length)] ?? 'the'
        await timed(samples, kind, () => get(origin, `${page}&concordance=${encodeURIComponent(word)}`, cookie))
        break
      }
      case 'draft':
        await timed(samples, kind, () =>
          post(origin, `${translator.base}.data?segment=${segment.id}`, cookie, {
            intent: 'save-draft',
            respond: 'data',
            segmentId: String(segment.id),
            source: segment.source,
            target: `${segment.source} (melnraksts)`,
            renderedAt: String(Date.now()),
          }),
        )
        break
      case 'confirm': {
        const location = await timed(samples, kind, () =>
          post(origin, page, cookie, { intent: 'confirm', segmentId: String(segment.id), source: segment.source, target: segment.source, renderedAt: String(Date.now()) }),
        )
        if (location) await timed(samples, 'page after confirm', () => get(origin, location, cookie))
        at++
        break
      }
    }
  }
}

/**
 * Issue 52 (--team): a reviewer's day in the same file, at the translator's pace — the revise window, an approval with
 * an edit, a rejection with an issue (forms without JavaScript, then the page the redirect names), an edit saved as the
 * page's script saves it.
 */
async function revise(origin: string, cookie: string, translator: Translator, until: number, random: () => number, samples: Sample[]): Promise<void> {
  let at = Math.floor(random() * translator.segments.length)
  while (performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS * (1 + 2 * random())))
    if (performance.now() >= until) return
    const segment = translator.segments[at % translator.segments.length]!
    const page = `${translator.base}?mode=revise&segment=${segment.id}`
    const fields = { segmentId: String(segment.id), source: segment.source, target: `${segment.source} (rediģēts)`, mode: 'revise', renderedAt: String(Date.now()) }
    let pick = random()
    const kind = REVIEW_KINDS.find(([, weight]) => (pick -= weight) < 0)?.[0] ?? 'revise window'
    switch (kind) {
      case 'revise window':
        await timed(samples, kind, () => get(origin, page, cookie))
        break
      case 'revise draft':
        await timed(samples, kind, () => post(origin, `${translator.base}.data?mode=revise&segment=${segment.id}`, cookie, { ...fields, intent: 'save-draft', respond: 'data' }))
        break
      case 'approve':
      case 'reject': {
        const issue: Record<string, string> = kind === 'reject' ? { issueCategory: 'terminology', issueSeverity: 'minor', issueComment: 'Termins no glosārija.' } : {}
        const location = await timed(samples, kind, () => post(origin, page, cookie, { ...fields, ...issue, intent: kind }))
        if (location) await timed(samples, 'page after decision', () => get(origin, location, cookie))
        at += 2
        break
      }
    }
  }
}

/** Uploads the book through files/upload and resolves with the seconds until it is analysed (DONE). */
async function convertBook(origin: string, cookie: string): Promise<{ seconds: number; started: number; ended: number; projectId: number; password: string }> {
  const started = performance.now()
  const form = new FormData()
  form.set('source_language', 'en')
  form.set('target_language', 'lv')
  form.append('files', new Blob([book()]), 'grāmata.txt')
  const answer = await fetch(`${origin}/files/upload`, { method: 'POST', headers: { Cookie: cookie, Origin: origin }, body: form })
  const { data } = (await answer.json()) as { data: { id_project: number; password: string } }
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250))
    const status = await post(origin, '/files/analysis', cookie, { projectId: String(data.id_project), projectPassword: data.password })
    const body = JSON.parse(status.body()) as { status: string }
    if (body.status === 'DONE' || body.status === 'EMPTY') break
  }
  const ended = performance.now()
  return { seconds: (ended - started) / 1000, started, ended, projectId: data.id_project, password: data.password }
}

/** The book converted by the code in `--before`, alone on the machine, on a fresh embedded database: its seconds. */
async function convertBefore(checkout: string): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tulks-before-'))
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' }, 3969, checkout)
  try {
    const fields = { name: 'Before', email: 'before@example.org', password: PASSWORD, confirm: PASSWORD, redirectTo: '/' }
    const answer = await post(server.origin, '/sign-up', '', fields)
    const cookie = answer.cookie?.find((line) => line.startsWith('tulks_session='))?.split(';')[0]
    if (!cookie) throw new Error(`signing up on the code in ${checkout} gave no session (status ${answer.status})`)
    return (await convertBook(server.origin, cookie)).seconds
  } finally {
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The kinds of request in the order the tables print them. */
const SUMMARY_KINDS = [...KINDS.map(([kind]) => kind), 'page after confirm', ...REVIEW_KINDS.map(([kind]) => kind), 'page after decision']

async function main() {
  requireBuild()
  const database = await benchDatabase()
  const engine = database.engine
  console.log(
    `bench/load: ${TRANSLATORS} ${TEAM ? `people, two per file (${FILES} translating, ${FILES} revising)` : 'translators'}, an action every ${PAUSE_MS / 1000}–${(3 * PAUSE_MS) / 1000} s each, for ${SECONDS} s on ${engine}; ` +
      `a ${thousands(BOOK_PARAGRAPHS)}-paragraph upload meanwhile`,
  )
  const processes: RunningProcess[] = []
  try {
    const seeding = await database.open()
    await migrate(seeding)
    setDatabase(seeding)
    const seedStart = performance.now()
    const translators = await seed(FILES, TEAM)
    setDatabase(undefined)
    await seeding.close()
    await segmentsOf(translators, () => database.open())
    console.log(`seeded ${TEAM ? 2 * FILES : FILES} users, ${FILES} projects and memories in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`)
    const before = BEFORE ? await convertBefore(BEFORE) : undefined
    if (before !== undefined) console.log(`the code issue 15 was filed against (${BEFORE}, PGlite, alone): ${before.toFixed(1)} s`)

    const { instances, processes: running } = await startServers(database)
    processes.push(...running)
    console.log(engine === 'PGlite' ? 'one instance (npm start)' : 'two web instances (WORKER=false) and one worker process (npm run worker)')
    const origin = (index: number) => instances[index % instances.length]!.origin
    const cookies = await signInAll(
      translators.map((translator) => translator.email),
      translators.map((_, index) => origin(index)),
    )
    const [uploaderCookie = ''] = await signInAll(['uploader@example.org'], [origin(0)])
    // Issue 52: each file's reviewer, on the other instance when there are two.
    const reviewers = translators.flatMap((translator, index) =>
      translator.reviewer ? [{ index, email: translator.reviewer, origin: origin(index + 1) }] : [],
    )
    const reviewerCookies = await signInAll(
      reviewers.map((reviewer) => reviewer.email),
      reviewers.map((reviewer) => reviewer.origin),
    )

    // The baseline: the same upload on the idle server (kept: deleting it would purge it during the load).
    const idle = await convertBook(instances[0]!.origin, uploaderCookie)
    console.log(`idle conversion (baseline): ${idle.seconds.toFixed(1)} s`)

    const samples: Sample[] = []
    const started = performance.now()
    const until = started + SECONDS * 1000
    const loops = translators.map((translator, index) =>
      translate(origin(index), cookies[index]!, translator, until, seeded(1_000 + index), samples),
    )
    for (const [at, reviewer] of reviewers.entries()) {
      loops.push(revise(reviewer.origin, reviewerCookies[at]!, translators[reviewer.index]!, until, seeded(2_000 + reviewer.index), samples))
    }
    const upload = new Promise<void>((resolve) => setTimeout(resolve, UPLOAD_AT_MS)).then(() => convertBook(instances[0]!.origin, uploaderCookie))
    await Promise.all(loops)
    const loaded = await upload

    summarise(`all requests, ${SECONDS} s`, samples, SUMMARY_KINDS)
    const during = samples.filter((sample) => sample.start >= loaded.started && sample.start <= loaded.ended)
    summarise(`requests made while the upload converted and was analysed (${loaded.seconds.toFixed(1)} s)`, during, SUMMARY_KINDS)
    const all = samples.map((sample) => sample.ms)
    const duringMs = during.map((sample) => sample.ms)
    const errors = samples.filter((sample) => !sample.ok).length
    console.log(`\nconversion: idle ${idle.seconds.toFixed(1)} s, under load ${loaded.seconds.toFixed(1)} s (${(loaded.seconds / idle.seconds).toFixed(2)}× the idle time)`)
    console.log(`requests: ${thousands(samples.length)} in ${SECONDS} s (${(samples.length / SECONDS).toFixed(1)} per second)`)
    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met')
    console.log(`target p95 ≤ ${TARGETS.p95} ms, no errors: p95 ${percentile(all, 0.95).toFixed(1)} ms, ${errors} errors — ${verdict(percentile(all, 0.95) <= TARGETS.p95 && errors === 0)}`)
    console.log(
      `target during the conversion p95 ≤ ${TARGETS.conversionP95} ms, max ≤ ${TARGETS.conversionMax} ms: ` +
        `p95 ${percentile(duringMs, 0.95).toFixed(1)} ms, max ${Math.max(...duringMs).toFixed(0)} ms — ` +
        verdict(percentile(duringMs, 0.95) <= TARGETS.conversionP95 && Math.max(...duringMs) <= TARGETS.conversionMax),
    )
    console.log(`target conversion under load within 20 % of idle: ${verdict(loaded.seconds <= idle.seconds * TARGETS.conversionSlowdown)}`)
    if (before !== undefined) {
      console.log(
        `target conversion under load within 20 % of the issue's day (${before.toFixed(1)} s alone): ` +
          `${(loaded.seconds / before).toFixed(2)}× — ${verdict(loaded.seconds <= before * TARGETS.conversionSlowdown)}`,
      )
    }
    if (errors > 0) printLoggedErrors(processes)
  } finally {
    await Promise.all(processes.map((running) => running.stop()))
    await database.dispose()
  }
}

await main()
