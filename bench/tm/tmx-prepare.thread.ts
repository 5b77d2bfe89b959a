// bench/tm's TMX prepare thread, as the app runs it on PostgreSQL (app/lib/tm/tmx-prepare.server.ts), bundled beside
// run.ts by bench/built.mjs.
import { workerData } from 'node:worker_threads'
import { runTmxPrepareThread } from '../../app/lib/tm/tmx-prepare.server'

await runTmxPrepareThread(workerData)
