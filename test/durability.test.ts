import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, startWorkerProcess, type RunningProcess } from '../bench/app-server'
import { signIn } from '../bench/translator/client'
import { createUser } from '~/lib/auth/users.server'
import type { Database } from '~/lib/db/database.server'
import { setDatabase } from '~/lib/db/db.server'
import { migrate } from '~/lib/db/migrate.server'
import { segmentUnits } from '~/lib/projects/pipeline.server'
import { formatById } from '~/lib/formats/registry.server'
import { createMemory } from '~/lib/tm/memories.server'
import { writeTmx } from '~/lib/tm/tmx-write'
import { databaseForProcesses, engine } from './database'
import { analysisStatus, confirmSegment, poll, sleep, uploadFile } from './http-client'
import { readyProject } from './ready-project'

/**
 * Issue 15 "durability": the real server (and, on PostgreSQL, the real worker process) killed with SIGKILL — no
 * clean-up of any kind — at random moments:
 * (a) while translators confirm segments through the no-JS form: every confirm that was answered 2xx/3xx is there
 *     after the restart, and nothing is half written (a confirmed segment always has its TM unit, the project's
 *     word sums agree with its segments);
 * (b) during a conversion and during a TMX import: the task resumes, completes, and leaves no duplicate segments or
 *     units.
 */
const PASSWORD = 'kill me softly, twenty times'
const LINES = fs
  .readFileSync(new URL('../../shared/samples/parallel/en-lv/tatoeba_laser.en-lv.en', import.meta.url), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line.length > 0)
const TARGETS = fs
  .readFileSync(new URL('../../shared/samples/parallel/en-lv/tatoeba_laser.en-lv.lv', import.meta.url), 'utf8')
  .split('\n')
  .map((line) => line.trim())

let where: Awaited<ReturnType<typeof databaseForProcesses>>
let email = ''

/** A seeded generator, so a failing run can be repeated (the seed is printed). */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0
    return state / 2 ** 32
  }
}

/** The database while no server holds it (PGlite: one process at a time), for `work`. */
async function inspect<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const database = await where.open()
  try {
    return await work(database)
  } finally {
    await database.close()
  }
}

beforeAll(async () => {
  where = await databaseForProcesses('durable')
  const database = await where.open()
  await migrate(database)
  setDatabase(database)
  email = `durable-${engine()}@example.lv`
  const user = await createUser({ email, name: 'Dace Durable', password: PASSWORD })
  if (!user.ok) throw new Error('no user')
  setDatabase(undefined)
  await database.close()
}, 60_000)

afterAll(() => where.dispose())

describe('confirms while the server is killed', () => {
  it('keeps every confirm that was answered, and none half written, over 20 kills', async () => {
    const seed = Date.now() % 100_000
    const next = random(seed)
    // The project: 300 one-sentence lines.
    const database = await where.open()
    setDatabase(database)
    const [user] = await database.query<{ id: number }>('select id from users where email = $1', [email])
    const { project } = await readyProject(user!.id, 'apstiprinājumi.txt', LINES.slice(0, 300).join('\n'))
    const segments = await database.query<{ id: number; source: string }>('select id, source from segments where project_id = $1 order by position', [
      project.id,
    ])
    setDatabase(undefined)
    await database.close()

    const base = `/translate/${project.id}/${project.password}`
    const attempted = new Map<number, string>()
    const acknowledged = new Map<number, string>()
    const refused: string[] = []
    let cookie = ''
    let interrupted = 0
    for (let round = 0; round < 20; round++) {
      const server = await startServer(where.env, 3941)
      cookie ||= await signIn(server.origin, email, PASSWORD)
      const mine = segments.slice(round * 14, round * 14 + 14)
      let killed = false
      // The kill comes a random moment after the round's first answer (or after 10 s without one), so that a slow
      // machine, whose first request after a start takes longer, still sees kills in the middle of the confirms.
      let firstAnswer: () => void = () => {}
      const answered = new Promise<void>((resolve) => (firstAnswer = resolve))
      const killing = Promise.race([answered, sleep(10_000)])
        .then(() => sleep(next() * 800))
        .then(async () => {
          killed = true
          await server.kill()
        })
      // Two translators at once, each confirming the next segment as soon as the last was answered.
      const lane = async (lane: number) => {
        for (const segment of mine.filter((_, index) => index % 2 === lane)) {
          if (killed) return
          const text = `Apstiprināts ${round}.${segment.id}: ${TARGETS[segment.id % TARGETS.length]}`
          attempted.set(segment.id, text)
          try {
            const answer = await confirmSegment(server.origin, base, cookie, segment, text)
            if (answer >= 200 && answer < 400) acknowledged.set(segment.id, text)
            else refused.push(`${segment.id}: ${answer}`)
            firstAnswer()
          } catch {
            interrupted++ // killed while the confirm was on its way: either outcome is allowed, but whole
          }
        }
      }
      await Promise.all([lane(0), lane(1)])
      await killing
    }
    console.log(`[durability] seed ${seed}: ${acknowledged.size} confirms answered, ${interrupted} cut off by a kill`)
    expect(refused).toEqual([])
    expect(acknowledged.size).toBeGreaterThan(20)

    await inspect(async (database) => {
      const rows = await database.query<{ id: number; source: string; target: string | null; status: string; units: number }>(
        `select s.id, s.source, s.target, s.status,
                (select count(*)::int from tm_units u where u.source = s.source and u.target = s.target) as units
           from segments s where s.project_id = $1`,
        [project.id],
      )
      const byId = new Map(rows.map((row) => [row.id, row]))
      for (const [id, text] of acknowledged) expect(byId.get(id), `segment ${id}`).toMatchObject({ status: 'TRANSLATED', target: text })
      for (const row of rows) {
        if (row.status === 'TRANSLATED') {
          expect(row.target, `segment ${row.id}`).toBe(attempted.get(row.id))
          expect(row.units, `the TM unit of segment ${row.id}`).toBe(1)
        } else {
          expect(row, `segment ${row.id}`).toMatchObject({ status: 'NEW', target: null })
        }
      }
      const [sums] = await database.query<{ kept: number; counted: number }>(
        `select p.words_translated::int as kept,
                (select coalesce(sum(word_count), 0)::int from segments where project_id = p.id and status = 'TRANSLATED') as counted
           from projects p where p.id = $1`,
        [project.id],
      )
      expect(sums!.kept).toBe(sums!.counted)
    })
  }, 600_000)
})

/**
 * Where background tasks run: on PGlite the server's own task thread (killing the server kills it), on PostgreSQL a
 * worker process beside a web-only server (the worker is killed, the server stays).
 */
interface Workplace {
  origin: string
  cookie: string
  /** Kills whatever runs the tasks, and starts it again once `between` has looked at the database. */
  killWorker(between?: (database: Database) => Promise<void>): Promise<void>
  /** Waits until `done` holds (asked over HTTP, as a client would). */
  waitUntil(done: (origin: string, cookie: string) => Promise<boolean>): Promise<void>
  stop(): Promise<void>
}

/** A resumed task on a machine busy with other tests can take minutes; what is checked is that it completes once. */
const RESUMED_WITHIN_MS = 360_000

async function workplace(): Promise<Workplace> {
  const lease = { TASK_LEASE_SECONDS: '2', WORKER_POLL_MS: '200' }
  if (engine() === 'pglite') {
    let server = await startServer({ ...where.env, ...lease }, 3942)
    const cookie = await signIn(server.origin, email, PASSWORD)
    const place: Workplace = {
      get origin() {
        return server.origin
      },
      cookie,
      async killWorker(between) {
        await server.kill()
        if (between) await inspect(between)
        server = await startServer({ ...where.env, ...lease }, 3942)
      },
      waitUntil: (done) => poll(() => done(server.origin, cookie), RESUMED_WITHIN_MS),
      stop: () => server.stop(),
    }
    return place
  }
  const server = await startServer({ ...where.env, ...lease, WORKER: 'false' }, 3942)
  let worker: RunningProcess = await startWorkerProcess({ ...where.env, ...lease })
  const database = await where.open()
  const cookie = await signIn(server.origin, email, PASSWORD)
  return {
    origin: server.origin,
    cookie,
    async killWorker(between) {
      await worker.kill()
      if (between) await between(database)
      worker = await startWorkerProcess({ ...where.env, ...lease })
    },
    waitUntil: (done) => poll(() => done(server.origin, cookie), RESUMED_WITHIN_MS),
    async stop() {
      await worker.stop()
      await server.stop()
      await database.close()
    },
  }
}

describe('background tasks whose worker is killed', () => {
  it('finish a conversion cut off half-way with every segment once, numbered without gaps', async () => {
    const place = await workplace()
    try {
      const text = Array.from({ length: 14_000 }, (_, index) => `(${index}) ${LINES[index % LINES.length]} ${LINES[(index * 7 + 3) % LINES.length]}`).join('\n')
      const expected = segmentUnits(formatById('txt')!.extract(new TextEncoder().encode(text)), 'en').length
      let project = await uploadFile(place.origin, place.cookie, 'grāmata.txt', text)
      let projectId = project.id

      // Killed until once it was caught with part of its rows written — units, or units and some segments — and the
      // project still WAITING.
      const partial: string[] = []
      // On PGlite the test cannot look while the server owns the database: it waits, kills, and looks. Too early (no
      // rows yet: a busy machine starts slower) waits longer the next time; too late (converted already) uploads the
      // book again and waits less.
      let wait = 900
      let late = false
      for (let kill = 0; kill < 12 && partial.length === 0; kill++) {
        if (late) {
          project = await uploadFile(place.origin, place.cookie, `grāmata-${kill}.txt`, text)
          projectId = project.id
          late = false
        }
        if (engine() === 'postgres') await untilRows('select count(*)::int as n from segments where project_id = $1', projectId)
        else await sleep(wait)
        await place.killWorker(async (database) => {
          const [state] = await database.query<{ status: string; units: number; segments: number }>(
            `select status, (select count(*)::int from units where project_id = p.id) as units,
                    (select count(*)::int from segments where project_id = p.id) as segments
               from projects p where p.id = $1`,
            [projectId],
          )
          if (state?.status === 'WAITING' && state.units > 0 && state.segments < expected) partial.push(`${state.units} units and ${state.segments} segments`)
          if (state?.units === 0) wait *= 1.5
          if (state?.status !== 'WAITING') [late, wait] = [true, wait * 0.6]
        })
      }
      expect(partial.length, 'a kill caught the conversion half-way').toBe(1)

      await place.waitUntil(async (origin, cookie) => (await analysisStatus(origin, cookie, project)) === 'DONE')
      await place.stop()
      await inspect(async (database) => {
        const [counts] = await database.query<{ segments: number; positions: number; firstId: number; lastId: number; lastPosition: number; units: number }>(
          `select count(*)::int as segments, count(distinct position)::int as positions, min(id) as "firstId", max(id) as "lastId",
                  max(position) as "lastPosition", (select count(*)::int from units where project_id = $1) as units
             from segments where project_id = $1`,
          [projectId],
        )
        expect(counts).toMatchObject({ segments: expected, positions: expected, lastPosition: expected - 1, units: 14_000 })
        expect(counts!.lastId - counts!.firstId + 1, 'segment ids are one block (SPEC numbering)').toBe(expected)
        const [task] = await database.query<{ attempts: number; status: string }>(`select attempts, status from tasks where project_id = $1 and kind = 'convert'`, [
          projectId,
        ])
        expect(task!.status).toBe('done')
        expect(task!.attempts).toBeGreaterThan(1)
      })
      console.log(`[durability] conversion killed with ${partial[0]} written (of 14,000 units and ${expected} segments); completed once`)
    } finally {
      await place.stop().catch(() => {})
    }
  }, 600_000)

  it('finish a TMX import cut off half-way with every unit once', async () => {
    const memoryId = await inspect(async (database) => {
      setDatabase(database)
      const [user] = await database.query<{ id: number }>('select id from users where email = $1', [email])
      const memory = await createMemory(user!.id, { name: 'Nogalinātā', sourceLang: 'en', targetLang: 'lv' })
      setDatabase(undefined)
      return memory.id
    })
    // Large enough that a blind kill (PGlite) lands inside the one pass, which writes about 10,000 units a second.
    const size = 30_000
    const units = Array.from({ length: size }, (_, index) => ({
      source: `(${index}) ${LINES[index % LINES.length]}`,
      target: `(${index}) ${TARGETS[index % LINES.length] ?? 'tulkojums'}`,
      sourceLang: 'en',
      targetLang: 'lv',
    }))
    let tmx = ''
    for await (const piece of writeTmx(units, { sourceLang: 'en', creationToolVersion: 'test' })) tmx += piece

    const place = await workplace()
    try {
      const form = new FormData()
      form.set('memoryId', String(memoryId))
      form.append('file', new Blob([tmx]), 'nogalinātā.tmx')
      const answer = await fetch(`${place.origin}/memories`, { method: 'POST', redirect: 'manual', headers: { Cookie: place.cookie, Origin: place.origin }, body: form })
      expect(answer.status).toBe(302)

      const partial: number[] = []
      let wait = 1_000 // as for the conversion: longer after a look that came too early
      for (let kill = 0; kill < 10 && partial.length === 0; kill++) {
        if (engine() === 'postgres') await untilRows('select count(*)::int as n from tm_units where memory_id = $1', memoryId)
        else await sleep(wait)
        await place.killWorker(async (database) => {
          const [state] = await database.query<{ status: string; units: number }>(
            `select i.status, (select count(*)::int from tm_units where memory_id = $1) as units from tmx_imports i where i.memory_id = $1`,
            [memoryId],
          )
          if (state?.status === 'running' && state.units > 0 && state.units < size) partial.push(state.units)
          if (state?.units === 0) wait *= 1.5
        })
      }
      expect(partial.length, 'a kill caught the import half-way').toBe(1)

      await place.waitUntil(async (origin, cookie) => {
        const page = await (await fetch(`${origin}/memories`, { headers: { Cookie: cookie } })).text()
        return page.includes('data-status="done"')
      })
      await place.stop()
      await inspect(async (database) => {
        const [counts] = await database.query<{ units: number; sources: number; report: { imported: number }; undo: number }>(
          `select count(*)::int as units, count(distinct source)::int as sources,
                  (select report from tmx_imports where memory_id = $1) as report,
                  (select count(*)::int from tm_import_undo) as undo
             from tm_units where memory_id = $1`,
          [memoryId],
        )
        // Both runs' undo entries go when the import ends.
        expect(counts).toMatchObject({ units: size, sources: size, report: { imported: size }, undo: 0 })
      })
      console.log(`[durability] TMX import killed with ${partial[0]} of ${size} units written; completed once`)
    } finally {
      await place.stop().catch(() => {})
    }
  }, 600_000)
})

/**
 * PostgreSQL only (the database can be read while the worker runs): waits until the query counts a row, so the kill
 * lands while the task is writing.
 */
async function untilRows(sql: string, id: number) {
  const database = await where.open()
  try {
    for (const started = Date.now(); Date.now() - started < 60_000; await sleep(10)) {
      const [row] = await database.query<{ n: number }>(sql, [id])
      if ((row?.n ?? 0) > 0) return
    }
  } finally {
    await database.close()
  }
}
