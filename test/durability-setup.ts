import fs from 'node:fs'
import { afterAll, beforeAll } from 'vitest'
import { createUser } from '~/lib/auth/users.server'
import type { Database } from '~/lib/db/database.server'
import { setDatabase } from '~/lib/db/db.server'
import { migrate } from '~/lib/db/migrate.server'
import { databaseForProcesses, engine } from './database'

/**
 * What the durability tests share (issue 15 "durability": the real server, and on PostgreSQL the real worker
 * process, killed with SIGKILL at random moments): a database the servers they start open, with one translator.
 * The kills during confirms and the kills of background tasks are two files, so that vitest runs them side by side.
 */
export const PASSWORD = 'kill me softly, twenty times'
export const LINES = fs
  .readFileSync(new URL('../../shared/samples/parallel/en-lv/tatoeba_laser.en-lv.en', import.meta.url), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line.length > 0)
export const TARGETS = fs
  .readFileSync(new URL('../../shared/samples/parallel/en-lv/tatoeba_laser.en-lv.lv', import.meta.url), 'utf8')
  .split('\n')
  .map((line) => line.trim())

export interface DurableDatabase {
  /** How servers started for the test reach the database (environment variables). */
  readonly env: Record<string, string>
  /** Opens the database while no server holds it (PGlite: one process at a time). */
  open(): Promise<Database>
  /** The translator's email address (password PASSWORD). */
  readonly email: string
  /** Runs `work` on the database opened while no server holds it, and closes it. */
  inspect<T>(work: (database: Database) => Promise<T>): Promise<T>
}

/** A database of its own for the test file, migrated, with one translator: made before its tests, removed after. */
export function durableDatabase(prefix: string): DurableDatabase {
  let where: Awaited<ReturnType<typeof databaseForProcesses>> | undefined
  const email = `${prefix}-${engine()}@example.lv`
  const ready = () => {
    if (!where) throw new Error('The durable database is made before the tests.')
    return where
  }
  beforeAll(async () => {
    where = await databaseForProcesses(prefix)
    const database = await where.open()
    await migrate(database)
    setDatabase(database)
    const user = await createUser({ email, name: 'Dace Durable', password: PASSWORD })
    if (!user.ok) throw new Error('no user')
    setDatabase(undefined)
    await database.close()
  }, 60_000)
  afterAll(() => where?.dispose())
  return {
    get env() {
      return ready().env
    },
    open: () => ready().open(),
    email,
    async inspect(work) {
      const database = await ready().open()
      try {
        return await work(database)
      } finally {
        await database.close()
      }
    },
  }
}
