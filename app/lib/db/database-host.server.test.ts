import fs from 'node:fs'
import { MessageChannel } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { databaseOverPort } from './database-client.server'
import { hostDatabase, LINGER_MS, type DatabaseHost, type Priority } from './database-host.server'
import type { Database } from './database.server'
import { copyRows, pgliteCopier, pgliteRunner, type StatementRunner } from './pglite-statements.server'

/**
 * The database thread's scheduler (docs/decisions/0013), host and clients joined by MessageChannels in one thread.
 * The runner is PGlite's, wrapped to record the order statements ran in.
 */
let pglite: PGlite
let host: DatabaseHost | undefined
const opened: Database[] = []

beforeAll(async () => {
  // The run's empty cluster (test/global-setup.ts): initdb would take seconds. The PostgreSQL run makes no
  // template; the scheduler is the same for both engines, so there it pays for initdb once.
  const template = inject('pgliteTemplate')
  pglite = template ? await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(template)]) }) : await PGlite.create()
})

afterAll(() => pglite.close())

afterEach(async () => {
  for (const database of opened.splice(0)) await database.close()
  await host?.close()
  host = undefined
})

async function setUp(delayMs = 0, lingerMs = LINGER_MS) {
  await pglite.exec('drop table if exists t; create table t (id integer primary key, who text)')
  const ran: string[] = []
  const real = pgliteRunner(pglite)
  const run: StatementRunner = async (sql, params, syncToFs) => {
    ran.push(sql)
    if (delayMs > 0 && sql.startsWith('select pg_sleep')) await new Promise((resolve) => setTimeout(resolve, delayMs))
    return real(sql, params, syncToFs)
  }
  host = hostDatabase(run, { lingerMs, copy: pgliteCopier(pglite) })
  const client = (priority: Priority) => {
    const { port1, port2 } = new MessageChannel()
    host!.attach(port1, priority)
    const database = databaseOverPort(port2)
    opened.push(database)
    return database
  }
  return { ran, client }
}

describe('database host', () => {
  it('answers statements with parsed rows, and keeps PostgreSQL error codes', async () => {
    const { client } = await setUp()
    const database = client('foreground')
    await database.query('insert into t values ($1, $2)', [1, 'ā'])
    expect(await database.query('select id, who, now() as at from t')).toEqual([{ id: 1, who: 'ā', at: expect.any(Date) }])
    const duplicate = database.query('insert into t values (1, $1)', ['again'])
    await expect(duplicate).rejects.toMatchObject({ code: '23505', constraint: 't_pkey' })
  })

  it('copies rows in COPY text with every character kept, and keeps the error code of a statement before the COPY', async () => {
    const { client } = await setUp()
    const database = client('background')
    const texts = ['tab\there', 'line\nbreak\r\nand return', 'back\\slash \\N \\t', '\\.', '', 'Ķēķis — 漢字 😀', null]
    await database.copyIn!(`copy t (id, who) from '/dev/blob'`, copyRows(texts.map((text, id) => [id, text])))
    expect((await database.query<{ who: string | null }>('select who from t order by id')).map((row) => row.who)).toEqual(texts)

    const stopped = database.copyIn!(
      `do $$ begin raise exception 'stop' using errcode = 'P0002'; end $$; copy t (id, who) from '/dev/blob'`,
      copyRows([[100, 'never']]),
    )
    await expect(stopped).rejects.toMatchObject({ code: 'P0002' })
    expect(await database.query('select who from t where id = 100')).toEqual([])
  })

  it('commits and rolls back transactions', async () => {
    const { client } = await setUp()
    const database = client('foreground')
    await database.transaction((tx) => tx.query(`insert into t values (1, 'kept')`))
    await expect(
      database.transaction(async (tx) => {
        await tx.query(`insert into t values (2, 'gone')`)
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    expect(await database.query('select who from t order by id')).toEqual([{ who: 'kept' }])
  })

  it('begins a transaction with its first statement, and holds nothing for one that sends none', async () => {
    const { ran, client } = await setUp()
    const [a, b] = [client('foreground'), client('foreground')]
    expect(await a.transaction(async () => 'nothing')).toBe('nothing')
    expect(ran).toEqual([])
    const transaction = a.transaction(async (tx) => {
      await tx.query(`insert into t values (1, 'a')`)
      await tx.query(`update t set who = 'a2' where id = 1`)
    })
    const other = b.query(`select 'b'`)
    await Promise.all([transaction, other])
    const [begin, commit] = [ran.indexOf('begin'), ran.indexOf('commit')]
    expect(ran.slice(begin, commit + 1)).toEqual(['begin', `insert into t values (1, 'a')`, `update t set who = 'a2' where id = 1`, 'commit'])
    expect(ran).toContain(`select 'b'`)
  })

  it('rolls back a transaction whose first statement fails, and serves the next', async () => {
    const { ran, client } = await setUp()
    const database = client('foreground')
    await database.query(`insert into t values (1, 'there')`)
    const failing = database.transaction(async (tx) => {
      await tx.query(`insert into t values (1, 'again')`)
    })
    await expect(failing).rejects.toMatchObject({ code: '23505' })
    expect(ran.slice(-3)).toEqual(['begin', `insert into t values (1, 'again')`, 'rollback'])
    await database.transaction((tx) => tx.query(`insert into t values (2, 'next')`))
    expect(await database.query('select who from t order by id')).toEqual([{ who: 'there' }, { who: 'next' }])
  })

  it('commits a transaction with its last statement, rolls it back when that fails, and takes nothing after it', async () => {
    const { ran, client } = await setUp()
    const database = client('foreground')
    await database.transaction(async (tx) => {
      await tx.query(`insert into t values (1, 'a')`)
      await tx.queryLast!(`update t set who = 'a2' where id = 1`)
    })
    expect(ran).toEqual(['begin', `insert into t values (1, 'a')`, `update t set who = 'a2' where id = 1`, 'commit'])
    await database.transaction((tx) => tx.queryLast!(`insert into t values (2, 'b')`))
    expect(ran.slice(-3)).toEqual(['begin', `insert into t values (2, 'b')`, 'commit'])

    const failing = database.transaction(async (tx) => {
      await tx.query(`insert into t values (3, 'c')`)
      await tx.queryLast!(`insert into t values (1, 'again')`)
    })
    await expect(failing).rejects.toMatchObject({ code: '23505' })
    expect(ran.slice(-2)).toEqual([`insert into t values (1, 'again')`, 'rollback'])

    // A statement after the last is refused; the last one's commit stands.
    const late = database.transaction(async (tx) => {
      const last = tx.queryLast!(`insert into t values (4, 'd')`)
      await tx.query(`insert into t values (5, 'e')`)
      await last
    })
    await expect(late).rejects.toThrow('has ended')
    expect(await database.query('select id, who from t order by id')).toEqual([
      { id: 1, who: 'a2' },
      { id: 2, who: 'b' },
      { id: 4, who: 'd' },
    ])
  })

  it('gives a transaction the session until it ends: another client waits for it', async () => {
    const { ran, client } = await setUp()
    const [a, b] = [client('background'), client('foreground')]
    let release: () => void = () => {}
    const holding = new Promise<void>((resolve) => (release = resolve))
    const transaction = a.transaction(async (tx) => {
      await tx.query(`insert into t values (1, 'a')`)
      await holding
      await tx.query(`update t set who = 'a2' where id = 1`)
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    const read = b.query<{ who: string }>('select who from t')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(ran.at(-1)).toContain(`insert into t values (1, 'a')`) // the read has not run inside a's transaction
    release()
    await transaction
    expect(await read).toEqual([{ who: 'a2' }])
  })

  it('runs waiting foreground statements before background ones', async () => {
    const { ran, client } = await setUp(30)
    const [background, foreground] = [client('background'), client('foreground')]
    // A slow background statement is running; then both kinds queue up.
    const slow = background.query('select pg_sleep(0)')
    await new Promise((resolve) => setTimeout(resolve, 5))
    const queued = [
      background.query(`select 'background 1'`),
      background.query(`select 'background 2'`),
      foreground.query(`select 'foreground 1'`),
      foreground.query(`select 'foreground 2'`),
    ]
    await Promise.all([slow, ...queued])
    expect(ran.filter((sql) => sql.startsWith(`select '`))).toEqual([
      `select 'foreground 1'`,
      `select 'foreground 2'`,
      `select 'background 1'`,
      `select 'background 2'`,
    ])
  })

  it('lets background work wait a moment after a foreground statement, for the next one of the same request', async () => {
    // A long linger, so that the test does not depend on how fast a busy machine runs its timers.
    const { ran, client } = await setUp(0, 200)
    const [background, foreground] = [client('background'), client('foreground')]
    await foreground.query(`select 'page, first statement'`)
    // A background statement arrives at once; the page's second statement a moment later, within the linger.
    const waiting = background.query(`select 'background'`)
    await new Promise((resolve) => setTimeout(resolve, 20))
    await foreground.query(`select 'page, second statement'`)
    await waiting
    expect(ran.filter((sql) => sql.startsWith(`select '`))).toEqual([
      `select 'page, first statement'`,
      `select 'page, second statement'`,
      `select 'background'`,
    ])
  })

  it('rolls back the open transaction of a client that went away, and serves the others', async () => {
    const { client } = await setUp()
    const [doomed, other] = [client('background'), client('foreground')]
    const never = new Promise<void>(() => {})
    void doomed
      .transaction(async (tx) => {
        await tx.query(`insert into t values (1, 'half')`)
        await never
      })
      .catch(() => {})
    await new Promise((resolve) => setTimeout(resolve, 20))
    await doomed.close()
    expect(await other.query('select count(*)::int as n from t')).toEqual([{ n: 0 }])
    await other.query(`insert into t values (2, 'after')`)
    expect(await other.query('select who from t')).toEqual([{ who: 'after' }])
  })
})
