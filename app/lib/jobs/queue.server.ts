import { db } from '../db/db.server'
import type { Queryable } from '../db/database.server'

/**
 * The durable task queue (DESIGN "Data flow"): rows in `tasks`, claimed under a lease with
 * FOR UPDATE SKIP LOCKED so that several workers (several app instances on one PostgreSQL) never take the
 * same task, retried with exponential back-off, and picked up again when a worker dies (its lease runs out).
 */
export type TaskKind = 'convert' | 'analyse' | 'pretranslate' | 'tmx-import' | 'purge-project' | 'purge-memory' | 'index-memory' | 'index-image' | 'purge-glossary' | 'glossary-import' | 'qa-check' | 'exchange-import' | 'replace'

export interface Task {
  id: number
  kind: TaskKind
  projectId: number | null
  payload: Record<string, unknown>
  attempts: number
  maxAttempts: number
}

const taskColumns = `id, kind, project_id as "projectId", payload, attempts, max_attempts as "maxAttempts"`

export async function enqueue(
  tx: Queryable,
  task: { kind: TaskKind; projectId?: number; payload?: Record<string, unknown>; maxAttempts?: number },
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `insert into tasks (kind, project_id, payload, max_attempts) values ($1, $2, $3, $4) returning id`,
    [task.kind, task.projectId ?? null, JSON.stringify(task.payload ?? {}), task.maxAttempts ?? 5],
  )
  return row!.id
}

/** Takes the oldest runnable task — queued and due, or running under a lease that ran out. */
export async function claim(workerId: string, leaseMs: number): Promise<Task | undefined> {
  const [task] = await db().query<Task>(
    `update tasks set status = 'running', attempts = attempts + 1, locked_by = $1,
            locked_until = now() + make_interval(secs => $2), updated_at = now()
      where id = (
        select id from tasks
         where (status = 'queued' and run_after <= now())
            or (status = 'running' and locked_until < now())
         order by run_after, id
         for update skip locked
         limit 1)
      returning ${taskColumns}`,
    [workerId, leaseMs / 1000],
  )
  return task
}

/** Extends the lease of a task this worker still holds; false when it lost it. */
export async function renewLease(taskId: number, workerId: string, leaseMs: number): Promise<boolean> {
  const rows = await db().query(
    `update tasks set locked_until = now() + make_interval(secs => $3), updated_at = now()
      where id = $1 and locked_by = $2 and status = 'running' returning id`,
    [taskId, workerId, leaseMs / 1000],
  )
  return rows.length > 0
}

export async function complete(taskId: number, workerId: string): Promise<void> {
  await db().query(
    `update tasks set status = 'done', locked_by = null, locked_until = null, updated_at = now()
      where id = $1 and locked_by = $2`,
    [taskId, workerId],
  )
}

/** Back-off before attempt n+1: 2, 4, 8 … seconds, at most 5 minutes. */
export function backoffSeconds(attempts: number): number {
  return Math.min(300, 2 ** attempts)
}

/**
 * Records a failure: the task is queued again after a back-off, or — out of attempts, or `permanent` —
 * marked failed. Returns which.
 */
export async function fail(
  task: Task,
  workerId: string,
  error: string,
  permanent: boolean,
): Promise<'retry' | 'failed'> {
  const giveUp = permanent || task.attempts >= task.maxAttempts
  await db().query(
    `update tasks set status = $3, last_error = $4, locked_by = null, locked_until = null,
            run_after = now() + make_interval(secs => $5), updated_at = now()
      where id = $1 and locked_by = $2`,
    [task.id, workerId, giveUp ? 'failed' : 'queued', error.slice(0, 2000), giveUp ? 0 : backoffSeconds(task.attempts)],
  )
  return giveUp ? 'failed' : 'retry'
}

/**
 * With the embedded database only this process can hold tasks, so anything still marked running was cut off
 * by a crash or restart: make it runnable now instead of waiting for its lease.
 */
export async function releaseAbandoned(): Promise<number> {
  const rows = await db().query(
    `update tasks set status = 'queued', locked_by = null, locked_until = null, run_after = now(), updated_at = now()
      where status = 'running' returning id`,
  )
  return rows.length
}

export async function pendingTaskCount(): Promise<number> {
  const [row] = await db().query<{ count: number }>(`select count(*) as count from tasks where status in ('queued', 'running')`)
  return row?.count ?? 0
}
