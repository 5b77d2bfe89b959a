import { removeOrphanedFiles } from '../projects/stored-files.server'

/**
 * Periodic clean-up by whatever runs tasks (the task thread, a worker process): files stored for uploads that never
 * became projects. Harmless when several workers do it at once.
 */
const EVERY_MS = 60 * 60 * 1000

export function startHousekeeping(log: (message: string) => void = (message) => console.log(`[housekeeping] ${message}`)): () => void {
  const run = () =>
    void removeOrphanedFiles()
      .then((removed) => removed > 0 && log(`removed ${removed} stored file(s) of uploads that never became projects`))
      .catch((error: unknown) => log(`could not clean up: ${String(error)}`))
  run()
  const timer = setInterval(run, EVERY_MS)
  timer.unref()
  return () => clearInterval(timer)
}
