import path from 'node:path'
import type { Env } from '../env.server'
import { openDatabase, type Database, type DatabaseLocation } from './database.server'
import { migrate } from './migrate.server'

let current: Database | undefined

/** The app's one database handle; `connectDatabase` (at start) or a test opens it first. */
export function db(): Database {
  if (!current) throw new Error('The database is not open: the server opens it at start.')
  return current
}

export function locationFromEnv(env: Env, options: { server?: boolean } = {}): DatabaseLocation {
  return env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE, keepOpen: options.server }
    : { kind: 'pglite', dataDir: path.resolve(env.DATA_DIR) }
}

/**
 * Opens the configured database in this thread and brings its schema up to date; a server (web instance, worker
 * process) keeps its PostgreSQL connections open.
 */
export async function connectDatabase(env: Env, options: { server?: boolean } = {}): Promise<Database> {
  return adoptDatabase(await openDatabase(locationFromEnv(env, options)))
}

/** Brings an open database's schema up to date and makes it the app's handle; closes it if migrating fails. */
export async function adoptDatabase(database: Database): Promise<Database> {
  try {
    await migrate(database)
  } catch (error) {
    await database.close()
    throw error
  }
  current = database
  return database
}

/** Lets tests and scripts hand in a database they opened themselves. */
export function setDatabase(database: Database | undefined) {
  current = database
}

export async function disconnectDatabase() {
  const open = current
  current = undefined
  await open?.close()
}
