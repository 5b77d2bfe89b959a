import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { engine, openTestDatabase } from '../../../test/database'
import { DataDirLockedError, openDatabase } from './database.server'

describe('database handle', () => {
  it('returns counts as numbers and timestamps as dates on both engines', async () => {
    const { database, dispose } = await openTestDatabase()
    try {
      const [row] = await database.query<{ count: unknown; at: unknown }>('select count(*) as count, now() as at from users')
      expect(row?.count).toBe(0)
      expect(row?.at).toBeInstanceOf(Date)
    } finally {
      await dispose()
    }
  })

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    const { database, dispose } = await openTestDatabase()
    try {
      await database.transaction((tx) => tx.query(`insert into users (email, name, password_hash) values ('a@b.lv', 'A', 'x')`))
      await expect(
        database.transaction(async (tx) => {
          await tx.query(`insert into users (email, name, password_hash) values ('b@b.lv', 'B', 'x')`)
          throw new Error('changed my mind')
        }),
      ).rejects.toThrow('changed my mind')
      const rows = await database.query<{ email: string }>('select email from users')
      expect(rows.map((r) => r.email)).toEqual(['a@b.lv'])
    } finally {
      await dispose()
    }
  })
})

describe('parameters and results, alike on both engines', () => {
  it('round-trips text, numbers, booleans, dates, bytes, JSON and arrays with quotes, backslashes and nulls', async () => {
    const { database, dispose } = await openTestDatabase()
    try {
      const at = new Date('2026-11-22T08:30:00.123Z')
      const bytes = new Uint8Array([0, 1, 254, 255])
      const [row] = await database.query<Record<string, unknown>>(
        `select $1::text as text, $2::integer as int, $3::float8 as float, $4::boolean as yes, $5::timestamptz as at,
                $6::bytea as bytes, $7::jsonb as json, $8::text[] as texts, $9::integer[] as ints, $10::text as nothing,
                $11::bigint as big`,
        [
          'ā "quoted" \\ back',
          42,
          1.5,
          false,
          at,
          bytes,
          JSON.stringify({ a: [1, 'ē'] }),
          ['a"b', 'c\\d', null, '', 'NULL', ' x ,y}'],
          [3, 1, 2],
          null,
          2 ** 40,
        ],
      )
      expect(row).toEqual({
        text: 'ā "quoted" \\ back',
        int: 42,
        float: 1.5,
        yes: false,
        at,
        bytes: expect.anything(),
        json: { a: [1, 'ē'] },
        texts: ['a"b', 'c\\d', null, '', 'NULL', ' x ,y}'],
        ints: [3, 1, 2],
        nothing: null,
        big: 2 ** 40,
      })
      expect([...(row!.bytes as Uint8Array)]).toEqual([0, 1, 254, 255])
    } finally {
      await dispose()
    }
  })

  it('reports a failed statement with its SQLSTATE and goes on with the next', async () => {
    const { database, dispose } = await openTestDatabase()
    try {
      await database.query(`insert into users (email, name, password_hash) values ('a@b.lv', 'A', 'x')`)
      const failed = await database
        .query(`insert into users (id, email, name, password_hash) overriding system value select id, email, name, password_hash from users`)
        .catch((error) => error)
      expect(failed).toMatchObject({ code: '23505' })
      await expect(database.transaction((tx) => tx.query('select * from no_such_table'))).rejects.toMatchObject({ code: '42P01' })
      expect(await database.query('select count(*)::integer as n from users')).toEqual([{ n: 1 }])
    } finally {
      await dispose()
    }
  })

  it('orders a statement outside a transaction after the transaction open at the time', async () => {
    const { database, dispose } = await openTestDatabase()
    try {
      let release!: () => void
      const held = new Promise<void>((resolve) => (release = resolve))
      const transaction = database.transaction(async (tx) => {
        await tx.query(`insert into users (email, name, password_hash) values ('t@b.lv', 'T', 'x')`)
        await held
        throw new Error('rolled back')
      })
      await new Promise((resolve) => setTimeout(resolve, 20))
      const outside = database.query<{ n: number }>('select count(*)::integer as n from users')
      release()
      await expect(transaction).rejects.toThrow('rolled back')
      // Had it run inside the open transaction it would have counted the uncommitted row.
      expect(await outside).toEqual([{ n: 0 }])
    } finally {
      await dispose()
    }
  })
})

describe.runIf(engine() === 'pglite')('embedded data directory', () => {
  it('keeps data across restarts and refuses a second process while one has it open', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tulks-lock-'))
    try {
      const database = await openDatabase({ kind: 'pglite', dataDir })
      await database.query('create table kept (value text)')
      await database.query(`insert into kept values ('still here')`)
      const lockFile = path.join(dataDir, 'db.lock')
      expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid))
      fs.writeFileSync(lockFile, String(process.ppid))
      await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toBeInstanceOf(DataDirLockedError)
      fs.writeFileSync(lockFile, String(process.pid))
      await database.close()
      expect(fs.existsSync(lockFile)).toBe(false)

      // A lock left by a process that died is taken over.
      fs.writeFileSync(lockFile, '999999999')
      const reopened = await openDatabase({ kind: 'pglite', dataDir })
      expect(await reopened.query('select value from kept')).toEqual([{ value: 'still here' }])
      await reopened.close()
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe.runIf(engine() === 'postgres')("a server's PostgreSQL pool", () => {
  it('opens every connection before the first request, and refuses to start when it cannot', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!)
    const name = `tulks_pool_${process.pid}_${Date.now()}`
    url.searchParams.set('application_name', name)
    const admin = await openDatabase({ kind: 'postgres', url: process.env.TEST_DATABASE_URL!, poolSize: 1 })
    const connections = async () =>
      (await admin.query<{ n: number }>('select count(*) as n from pg_stat_activity where application_name = $1', [name]))[0]?.n
    try {
      const server = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 3, keepOpen: true })
      expect(await connections()).toBe(3)
      await server.close()
      // A closed connection's backend leaves pg_stat_activity a moment later.
      await expect.poll(connections, { timeout: 5_000 }).toBe(0)
      const script = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 3 })
      expect(await connections()).toBe(0)
      await script.close()

      const nowhere = new URL(url)
      nowhere.port = '1'
      await expect(openDatabase({ kind: 'postgres', url: nowhere.toString(), poolSize: 2, keepOpen: true })).rejects.toThrow()
    } finally {
      await admin.close()
    }
  })
})
