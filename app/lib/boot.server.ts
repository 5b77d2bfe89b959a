import { getEnv, type Env } from './env.server'
import { connectDatabase, disconnectDatabase } from './db/db.server'
import { releaseAbandoned } from './jobs/queue.server'
import { startWorker, type Worker } from './jobs/worker.server'
import { taskHandlers } from './projects/pipeline.server'
import { tmxImportHandlers } from './tm/tmx-import.server'
import { cultureCookie } from './i18n/i18n.server'
import { resources } from './i18n/resources.server'
import { defaultLanguage, isSupportedLanguage } from './i18n/config'
import { securityHeaders } from './http/security-headers'
import { isForeignOrigin } from './http/origin'

/**
 * What server.mjs needs from the app before it listens: validated configuration, an open and migrated
 * database. Errors thrown here are meant for the operator and are printed without a stack.
 */
let worker: Worker | undefined

export async function boot(): Promise<Env> {
  const env = getEnv()
  const database = await connectDatabase(env)
  if (env.WORKER) {
    // Only this process can own an embedded database, so its unfinished tasks can resume at once.
    if (database.kind === 'pglite') await releaseAbandoned()
    worker = startWorker({ handlers: { ...taskHandlers, ...tmxImportHandlers }, leaseMs: env.TASK_LEASE_SECONDS * 1000, pollMs: env.WORKER_POLL_MS })
  }
  return env
}

/** Wakes this process's worker after a task was queued here (others find it on their next poll). */
export function wakeWorker(): void {
  worker?.wake()
}

export async function shutdown(): Promise<void> {
  await worker?.stop()
  worker = undefined
  await disconnectDatabase()
}

/** The translated SPEC §8 "403" text for a refused request that never reaches a route. */
export async function forbiddenText(cookieHeader: string | undefined): Promise<string> {
  const chosen: unknown = await cultureCookie.parse(cookieHeader ?? null)
  const language = isSupportedLanguage(chosen) ? chosen : defaultLanguage
  const common = resources[language]?.common as { errors?: { unexpected?: string } } | undefined
  return common?.errors?.unexpected ?? 'Forbidden'
}

/** Extra form-action targets the CSP must allow: an external sign-in address. */
export function formTargets(env: Env): string[] {
  return /^https?:\/\//.test(env.SIGN_IN_URL) ? [new URL(env.SIGN_IN_URL).origin] : []
}

export { securityHeaders, isForeignOrigin }
