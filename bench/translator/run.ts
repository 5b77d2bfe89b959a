/**
 * bench/translator (issue 4): the translator screen on a 50,000-segment project, measured over HTTP against the
 * built app (`node server.mjs` as a child process), beside a bare database read of the same rows in this run.
 *
 *   npx remix build && npx tsx bench/translator/run.ts [--segments N] [--samples N] [--shared]
 *
 * `--shared` (issue 52 point 6): the file is shared with a reviewer, so that every page and confirm also pays for the
 * membership check, the colleagues' presence and the note of where its user is (a file shared with no one skips them).
 *
 * PGlite in a temporary DATA_DIR by default; PostgreSQL (a temporary schema) when DATABASE_URL is set.
 * Targets: window render and confirm round trip ≤ 50 ms p95 each; the page's JavaScript ≤ 150 KB gzip.
 */
import os from 'node:os'
import { createUser } from '../../app/lib/auth/users.server'
import { setDatabase } from '../../app/lib/db/db.server'
import { migrate } from '../../app/lib/db/migrate.server'
import { measureScripts, requireBuild, startServer } from '../app-server'
import { activeForm, signIn, translatorClient, type ActiveForm } from './client'
import { bareWindowRead, benchDatabase, createBenchProject, translatorDocument, USER, type CreatedProject } from './project'
import { numberFlag, percentile, seeded } from '../measure'
import { kb, printTable, thousands, times } from '../print'

const TARGET_P95_MS = 50
const JS_TARGET_KB = 150
/** Segments on each side of the active one: the window is 11 rows (SPEC §9 page size). */
const WINDOW = 5
const WARM_UP = 20

const SEGMENTS = numberFlag('--segments', 50_000)
const SAMPLES = numberFlag('--samples', 200)
const SHARED = process.argv.includes('--shared')

// --- measuring ----------------------------------------------------------------------------------------------

interface Figure {
  name: string
  times: number[]
  /** Whether the 50 ms p95 target applies. */
  target?: boolean
  /** The server's CPU time per action, every thread of it (issue 53: what a page costs, apart from waiting). */
  cpu?: number
}

async function timeEach<T>(items: readonly T[], work: (item: T) => Promise<unknown>): Promise<number[]> {
  const times: number[] = []
  for (const item of items) {
    const start = performance.now()
    await work(item)
    times.push(performance.now() - start)
  }
  return times
}

function distinctSample(ids: readonly number[], count: number, random: () => number): number[] {
  const pool = [...ids]
  const picked: number[] = []
  while (picked.length < Math.min(count, pool.length)) {
    const index = Math.floor(random() * (pool.length - picked.length)) + picked.length
    ;[pool[picked.length], pool[index]] = [pool[index]!, pool[picked.length]!]
    picked.push(pool[picked.length]!)
  }
  return picked
}

// --- printing -----------------------------------------------------------------------------------------------

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0))
const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(1)} s`


// --- the run ------------------------------------------------------------------------------------------------

async function main() {
  const started = performance.now()
  requireBuild()
  const database = await benchDatabase()
  console.log(`bench/translator — ${os.cpus().length} CPU (${os.cpus()[0]?.model.trim()}), Node ${process.version}, ${new Date().toISOString()}`)
  console.log(`Engine: ${database.engine}; ${thousands(SEGMENTS)} segments wanted, ${SAMPLES} samples per figure${SHARED ? '; the file shared with a reviewer' : ''}.`)
  console.log(`Load average at start: ${os.loadavg().map((load) => load.toFixed(1)).join(' ')} (figures from a busy machine are slower and noisier).\n`)
  try {
    const { project, baseline, ids } = await prepare(database)
    const figures = await measureOverHttp(database.serverEnv, project, ids)
    printResults(database.engine, baseline, figures.http, figures.javascript)
  } finally {
    await database.dispose()
  }
  console.log(`\nTotal run time: ${seconds(performance.now() - started)}; load average at the end: ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}`)
}

interface SampleIds {
  /** Pages (HTML and `.data`) and, through their forms, the no-JS confirms. */
  measured: number[]
  warmUp: number[]
}

/** Creates the project in this process, measures the baseline on it, and closes the database for the server. */
async function prepare(database: Awaited<ReturnType<typeof benchDatabase>>) {
  const opened = await database.open()
  setDatabase(opened)
  try {
    await migrate(opened)
    let start = performance.now()
    const document = translatorDocument(SEGMENTS)
    const documentMs = performance.now() - start
    start = performance.now()
    const project = await createBenchProject(document.bytes)
    const createMs = performance.now() - start
    if (SHARED) {
      const reviewer = await createUser({ email: 'reviewer@example.org', name: 'Rita Redaktore', password: 'bench-reviewer-password' })
      if (!reviewer.ok) throw new Error('could not create the reviewer')
      await opened.query(`insert into project_members (project_id, user_id, role) values ($1, $2, 'reviewer')`, [project.id, reviewer.user.id])
    }
    console.log(`## Project\n`)
    console.log(`Document: NTREX-128 English news sentences as HTML (bold, italic, links), ${thousands(document.paragraphs)} paragraphs,`)
    console.log(`${kb(document.bytes.byteLength)}, built in ${seconds(documentMs)}; uploaded with createProject, converted and analysed by the app's worker.`)
    const tasks = Object.entries(project.timings.tasks).map(([kind, taken]) => `${kind} ${seconds(taken)}`).join(', ')
    console.log(`Project: ${thousands(project.segmentCount)} segments, created in ${seconds(createMs)} (createProject ${seconds(project.timings.upload)}, worker: ${tasks}).\n`)

    const random = seeded(20_250_604)
    const picked = distinctSample([...project.positions.keys()], SAMPLES + WARM_UP, random)
    const ids: SampleIds = { warmUp: picked.slice(0, WARM_UP), measured: picked.slice(WARM_UP) }
    const read = (id: number) => bareWindowRead(project.id, project.positions.get(id) ?? 0, WINDOW)
    await timeEach([...ids.warmUp, ...ids.warmUp], read)
    const baseline = await timeEach(ids.measured, read)
    return { project, baseline, ids }
  } finally {
    setDatabase(undefined)
    await opened.close()
  }
}

async function measureOverHttp(serverEnv: Record<string, string>, project: CreatedProject, ids: SampleIds) {
  let start = performance.now()
  const server = await startServer(serverEnv, 3995)
  console.log(`Server: node server.mjs at ${server.origin}, started in ${seconds(performance.now() - start)} (opening the database included).`)
  try {
    const cookie = await signIn(server.origin, USER.email, USER.password)
    const base = `/translate/${project.id}/${project.password}`
    const client = translatorClient(server.origin, base, cookie)
    const formIn = (id: number, html: string): ActiveForm => {
      const form = activeForm(html)
      if (form?.segmentId !== String(id)) throw new Error(`the page for segment ${id} has no active form for it (found ${form?.segmentId})`)
      return form
    }
    const formOf = async (id: number) => formIn(id, await client.page(id))

    start = performance.now()
    const warmForms: ActiveForm[] = []
    for (const id of ids.warmUp) warmForms.push(await formOf(id))
    for (const id of ids.warmUp) await client.pageData(id)
    for (const form of warmForms.slice(0, 3)) await client.confirmWithoutJs(form)
    for (const form of warmForms.slice(3, 6)) await client.confirmWithJs(form)

    // The pages' HTML is read for their forms after the timing: the bench's own parsing is not the server's time.
    // The server's CPU time per measured action while `work` ran (every figure below has ids.measured.length of them).
    const withCpu = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
      const start = server.cpuMs()
      const result = await work()
      return [result, (server.cpuMs() - start) / ids.measured.length]
    }
    const pages: { id: number; html: string }[] = []
    const [pageTimes, pageCpu] = await withCpu(() => timeEach(ids.measured, async (id) => pages.push({ id, html: await client.page(id) })))
    const forms = pages.map(({ id, html }) => formIn(id, html))
    const [dataTimes, dataCpu] = await withCpu(() => timeEach(ids.measured, (id) => client.pageData(id)))
    const noJsParts: { post: number; follow: number }[] = []
    // The JS confirms take the forms of the pages the no-JS confirms land on (the next unconfirmed segment).
    const landedForms: ActiveForm[] = []
    const [, noJsCpu] = await withCpu(async () => {
      for (const form of forms) {
        const outcome = await client.confirmWithoutJs(form)
        noJsParts.push(outcome)
        const landed = activeForm(outcome.html)
        if (!landed) throw new Error(`the page after confirming segment ${form.segmentId} has no active form`)
        landedForms.push(landed)
      }
    })
    const noJsTimes = noJsParts.map((part) => part.post + part.follow)
    const jsParts: { post: number; follow: number }[] = []
    const [jsTimes, jsCpu] = await withCpu(() => timeEach(landedForms, async (form) => jsParts.push(await client.confirmWithJs(form))))
    // Issue 53 point 5: the file list (its user's files, this one among them) as the page a translator opens first.
    const fileList = async () => {
      const response = await fetch(`${server.origin}/`, { headers: { Cookie: cookie } })
      const html = await response.text()
      if (!response.ok || !html.includes(project.password)) throw new Error(`the file list answered ${response.status} without the file`)
    }
    for (let warm = 0; warm < WARM_UP; warm++) await fileList()
    const [listTimes, listCpu] = await withCpu(() => timeEach(ids.measured, fileList))
    console.log(`HTTP measurements took ${seconds(performance.now() - start)}.\n`)

    const http: Figure[] = [
      { name: 'window, GET page (HTML, full SSR)', times: pageTimes, target: true, cpu: pageCpu },
      { name: 'window, GET .data (JS navigation)', times: dataTimes, target: true, cpu: dataCpu },
      { name: 'confirm, no JS: POST + redirect GET', times: noJsTimes, target: true, cpu: noJsCpu },
      { name: '  of which POST → 302', times: noJsParts.map((part) => part.post) },
      { name: '  of which GET page', times: noJsParts.map((part) => part.follow) },
      { name: 'confirm, JS: POST .data + GET .data', times: jsTimes, target: true, cpu: jsCpu },
      { name: '  of which POST .data → 202', times: jsParts.map((part) => part.post) },
      { name: '  of which revalidation GET .data', times: jsParts.map((part) => part.follow) },
      { name: 'file list, GET / (HTML, one file)', times: listTimes, cpu: listCpu },
    ]
    const html = await client.page(ids.measured[0]!)
    const javascript = await measureScripts(server.origin, html, cookie)
    return { http, javascript }
  } finally {
    await server.stop()
  }
}

function printResults(engine: string, baseline: number[], figures: Figure[], javascript: Awaited<ReturnType<typeof measureScripts>>) {
  const baseP50 = percentile(baseline, 0.5)
  const baseP95 = percentile(baseline, 0.95)
  console.log('## Translator over HTTP (wall time at the client, sequential requests, loopback, keep-alive)\n')
  printTable(
    ['measurement', 'n', 'p50 ms', 'p95 ms', 'p50/base', 'p95/base', 'server CPU ms', 'target'],
    [
      ['baseline: bare read of the 11 window rows', String(baseline.length), ms(baseP50), ms(baseP95), '1×', '1×', '', ''],
      ...figures.map((figure) => {
        const [p50, p95] = [percentile(figure.times, 0.5), percentile(figure.times, 0.95)]
        const verdict = figure.target ? `≤ ${TARGET_P95_MS} p95 ${p95 <= TARGET_P95_MS ? 'PASS' : 'FAIL'}` : ''
        const cpu = figure.cpu === undefined ? '' : ms(figure.cpu)
        return [figure.name, String(figure.times.length), ms(p50), ms(p95), times(p50 / baseP50), times(p95 / baseP95), cpu, verdict]
      }),
    ],
  )
  console.log('\nServer CPU: the server process’s CPU time (every thread: requests, database, tasks) over the figure’s requests, per action.')
  console.log('\nBaseline: `select … from segments where project_id = $1 and position between $2 and $3 order by position` through')
  const when = engine === 'PGlite' ? 'before the server opened it (PGlite allows one process)' : 'before the server started'
  console.log(`db() in this process, on the same ${engine} database ${when}, the same segments as the page GETs.`)

  const total = javascript.scripts.reduce((sum, script) => sum + script.gzipBytes, 0)
  console.log(`\n## JavaScript shipped to the translator page (gzip level 9)\n`)
  printTable(
    ['file', 'bytes', 'gzip'],
    javascript.scripts.map((script) => [script.url, thousands(script.bytes), kb(script.gzipBytes)]),
  )
  console.log(`\nTotal: ${kb(total)} gzip in ${javascript.scripts.length} files; inline scripts (route imports, loader data) ${kb(javascript.inlineGzipBytes)} gzip, not counted.`)

  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL')
  console.log(`\n## Targets (issue 4)\n`)
  for (const figure of figures.filter((f) => f.target)) {
    const p95 = percentile(figure.times, 0.95)
    console.log(`${verdict(p95 <= TARGET_P95_MS)}  ${figure.name}: p95 ${ms(p95)} ms (target ≤ ${TARGET_P95_MS} ms), ${times(p95 / baseP95)} the bare read`)
  }
  console.log(`${verdict(total <= JS_TARGET_KB * 1024)}  translator page JavaScript: ${kb(total)} gzip (target ≤ ${JS_TARGET_KB} KB)`)
}

await main()
