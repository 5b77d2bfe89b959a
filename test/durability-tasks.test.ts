import { describe, expect, it } from 'vitest'
import { startServer, startWorkerProcess, type RunningProcess } from '../bench/app-server'
import { signIn } from '../bench/translator/client'
import type { Database } from '~/lib/db/database.server'
import { setDatabase } from '~/lib/db/db.server'
import { segmentUnits } from '~/lib/projects/pipeline.server'
import { formatById } from '~/lib/formats/registry.server'
import { createMemory } from '~/lib/tm/memories.server'
import { writeTmx } from '~/lib/tm/tmx-write'
import { engine } from './database'
import { durableDatabase, LINES, PASSWORD, TARGETS } from './durability-setup'
import { analysisStatus, poll, sleep, uploadFile } from './http-client'

/**
 * Issue 15 "durability" (b): whatever runs background tasks — on PGlite the server's task thread, on PostgreSQL the
 * worker process — killed with SIGKILL during a conversion and during a TMX import: the task resumes, completes, and
 * leaves no duplicate segments or units. The kills during confirms are in durability.test.ts.
 */
const durable = durableDatabase('durable_tasks')

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
  // Every TMX import through the prepare thread (on PostgreSQL), however small: the kill lands there too.
  const lease = { TASK_LEASE_SECONDS: '2', WORKER_POLL_MS: '200', TMX_PREPARE_THREAD_MB: '0' }
  if (engine() === 'pglite') {
    let server = await startServer({ ...durable.env, ...lease }, 3942)
    const cookie = await signIn(server.origin, durable.email, PASSWORD)
    const place: Workplace = {
      get origin() {
        return server.origin
      },
      cookie,
      async killWorker(between) {
        await server.kill()
        if (between) await durable.inspect(between)
        server = await startServer({ ...durable.env, ...lease }, 3942)
      },
      waitUntil: (done) => poll(() => done(server.origin, cookie), RESUMED_WITHIN_MS),
      stop: () => server.stop(),
    }
    return place
  }
  const server = await startServer({ ...durable.env, ...lease, WORKER: 'false' }, 3942)
  let worker: RunningProcess = await startWorkerProcess({ ...durable.env, ...lease })
  const database = await durable.open()
  const cookie = await signIn(server.origin, durable.email, PASSWORD)
  return {
    origin: server.origin,
    cookie,
    async killWorker(between) {
      await worker.kill()
      if (between) await between(database)
      worker = await startWorkerProcess({ ...durable.env, ...lease })
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
      await durable.inspect(async (database) => {
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
    const memoryId = await durable.inspect(async (database) => {
      setDatabase(database)
      const [user] = await database.query<{ id: number }>('select id from users where email = $1', [durable.email])
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
      await durable.inspect(async (database) => {
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
  const database = await durable.open()
  try {
    for (const started = Date.now(); Date.now() - started < 60_000; await sleep(10)) {
      const [row] = await database.query<{ n: number }>(sql, [id])
      if ((row?.n ?? 0) > 0) return
    }
  } finally {
    await database.close()
  }
}
