import { describe, expect, it } from 'vitest'
import { startServer } from '../bench/app-server'
import { signIn } from '../bench/translator/client'
import { setDatabase } from '~/lib/db/db.server'
import { durableDatabase, LINES, PASSWORD, TARGETS } from './durability-setup'
import { confirmSegment, sleep } from './http-client'
import { readyProject } from './ready-project'

/**
 * Issue 15 "durability" (a): the real server killed with SIGKILL — no clean-up of any kind — at random moments while
 * translators confirm segments through the no-JS form: every confirm that was answered 2xx/3xx is there after the
 * restart, and nothing is half written (a confirmed segment always has its TM unit, the project's word sums agree
 * with its segments). The kills of background tasks are in durability-tasks.test.ts.
 */
const durable = durableDatabase('durable')

/** A seeded generator, so a failing run can be repeated (the seed is printed). */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0
    return state / 2 ** 32
  }
}

describe('confirms while the server is killed', () => {
  it('keeps every confirm that was answered, and none half written, over 20 kills', async () => {
    const seed = Date.now() % 100_000
    const next = random(seed)
    // The project: 300 one-sentence lines.
    const database = await durable.open()
    setDatabase(database)
    const [user] = await database.query<{ id: number }>('select id from users where email = $1', [durable.email])
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
      const server = await startServer(durable.env, 3941)
      cookie ||= await signIn(server.origin, durable.email, PASSWORD)
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

    await durable.inspect(async (database) => {
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

