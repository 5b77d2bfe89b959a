import { MessageChannel, type MessagePort } from 'node:worker_threads'
import { hostDatabase, type Priority } from '../db/database-host.server'
import { openPgliteDirectory } from '../db/database.server'
import { pgliteCopier, pgliteRunner } from '../db/pglite-statements.server'
import { failThread, serveThread, startAppThread } from './app-thread.server'

/**
 * The embedded database in a thread of its own (docs/decisions/0013): PGlite runs its statements synchronously, so
 * on the request thread a task's write of 77,000 segments froze every page for as long. The other threads are its
 * clients (db/database-host.server.ts schedules them); the request thread never runs SQL itself.
 */
export interface DatabaseThread {
  /** A new client's port; the other end is attached in the database thread with `priority`. */
  connect(priority: Priority): MessagePort
  /** Closes the database (its files synced, its lock released) and ends the thread. */
  stop(): Promise<void>
}

/** Starts the thread and resolves once the database is open (or rejects with why it could not be). */
export async function startDatabaseThread(entry: URL, dataDir: string, onCrash: (error: Error) => void): Promise<DatabaseThread> {
  const thread = await startAppThread(entry, { role: 'database', dataDir }, [], onCrash, 30_000)
  return {
    connect(priority) {
      const { port1, port2 } = new MessageChannel()
      thread.post({ attach: port2, priority }, [port2])
      return port1
    },
    stop: () => thread.stop(),
  }
}

/** The thread's side: open the directory (taking its lock), serve clients until told to stop. */
export async function runDatabaseThread(data: { dataDir: string }): Promise<void> {
  let opened: Awaited<ReturnType<typeof openPgliteDirectory>>
  try {
    opened = await openPgliteDirectory(data.dataDir)
  } catch (error) {
    return failThread(error)
  }
  const host = hostDatabase(pgliteRunner(opened.pglite), { copy: pgliteCopier(opened.pglite) })
  serveThread(
    (message) => host.attach(message.attach as MessagePort, message.priority as Priority),
    async () => {
      await host.close()
      try {
        await opened.pglite.close()
      } finally {
        opened.release()
      }
    },
  )
}
