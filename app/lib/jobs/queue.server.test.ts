import { describe, expect, it } from 'vitest'
import { withTestDatabase } from '../../../test/database'
import { backoffSeconds, claim, complete, enqueue, fail, releaseAbandoned } from './queue.server'
import { PermanentTaskError, startWorker } from './worker.server'

const database = withTestDatabase()

async function taskRow(id: number) {
  const [row] = await database.current().query<{ status: string; attempts: number; lastError: string | null; lockedBy: string | null; delay: number }>(
    `select status, attempts, last_error as "lastError", locked_by as "lockedBy",
            extract(epoch from run_after - now())::float8 as delay
       from tasks where id = $1`,
    [id],
  )
  return row!
}

async function clearTasks() {
  await database.current().query('delete from tasks')
}

describe('task queue', () => {
  it('hands each task to one worker only, even when many claim at once', async () => {
    await clearTasks()
    const ids = await Promise.all([1, 2, 3, 4, 5].map(() => enqueue(database.current(), { kind: 'analyse' })))
    const claims = await Promise.all(Array.from({ length: 8 }, (_, n) => claim(`worker-${n}`, 60_000)))
    const claimed = claims.filter((task) => task !== undefined).map((task) => task.id)
    expect(claimed.sort()).toEqual([...ids].sort())
    expect(new Set(claimed).size).toBe(claimed.length)
  })

  it('retries a failed task later with a growing back-off, then gives up', async () => {
    await clearTasks()
    const id = await enqueue(database.current(), { kind: 'analyse', maxAttempts: 2 })
    const first = (await claim('w', 60_000))!
    expect(await fail(first, 'w', 'boom', false)).toBe('retry')
    const afterFirst = await taskRow(id)
    expect(afterFirst).toMatchObject({ status: 'queued', attempts: 1, lastError: 'boom', lockedBy: null })
    expect(afterFirst.delay).toBeGreaterThan(backoffSeconds(1) - 1)
    expect(await claim('w', 60_000)).toBeUndefined() // not due yet
    await database.current().query('update tasks set run_after = now() where id = $1', [id])
    const second = (await claim('w', 60_000))!
    expect(second.attempts).toBe(2)
    expect(await fail(second, 'w', 'boom again', false)).toBe('failed')
    expect((await taskRow(id)).status).toBe('failed')
  })

  it('fails a permanent error at once', async () => {
    await clearTasks()
    const id = await enqueue(database.current(), { kind: 'convert' })
    const task = (await claim('w', 60_000))!
    expect(await fail(task, 'w', 'broken file', true)).toBe('failed')
    expect((await taskRow(id)).attempts).toBe(1)
  })

  it('gives a task whose worker died to another worker once the lease runs out', async () => {
    await clearTasks()
    const id = await enqueue(database.current(), { kind: 'analyse' })
    expect((await claim('dead-worker', 200))!.id).toBe(id)
    expect(await claim('live-worker', 60_000)).toBeUndefined()
    await new Promise((resolve) => setTimeout(resolve, 300))
    const again = (await claim('live-worker', 60_000))!
    expect(again.id).toBe(id)
    expect(again.attempts).toBe(2)
    // the dead worker's late "done" no longer counts
    await complete(id, 'dead-worker')
    expect((await taskRow(id)).status).toBe('running')
    await complete(id, 'live-worker')
    expect((await taskRow(id)).status).toBe('done')
  })

  it('releases abandoned tasks at start (embedded database: only this process owns them)', async () => {
    await clearTasks()
    const id = await enqueue(database.current(), { kind: 'analyse' })
    await claim('previous-run', 60_000)
    expect(await releaseAbandoned()).toBe(1)
    expect((await taskRow(id)).status).toBe('queued')
  })
})

describe('worker', () => {
  it('runs tasks, retries failures and reports tasks it gave up on', async () => {
    await clearTasks()
    const ran: number[] = []
    const gaveUp: number[] = []
    let flaky = 0
    const ok = await enqueue(database.current(), { kind: 'analyse', payload: { n: 1 } })
    const retried = await enqueue(database.current(), { kind: 'pretranslate' })
    const broken = await enqueue(database.current(), { kind: 'convert' })
    const worker = startWorker({
      pollMs: 20,
      log: () => {},
      handlers: {
        analyse: { run: async (task) => void ran.push(task.id) },
        pretranslate: {
          run: async (task) => {
            if (flaky++ === 0) {
              // make the retry due at once so the test need not wait for the back-off
              setTimeout(() => void database.current().query('update tasks set run_after = now() where id = $1', [task.id]), 50)
              throw new Error('try again')
            }
            ran.push(task.id)
          },
        },
        convert: {
          run: async () => {
            throw new PermanentTaskError('not a document', 'ErrorConvertingFile')
          },
          giveUp: async (task) => void gaveUp.push(task.id),
        },
      },
    })
    try {
      await expect.poll(() => ran.length, { timeout: 10_000 }).toBe(2)
      expect(ran.sort()).toEqual([ok, retried].sort())
      await expect.poll(() => gaveUp, { timeout: 5_000 }).toEqual([broken])
      expect((await taskRow(retried)).attempts).toBe(2)
    } finally {
      await worker.stop()
    }
  })
})
