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
