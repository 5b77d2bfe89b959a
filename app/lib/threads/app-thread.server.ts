import fs from 'node:fs'
import os from 'node:os'
import { parentPort, Worker, type MessagePort, type TransferListItem } from 'node:worker_threads'

/**
 * What every Tulks worker thread shares (docs/decisions/0013): it starts from one entry module (thread.mjs, which runs
 * the part of the built app its workerData names), says when it is ready or why it could not start, stops when told
 * (or is ended after a grace period), and reports an unexpected end to the thread that started it.
 */
export type FromThread = { ready: true } | { failed: { name: string; message: string } } | { stopped: true }

export interface AppThread {
  post(message: unknown, transfer?: readonly TransferListItem[]): void
  stop(): Promise<void>
}

export async function startAppThread(
  entry: URL,
  workerData: unknown,
  transferList: readonly TransferListItem[],
  onCrash: (error: Error) => void,
  stopGraceMs = 10_000,
): Promise<AppThread> {
  const worker = new Worker(entry, { workerData, transferList: [...transferList] })
  let stopping = false
  await new Promise<void>((resolve, reject) => {
    worker.on('message', (message: FromThread) => {
      if ('ready' in message) resolve()
      if ('failed' in message) reject(Object.assign(new Error(message.failed.message), { name: message.failed.name }))
    })
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`A thread stopped as it started (exit code ${code}).`)))
  })
  worker.removeAllListeners()
  worker.on('error', (error) => {
    if (!stopping) onCrash(error)
  })
  worker.on('exit', (code) => {
    if (!stopping) onCrash(new Error(`exit code ${code}`))
  })
  return {
    post: (message, transfer) => worker.postMessage(message, transfer ? [...transfer] : undefined),
    async stop() {
      stopping = true
      let grace: NodeJS.Timeout | undefined
      const stopped = new Promise<void>((resolve) => {
        worker.on('message', (message: FromThread) => 'stopped' in message && resolve())
        worker.once('exit', () => resolve())
        grace = setTimeout(resolve, stopGraceMs)
      })
      worker.postMessage({ stop: true })
      await stopped
      clearTimeout(grace)
      await worker.terminate()
    },
  }
}

/** Inside a thread: the port to the thread that started it. */
export function startingThread(): MessagePort {
  if (!parentPort) throw new Error('This runs in a worker thread only.')
  return parentPort
}

/**
 * Inside a thread: answers `stop` by running `stop` and saying so; every other message goes to `receive`. Then
 * tells the starting thread it is ready.
 */
export function serveThread(receive: (message: Record<string, unknown>) => void, stop: () => Promise<void>): void {
  const port = startingThread()
  port.on('message', async (message: Record<string, unknown>) => {
    if (!message.stop) return receive(message)
    await stop()
    port.postMessage({ stopped: true } satisfies FromThread)
    port.close()
  })
  port.postMessage({ ready: true } satisfies FromThread)
}

/** Inside a thread: it could not start; the starting thread rethrows this. */
export function failThread(error: unknown): void {
  const { name, message } = error instanceof Error ? error : new Error(String(error))
  startingThread().postMessage({ failed: { name, message } } satisfies FromThread)
}

/** Background tasks run at the lowest priority of the process's threads (a TMX import's prepare thread too). */
export const BACKGROUND_NICENESS = 10

/**
 * Inside a thread: lowers this thread's scheduling priority (Linux niceness), so that on a busy machine the operating
 * system runs the request and database threads first and background CPU work in what is left. Linux gives each thread
 * its own niceness (/proc/thread-self names it); elsewhere this does nothing.
 */
export function lowerThreadPriority(niceness: number): void {
  try {
    const threadId = Number(fs.readlinkSync('/proc/thread-self').split('/').pop())
    if (Number.isInteger(threadId) && threadId > 0) os.setPriority(threadId, niceness)
  } catch {
    // Not Linux, or not allowed: the thread keeps the process's priority.
  }
}

/** The whole process's priority (a worker process): the same reasoning as lowerThreadPriority. */
export function lowerProcessPriority(niceness: number): void {
  try {
    os.setPriority(niceness)
  } catch {
    // Not allowed: the process keeps its priority.
  }
}
