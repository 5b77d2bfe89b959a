/**
 * What bench/load's runs share: the seeded translators (a memory and a project each), the simulated browsers' HTTP
 * client, a timed request, the servers as npm start (PGlite) or two web instances and a worker (PostgreSQL) run them.
 */
import fs from 'node:fs'
import http from 'node:http'
import zlib from 'node:zlib'
import { createUser } from '../../app/lib/auth/users.server'
import { db } from '../../app/lib/db/db.server'
import { startWorker } from '../../app/lib/jobs/worker.server'
import { taskHandlers } from '../../app/lib/projects/pipeline.server'
import { createProject } from '../../app/lib/projects/projects.server'
import { createMemory } from '../../app/lib/tm/memories.server'
import { importUnits } from '../../app/lib/tm/units.server'
import { startServer, startWorkerProcess, type RunningProcess, type RunningServer } from '../app-server'
import { percentile } from '../measure'
import { printTable, thousands } from '../print'
import { signIn } from '../translator/client'
import type { BenchDatabase } from '../translator/project'

export const PASSWORD = 'load-bench-password'
export const SEGMENTS_EACH = 120
export const UNITS_EACH = 300

export interface Sample {
  kind: string
  start: number
  ms: number
  ok: boolean
  /** Why a failed request failed: its status, or the error the client saw. */
  failure?: string
}

export interface Translator {
  email: string
  /** Issue 52 (--team): the colleague revising this file. */
  reviewer?: string
  base: string
  segments: { id: number; source: string }[]
  words: string[]
}

/** Aligned English–Latvian sentences of the samples (Tatoeba and NTREX-128). */
function englishLatvianPairs(): { source: string; target: string }[] {
  const read = (file: string) => fs.readFileSync(new URL(`../../../shared/samples/parallel/${file}`, import.meta.url), 'utf8').split('\n').map((line) => line.trim())
  const pairs: { source: string; target: string }[] = []
  for (const [english, latvian] of [
    ['en-lv/tatoeba_laser.en-lv.en', 'en-lv/tatoeba_laser.en-lv.lv'],
    ['en-lv-ru/ntrex128.newstest2019.en.txt', 'en-lv-ru/ntrex128.newstest2019.lv.txt'],
  ] as const) {
    const targets = read(latvian)
    read(english).forEach((source, at) => source && targets[at] && pairs.push({ source, target: targets[at]! }))
  }
  return pairs
}

/**
 * `files` users, each with a memory of UNITS_EACH units and a project of SEGMENTS_EACH segments near them, analysed;
 * with `team`, each file also has a reviewer. The uploader (bench/load's book) is made too.
 */
export async function seed(files: number, team: boolean): Promise<Translator[]> {
  const translators: Translator[] = []
  const pairs = englishLatvianPairs()
  for (let index = 0; index < files; index++) {
    const email = `translator${index}@example.org`
    const user = await createUser({ email, name: `Translator ${index}`, password: PASSWORD })
    if (!user.ok) throw new Error('could not create a translator')
    const memory = await createMemory(user.user.id, { name: 'EN → LV', sourceLang: 'en', targetLang: 'lv' })
    const units = Array.from({ length: UNITS_EACH }, (_, unit) => pairs[(index * UNITS_EACH + unit) % pairs.length]!)
    await importUnits(memory.id, units.map((pair) => ({ source: pair.source, target: pair.target, createdBy: 'bench' })))
    // The project's sentences are near the memory's: suggestions have something to find.
    const text = Array.from({ length: SEGMENTS_EACH }, (_, line) => units[line % units.length]!.source.replace(/\.$/, ' today.')).join('\n')
    const project = await createProject({
      ownerId: user.user.id,
      name: `darbs-${index}.txt`,
      format: 'txt',
      bytes: new TextEncoder().encode(text),
      sourceLang: 'en',
      targetLang: 'lv',
      tmPretranslate: false,
      mtPretranslate: false,
    })
    let reviewer: string | undefined
    if (team) {
      reviewer = `reviewer${index}@example.org`
      const colleague = await createUser({ email: reviewer, name: `Reviewer ${index}`, password: PASSWORD })
      if (!colleague.ok) throw new Error('could not create a reviewer')
      await db().query(`insert into project_members (project_id, user_id, role) values ($1, $2, 'reviewer')`, [project.id, colleague.user.id])
    }
    translators.push({
      email,
      reviewer,
      base: `/translate/${project.id}/${project.password}`,
      segments: [],
      words: units.flatMap((pair) => pair.source.split(/\W+/).filter((word) => word.length > 4)).slice(0, 50),
    })
  }
  const uploader = await createUser({ email: 'uploader@example.org', name: 'Uploader', password: PASSWORD })
  if (!uploader.ok) throw new Error('could not create the uploader')
  const worker = startWorker({ handlers: taskHandlers, pollMs: 20, log: (message) => console.error(message) })
  await worker.idle()
  await worker.stop()
  // Issue 52: half of each file translated, for its reviewer to revise from the start.
  if (team) await db().query(`update segments set target = source || ' (tulkots)', status = 'TRANSLATED', edit_how = 'confirm' where position % 2 = 0`)
  return translators
}

/** Reads each translator's segments, in order, from the database the servers use. */
export async function segmentsOf(translators: Translator[], open: BenchDatabase['open']) {
  const database = await open()
  for (const translator of translators) {
    const [, , projectId] = translator.base.split('/')
    translator.segments = await database.query('select id, source from segments where project_id = $1 order by position', [Number(projectId)])
  }
  await database.close()
}

/**
 * The simulated browsers' HTTP client: node:http with kept-alive connections, much lighter than fetch — the load
 * generator shares the two cores with the server, and every millisecond it spends is one the server does not get.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 200 })

export interface Answer {
  status: number
  location?: string
  cookie?: string[]
  body(): string
}

export function request(origin: string, method: 'GET' | 'POST', path: string, cookie: string, fields?: Record<string, string>): Promise<Answer> {
  const body = fields ? new URLSearchParams(fields).toString() : undefined
  return new Promise((resolve, reject) => {
    const call = http.request(
      new URL(path, origin),
      {
        method,
        agent,
        headers: {
          Cookie: cookie,
          'Accept-Encoding': 'gzip',
          ...(body === undefined ? {} : { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const raw = Buffer.concat(chunks)
          // Only the JSON calls are read; pages are received whole, as a browser would, and not decoded.
          const body = () => (response.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw) : raw).toString('utf8')
          resolve({ status: response.statusCode ?? 0, location: response.headers.location, cookie: response.headers['set-cookie'], body })
        })
        response.on('error', reject)
      },
    )
    call.on('error', reject)
    call.end(body)
  })
}

export const get = (origin: string, path: string, cookie: string) => request(origin, 'GET', path, cookie)
export const post = (origin: string, path: string, cookie: string, fields: Record<string, string>) => request(origin, 'POST', path, cookie, fields)

/** One request; ok when it answered 2xx or 3xx. Returns the response's Location, if any. */
export async function timed(samples: Sample[], kind: Sample['kind'], send: () => Promise<Answer>): Promise<string | undefined> {
  const start = performance.now()
  let ok = false
  let failure: string | undefined
  let location: string | undefined
  try {
    const answer = await send()
    ok = answer.status >= 200 && answer.status < 400
    if (!ok) failure = `HTTP ${answer.status}`
    location = answer.location
  } catch (error) {
    ok = false
    failure = error instanceof Error ? error.message : String(error)
  }
  samples.push({ kind, start, ms: performance.now() - start, ok, failure })
  return location
}


/**
 * The servers on `database`: PGlite, one `node server.mjs` as `npm start` runs it; PostgreSQL, two web instances
 * (WORKER=false) and one `node worker.mjs`, as a load balancer and a worker host would run them.
 */
export async function startServers(database: BenchDatabase): Promise<{ instances: RunningServer[]; processes: RunningProcess[] }> {
  if (database.engine === 'PGlite') {
    const instance = await startServer(database.serverEnv, 3961)
    return { instances: [instance], processes: [instance] }
  }
  const instances = [await startServer({ ...database.serverEnv, WORKER: 'false' }, 3961), await startServer({ ...database.serverEnv, WORKER: 'false' }, 3962)]
  return { instances, processes: [...instances, await startWorkerProcess(database.serverEnv)] }
}

/**
 * Signs each of `emails` in on the instance `instanceOf` names, one after another: every user here signs in from the
 * same address, and sign-ins in flight from one address are limited (SIGN_IN_MAX_FAILURES_PER_ADDRESS; issue 50).
 */
export async function signInAll(emails: readonly string[], origins: readonly string[]): Promise<string[]> {
  const cookies: string[] = []
  for (const [index, email] of emails.entries()) cookies.push(await signIn(origins[index]!, email, PASSWORD))
  return cookies
}

/** Prints p50 / p95 / max and errors per kind of request (in `kinds`' order, then all), and what failed. */
export function summarise(title: string, samples: readonly Sample[], kinds: readonly string[]) {
  console.log(`\n${title}`)
  const rows: string[][] = []
  for (const kind of [...kinds, 'all']) {
    const chosen = kind === 'all' ? samples : samples.filter((sample) => sample.kind === kind)
    if (chosen.length === 0) continue
    const ms = chosen.map((sample) => sample.ms)
    rows.push([
      kind,
      thousands(chosen.length),
      `${percentile(ms, 0.5).toFixed(1)} ms`,
      `${percentile(ms, 0.95).toFixed(1)} ms`,
      `${Math.max(...ms).toFixed(0)} ms`,
      String(chosen.filter((sample) => !sample.ok).length),
    ])
  }
  printTable(['request', 'count', 'p50', 'p95', 'max', 'errors'], rows)
  const failures = new Map<string, number>()
  for (const sample of samples) {
    if (!sample.failure) continue
    const what = `${sample.kind}: ${sample.failure}`
    failures.set(what, (failures.get(what) ?? 0) + 1)
  }
  for (const [failure, count] of failures) console.log(`  failed ${count}× — ${failure}`)
}

/** The lines the servers logged that name an error, the first 20 of them. */
export function printLoggedErrors(processes: readonly RunningProcess[]) {
  const logged = processes.flatMap((running) => running.output().split('\n')).filter((line) => /error|fail/i.test(line))
  console.log(`the servers logged ${logged.length} lines naming an error${logged.length > 0 ? ', the first:' : ''}`)
  for (const line of logged.slice(0, 20)) console.log(`  ${line}`)
}
