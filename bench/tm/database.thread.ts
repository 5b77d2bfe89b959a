// bench/tm's PGlite in a thread of its own, as the app runs it (docs/decisions/0013): the database thread of
// app/lib/threads, bundled beside run.ts by bench/built.mjs.
import { workerData } from 'node:worker_threads'
import { runDatabaseThread } from '../../app/lib/threads/database-thread.server'

await runDatabaseThread(workerData)
