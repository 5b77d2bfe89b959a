import os from 'node:os'
import crypto from 'node:crypto'
import { claim, complete, fail, renewLease, type Task, type TaskKind } from './queue.server'

/** A failure that retrying cannot fix (a broken file): the task fails at once. */
export class PermanentTaskError extends Error {
  constructor(message: string, readonly code?: string) {
    super(message)
    this.name = 'PermanentTaskError'
  }
}

export interface TaskHandler {
  run(task: Task): Promise<void>
  /** Called once when the task has failed for good (out of attempts or permanent). */
  giveUp?(task: Task, error: unknown): Promise<void>
}

export interface WorkerOptions {
  handlers: Partial<Record<TaskKind, TaskHandler>>
  id?: string
  /** How long a claimed task stays ours without a heartbeat; renewed every third of it. */
  leaseMs?: number
  /** How often an idle worker looks for work (it is also woken at once by `wake()`). */
  pollMs?: number
  log?: (message: string) => void
}

export interface Worker {
  readonly id: string
  /** Looks for work now (called after a task is queued in this process). */
  wake(): void
  /** Stops taking tasks and waits for the current one to finish. */
  stop(): Promise<void>
  /** Resolves when the worker has no task in hand and none is runnable (tests). */
  idle(): Promise<void>
}

export function startWorker(options: WorkerOptions): Worker {
  const id = options.id ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`
  const leaseMs = options.leaseMs ?? 60_000
  const pollMs = options.pollMs ?? 1_000
  const log = options.log ?? ((message: string) => console.log(`[worker] ${message}`))
  let running = true
  let wakeUp: (() => void) | undefined
  let idleWaiters: (() => void)[] = []

  async function runOne(task: Task) {
    const handler = options.handlers[task.kind]
    const heartbeat = setInterval(() => void renewLease(task.id, id, leaseMs).catch(() => {}), leaseMs / 3)
    try {
      if (!handler) throw new PermanentTaskError(`no handler for task kind ${task.kind}`)
      await handler.run(task)
      await complete(task.id, id)
    } catch (error) {
      const permanent = error instanceof PermanentTaskError
      const outcome = await fail(task, id, error instanceof Error ? error.message : String(error), permanent)
      log(`task ${task.id} (${task.kind}) failed, ${outcome === 'retry' ? 'will retry' : 'gave up'}: ${String(error)}`)
      if (outcome === 'failed') await handler?.giveUp?.(task, error)
    } finally {
      clearInterval(heartbeat)
    }
  }

  const loop = (async () => {
    while (running) {
      let task: Task | undefined
      try {
        task = await claim(id, leaseMs)
      } catch (error) {
        log(`could not claim a task: ${String(error)}`)
      }
      if (task) {
        await runOne(task).catch((error: unknown) => log(`task ${task.id} crashed the worker loop: ${String(error)}`))
        continue
      }
      for (const resolve of idleWaiters) resolve()
      idleWaiters = []
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs)
        wakeUp = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      wakeUp = undefined
    }
  })()

  return {
    id,
    wake: () => wakeUp?.(),
    async stop() {
      running = false
      wakeUp?.()
      await loop
    },
    idle() {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve)
        wakeUp?.()
      })
    },
  }
}
