import type { MessagePort } from 'node:worker_threads'
import { databaseOverPort } from '../db/database-client.server'
import { openDatabase, type Database } from '../db/database.server'

/**
 * How a worker thread reaches the database: as a background client of the database thread (embedded PGlite), or
 * through its own small pool (PostgreSQL).
 */
export type ThreadDatabase = { kind: 'port'; port: MessagePort } | { kind: 'postgres'; url: string; poolSize: number }

export function openThreadDatabase(database: ThreadDatabase): Promise<Database> {
  if (database.kind === 'port') return Promise.resolve(databaseOverPort(database.port))
  return openDatabase({ kind: 'postgres', url: database.url, poolSize: database.poolSize, keepOpen: true })
}

/** What has to be handed over with the thread's workerData. */
export function transferOf(database: ThreadDatabase): MessagePort[] {
  return database.kind === 'port' ? [database.port] : []
}
