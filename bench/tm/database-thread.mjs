// bench/tm's PGlite in a thread of its own, as the app runs it (docs/decisions/0013): the database thread of
// app/lib/threads, run from source through tsx's loader.
import { workerData } from 'node:worker_threads'
import { tsImport } from 'tsx/esm/api'

const { runDatabaseThread } = await tsImport('../../app/lib/threads/database-thread.server.ts', import.meta.url)
await runDatabaseThread(workerData)
