import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, inject } from 'vitest'
import { openDatabase, type Database } from '~/lib/db/database.server'
import { setDatabase } from '~/lib/db/db.server'
import { migrate } from '~/lib/db/migrate.server'

/**
 * A fresh, migrated database for one test file, on the engine this run targets: PGlite by default,
 * PostgreSQL when TEST_DATABASE_URL is set (each file gets its own schema, dropped afterwards).
 */
export function engine(): 'pglite' | 'postgres' {
  return process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'
}

export async function openTestDatabase(): Promise<{ database: Database; dispose: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL
  if (url) {
    const schema = `test_${crypto.randomBytes(6).toString('hex')}`
    const admin = await openDatabase({ kind: 'postgres', url, poolSize: 1 })
    await admin.query(`create schema ${schema}`)
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 4, schema })
    await migrate(database)
    return {
      database,
      dispose: async () => {
        await database.close()
        await admin.query(`drop schema ${schema} cascade`)
        await admin.close()
      },
    }
  }
  const template = fs.readFileSync(inject('pgliteTemplate'))
  const database = await openDatabase({ kind: 'pglite-memory', image: new Blob([template]) })
  await migrate(database)
  return { database, dispose: () => database.close() }
}

/** Opens a test database for the file and makes it the app's database. */
export function withTestDatabase(): { current: () => Database } {
  let opened: Awaited<ReturnType<typeof openTestDatabase>> | undefined
  beforeAll(async () => {
    opened = await openTestDatabase()
    setDatabase(opened.database)
  })
  afterAll(async () => {
    setDatabase(undefined)
    await opened?.dispose()
  })
  return {
    current: () => {
      if (!opened) throw new Error('test database not open yet')
      return opened.database
    },
  }
}

/**
 * A fresh database that a child process can open too (the CLI, a worker process): a PGlite directory, or a
 * PostgreSQL schema named in DATABASE_URL's `options`. `env` is what the child needs; `open` opens it here.
 */
export async function databaseForProcesses(prefix: string): Promise<{
  env: Record<string, string>
  open: () => Promise<Database>
  dispose: () => Promise<void>
}> {
  const url = process.env.TEST_DATABASE_URL
  if (url) {
    const schema = `${prefix}_${crypto.randomBytes(5).toString('hex')}`
    const admin = await openDatabase({ kind: 'postgres', url, poolSize: 1 })
    await admin.query(`create schema ${schema}`)
    const withSchema = new URL(url)
    withSchema.searchParams.set('options', `-c search_path=${schema}`)
    return {
      env: { DATABASE_URL: withSchema.toString() },
      open: () => openDatabase({ kind: 'postgres', url, poolSize: 2, schema }),
      dispose: async () => {
        await admin.query(`drop schema ${schema} cascade`)
        await admin.close()
      },
    }
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tulks-${prefix}-`))
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    open: () => openDatabase({ kind: 'pglite', dataDir }),
    dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  }
}
