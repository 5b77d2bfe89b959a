// Every worker thread of Tulks starts here (the database, task and helper threads, a TMX import's prepare thread): it runs the part of the built app
// its workerData names (app/lib/boot.server.ts runThread).
import { workerData } from 'node:worker_threads'

process.env.NODE_ENV ??= 'production'
const build = await import('./build/index.js')
await build.entry.module.runThread(workerData)
