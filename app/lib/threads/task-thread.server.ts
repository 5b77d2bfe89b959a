import { setDatabase } from '../db/db.server'
import { getEnv } from '../env.server'
import { startHousekeeping } from '../jobs/housekeeping.server'
import { allTaskHandlers } from '../jobs/task-handlers.server'
import { startWorker } from '../jobs/worker.server'
import { BACKGROUND_NICENESS, lowerThreadPriority, serveThread, startAppThread } from './app-thread.server'
import { setTmxPrepareEntry } from '../tm/tmx-prepare.server'
import { openThreadDatabase, transferOf, type ThreadDatabase } from './thread-database.server'

/**
 * Background tasks in a thread of their own (DESIGN "Scale", docs/decisions/0013): conversion, segmentation,
 * analysis, pretranslation and TMX import take seconds of CPU, which on the request thread froze every page.
 * `npm run worker` runs the same loop in a process of its own.
 */
export interface TaskThread {
  /** A task was queued in this process: look now rather than at the next poll. */
  wake(): void
  /** Lets the task in hand finish, for up to 10 s; after that the thread ends and the task runs again later. */
  stop(): Promise<void>
}

export async function startTaskThread(entry: URL, database: ThreadDatabase, onCrash: (error: Error) => void): Promise<TaskThread> {
  const thread = await startAppThread(entry, { role: 'tasks', database, threadEntry: entry.href }, transferOf(database), onCrash)
  return { wake: () => thread.post({ wake: true }), stop: () => thread.stop() }
}


/** The thread's side. */
export async function runTaskThread(data: { database: ThreadDatabase; threadEntry: string }): Promise<void> {
  lowerThreadPriority(BACKGROUND_NICENESS)
  const env = getEnv()
  // A TMX import on PostgreSQL starts its prepare thread from the same module.
  setTmxPrepareEntry(new URL(data.threadEntry), env.TMX_PREPARE_THREAD_MB * 1024 * 1024)
  const database = await openThreadDatabase(data.database)
  setDatabase(database)
  const worker = startWorker({ handlers: allTaskHandlers, leaseMs: env.TASK_LEASE_SECONDS * 1000, pollMs: env.WORKER_POLL_MS })
  const stopHousekeeping = startHousekeeping()
  serveThread(
    (message) => {
      if (message.wake) worker.wake()
    },
    async () => {
      stopHousekeeping()
      await worker.stop()
      setDatabase(undefined)
      await database.close()
    },
  )
}
