// `npm run worker`: a Tulks process that only runs background tasks (conversion, analysis, pretranslation, TMX import
// and export), for scaling out on PostgreSQL beside web instances started with WORKER=false.
process.env.NODE_ENV ??= 'production'
const build = await import('./build/index.js')
const app = build.entry.module

try {
  await app.bootWorkerProcess({ threadEntry: new URL('./thread.mjs', import.meta.url) })
} catch (error) {
  console.error(`The Tulks worker could not start.\n${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
console.log('Tulks worker is running (PostgreSQL); it takes background tasks until stopped.')

let stopping = false
async function stop(signal) {
  if (stopping) return
  stopping = true
  console.log(`Tulks worker is stopping (${signal}).`)
  await app.shutdown().catch((error) => console.error(error))
  process.exit(0)
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))
