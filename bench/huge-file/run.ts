/**
 * bench/huge-file (issue 50, point 7): a 20 MB text file with no sentence end, uploaded, converted and opened in the
 * translator by one user while another user keeps asking for pages — the other user's p95 beside their p95 on the idle
 * server in the same run. (The figures before the fix: one 20 MB segment, a 60 MB page in 16.8 s, the other
 * user's /profile in 14.6 s.)
 *
 *   npx remix build && npx tsx bench/huge-file/run.ts [--megabytes 20] [--opens 10]
 *
 * PGlite in a temporary DATA_DIR by default; PostgreSQL (a temporary schema) when DATABASE_URL is set.
 */
import os from 'node:os'
import { createUser } from '../../app/lib/auth/users.server'
import { setDatabase } from '../../app/lib/db/db.server'
import { migrate } from '../../app/lib/db/migrate.server'
import { requireBuild, startServer } from '../app-server'
import { numberFlag, percentile } from '../measure'
import { printTable, times } from '../print'
import { signIn } from '../translator/client'
import { benchDatabase } from '../translator/project'

const MEGABYTES = numberFlag('--megabytes', 20)
const OPENS = numberFlag('--opens', 10)
const UPLOADER = { email: 'uploader@example.org', name: 'Uploader', password: 'bench-password-1' }
const OTHER = { email: 'other@example.org', name: 'Other', password: 'bench-password-2' }
/** The other user's pace: a page, then this long reading it. */
const THINK_MS = 50

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0))

/** The other user's pages (the file list, their profile) while `during` runs; the times of each. */
async function otherUserWhile(origin: string, cookie: string, during: () => Promise<void>): Promise<number[]> {
  const answered: number[] = []
  let going = true
  const pages = ['/profile', '/']
  const loop = (async () => {
    for (let n = 0; going; n++) {
      const started = performance.now()
      const response = await fetch(`${origin}${pages[n % pages.length]}`, { headers: { Cookie: cookie } })
      await response.arrayBuffer()
      answered.push(performance.now() - started)
      await sleep(THINK_MS)
    }
  })()
  try {
    await during()
  } finally {
    going = false
    await loop
  }
  return answered
}

async function post(origin: string, cookie: string, path: string, fields: Record<string, string>) {
  const response = await fetch(`${origin}${path}`, { method: 'POST', headers: { Cookie: cookie, Origin: origin }, body: new URLSearchParams(fields) })
  return (await response.json()) as Record<string, unknown>
}

async function main() {
  requireBuild()
  const database = await benchDatabase()
  console.log(`bench/huge-file — ${os.cpus().length} CPU (${os.cpus()[0]?.model.trim()}), Node ${process.version}, ${new Date().toISOString()}`)
  console.log(`Engine: ${database.engine}; a ${MEGABYTES} MB one-line text, opened ${OPENS} times.`)
  console.log(`Load average at start: ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}\n`)
  const opened = await database.open()
  setDatabase(opened)
  await migrate(opened)
  for (const user of [UPLOADER, OTHER]) await createUser(user)
  setDatabase(undefined)
  await opened.close()
  const server = await startServer({ ...database.serverEnv, UPLOAD_MAX_MB: String(MEGABYTES + 10) }, 3997)
  try {
    const uploader = await signIn(server.origin, UPLOADER.email, UPLOADER.password)
    const other = await signIn(server.origin, OTHER.email, OTHER.password)
    const idle = await otherUserWhile(server.origin, other, async () => {
      await sleep(10_000)
    })

    const words = Array.from({ length: Math.ceil((MEGABYTES * 1024 * 1024) / 8) }, (_, n) => `vārds${n % 100}`).join(' ')
    let project = { projectId: '', projectPassword: '' }
    let convertMs = 0
    const converting = await otherUserWhile(server.origin, other, async (): Promise<void> => {
      const started = performance.now()
      const form = new FormData()
      form.set('source_language', 'en')
      form.set('target_language', 'lv')
      form.append('files', new Blob([words]), 'rinda.txt')
      const upload = (await (await fetch(`${server.origin}/files/upload`, { method: 'POST', headers: { Cookie: uploader, Origin: server.origin }, body: form })).json()) as {
        data?: { id_project: number; password: string }
      }
      if (!upload.data) throw new Error('the upload was refused')
      project = { projectId: String(upload.data.id_project), projectPassword: upload.data.password }
      while ((await post(server.origin, uploader, '/files/analysis', project)).status !== 'DONE') await sleep(200)
      convertMs = performance.now() - started
    })
    const info = (await post(server.origin, uploader, '/files/analysis', project)) as { segmentCount: number }

    const openTimes: number[] = []
    let pageBytes = 0
    const opening = await otherUserWhile(server.origin, other, async () => {
      for (let n = 0; n < OPENS; n++) {
        const started = performance.now()
        const page = await (await fetch(`${server.origin}/translate/${project.projectId}/${project.projectPassword}`, { headers: { Cookie: uploader } })).arrayBuffer()
        openTimes.push(performance.now() - started)
        pageBytes = page.byteLength
      }
    })

    const idleP95 = percentile(idle, 0.95)
    console.log(`The file: ${(words.length / 1024 / 1024).toFixed(1)} MB of text on one line → ${info.segmentCount.toLocaleString('en-US')} segments, ready in ${(convertMs / 1000).toFixed(1)} s;`)
    console.log(`its translator page: ${(pageBytes / 1024).toFixed(0)} KB.\n`)
    printTable(
      ['measurement', 'n', 'p50 ms', 'p95 ms', 'max ms', 'p95/idle'],
      [
        ['other user, idle server (baseline)', String(idle.length), ms(percentile(idle, 0.5)), ms(idleP95), ms(Math.max(...idle)), '1×'],
        ['other user, while it uploads and converts', String(converting.length), ms(percentile(converting, 0.5)), ms(percentile(converting, 0.95)), ms(Math.max(...converting)), times(percentile(converting, 0.95) / idleP95)],
        ['other user, while it is opened', String(opening.length), ms(percentile(opening, 0.5)), ms(percentile(opening, 0.95)), ms(Math.max(...opening)), times(percentile(opening, 0.95) / idleP95)],
        ['the uploader opening it (translator page)', String(openTimes.length), ms(percentile(openTimes, 0.5)), ms(percentile(openTimes, 0.95)), ms(Math.max(...openTimes)), ''],
      ],
    )
  } finally {
    await server.stop()
    await database.dispose()
  }
}

await main()
