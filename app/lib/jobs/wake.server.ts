/**
 * Wakes this process's task worker after a request queued a task, so it starts at once instead of on its next poll
 * (workers in other processes find it when they poll). Call it after the transaction that queued the task has
 * committed. Without a worker in this process (WORKER=false, tests) it does nothing.
 */
let waker: (() => void) | undefined

export function setWorkerWaker(wake: (() => void) | undefined): void {
  waker = wake
}

export function wakeWorker(): void {
  waker?.()
}
