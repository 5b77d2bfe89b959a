import crypto from 'node:crypto'
import fs from 'node:fs'
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
