import path from 'node:path'
import { getEnv, type Env } from './env.server'
import { databaseOverPort } from './db/database-client.server'
import { connectDatabase, disconnectDatabase, adoptDatabase } from './db/db.server'
import { releaseAbandoned } from './jobs/queue.server'
import { startHousekeeping } from './jobs/housekeeping.server'
import { allTaskHandlers } from './jobs/task-handlers.server'
import { setWorkerWaker } from './jobs/wake.server'
import { startDatabaseThread, runDatabaseThread, type DatabaseThread } from './threads/database-thread.server'
import { runHelperThread, startHelperThread, stopHelperThread } from './threads/helper-thread.server'
import { runTaskThread, startTaskThread, type TaskThread } from './threads/task-thread.server'
import { BACKGROUND_NICENESS, lowerProcessPriority } from './threads/app-thread.server'
import { runTmxPrepareThread, setTmxPrepareEntry, type PrepareThreadData } from './tm/tmx-prepare.server'
import type { ThreadDatabase } from './threads/thread-database.server'
import { startWorker, type Worker } from './jobs/worker.server'
import { cultureCookie } from './i18n/i18n.server'
import { resources } from './i18n/resources.server'
import { defaultLanguage } from './i18n/config'
import { securityHeaders } from './http/security-headers'
import { isForeignOrigin } from './http/origin'
import { rememberRouteMatches, rememberServerRoutes } from './http/route-matching.server'

/**
 * What server.mjs needs from the app before it listens: validated configuration, an open and migrated database,
 * and the threads that keep slow work off the request thread (DESIGN "Scale", docs/decisions/0013):
 *
 * - embedded PGlite: a database thread owns it; every other thread is its client;
 * - a task thread for background tasks (not with WORKER=false: a web-only instance, `npm run worker` processes take
 *   the tasks);
 * - a helper thread for what a request asks that takes CPU: translated documents, TMX exports, uploaded files.
 *
 * Errors thrown here are meant for the operator and are printed without a stack.
 */
export interface BootOptions {
  /** The module every worker thread starts with (thread.mjs beside server.mjs); it calls `runThread`. */
  threadEntry: URL
}

let databaseThread: DatabaseThread | undefined
let taskThread: TaskThread | undefined
let processWorker: Worker | undefined
let stopping = false

const THREAD_RESTART_MS = 1_000

export async function boot(options: BootOptions): Promise<Env> {
  const env = getEnv()
  rememberRouteMatches()
  rememberServerRoutes()
  let threadDatabase: () => ThreadDatabase
  if (env.DATABASE_URL) {
    await connectDatabase(env, { server: true })
    const url = env.DATABASE_URL
    threadDatabase = () => ({ kind: 'postgres', url, poolSize: Math.min(4, env.DATABASE_POOL_SIZE) })
  } else {
    const thread = await startDatabaseThread(options.threadEntry, path.resolve(env.DATA_DIR), (error) => {
      // Nothing works without the database: stop, and let the service manager start the server again.
      console.error(`Tulks stopped: the database thread failed. ${error.message}`)
      process.exit(1)
    })
    databaseThread = thread
    await adoptDatabase(databaseOverPort(thread.connect('foreground')))
    threadDatabase = () => ({ kind: 'port', port: thread.connect('background') })
  }
  await startHelper(options.threadEntry, threadDatabase)
  if (env.WORKER) await startTasks(options.threadEntry, threadDatabase, !env.DATABASE_URL)
  return env
}

/** The helper thread; if it dies, its work is done here until it is back. */
async function startHelper(entry: URL, database: () => ThreadDatabase): Promise<void> {
  await startHelperThread(entry, database(), (error) => {
    console.error(`[helper] the helper thread stopped (${error.message}); starting a new one`)
    restartLater(() => startHelper(entry, database))
  })
}

function restartLater(start: () => Promise<void>) {
  setTimeout(() => {
    if (!stopping) void start().catch((failure: unknown) => console.error('[threads] could not restart a thread:', failure))
  }, THREAD_RESTART_MS)
}

/**
 * The task thread. With the embedded database only this process holds tasks, so whatever a crash or a killed thread
 * left "running" can start again at once; on PostgreSQL another worker takes it when its lease runs out.
 */
async function startTasks(entry: URL, database: () => ThreadDatabase, ownsTasks: boolean): Promise<void> {
  if (ownsTasks) await releaseAbandoned()
  taskThread = await startTaskThread(entry, database(), (error) => {
    console.error(`[worker] the task thread stopped (${error.message}); starting a new one`)
    taskThread = undefined
    setWorkerWaker(undefined)
    restartLater(() => startTasks(entry, database, ownsTasks))
  })
  setWorkerWaker(() => taskThread?.wake())
}

/** `npm run worker`: background tasks only, in this process's own thread, on PostgreSQL. */
export async function bootWorkerProcess(options: BootOptions): Promise<Env> {
  const env = getEnv()
  if (!env.DATABASE_URL) {
    throw new Error(
      'A separate worker process needs PostgreSQL (DATABASE_URL). With the embedded database, `npm start` runs the ' +
        'background tasks itself, in a thread of its own.',
    )
  }
  await connectDatabase(env, { server: true })
  // Beside web instances on one machine, background work takes the CPU they leave (on a machine of its own this
  // changes nothing): the same niceness as the task thread of `npm start`.
  lowerProcessPriority(BACKGROUND_NICENESS)
  setTmxPrepareEntry(options.threadEntry, env.TMX_PREPARE_THREAD_MB * 1024 * 1024)
  processWorker = startWorker({ handlers: allTaskHandlers, leaseMs: env.TASK_LEASE_SECONDS * 1000, pollMs: env.WORKER_POLL_MS })
  startHousekeeping()
  return env
}

/** What a worker thread runs (thread.mjs calls this with the thread's workerData). */
export async function runThread(
  data:
    | { role: 'database'; dataDir: string }
    | { role: 'helper'; database: ThreadDatabase }
    | { role: 'tasks'; database: ThreadDatabase; threadEntry: string }
    | PrepareThreadData,
): Promise<void> {
  if (data.role === 'database') return runDatabaseThread(data)
  if (data.role === 'tmx-prepare') return runTmxPrepareThread(data)
  if (data.role === 'helper') return runHelperThread(data)
  return runTaskThread(data)
}

export async function shutdown(): Promise<void> {
  stopping = true
  setWorkerWaker(undefined)
  await taskThread?.stop()
  await stopHelperThread()
  await processWorker?.stop()
  taskThread = undefined
  processWorker = undefined
  await disconnectDatabase()
  await databaseThread?.stop()
  databaseThread = undefined
}

/** The translated SPEC §8 "403" text for a refused request that never reaches a route. */
export async function forbiddenText(cookieHeader: string | undefined): Promise<string> {
  const language = cultureCookie.parse(cookieHeader) ?? defaultLanguage
  const common = resources[language]?.common as { errors?: { unexpected?: string } } | undefined
  return common?.errors?.unexpected ?? 'Forbidden'
}

/** Extra form-action targets the CSP must allow: an external sign-in address. */
export function formTargets(env: Env): string[] {
  return /^https?:\/\//.test(env.SIGN_IN_URL) ? [new URL(env.SIGN_IN_URL).origin] : []
}

export { securityHeaders, isForeignOrigin }
export { addressWithoutNul } from './http/address'
