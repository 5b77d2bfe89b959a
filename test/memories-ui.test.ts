import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { zipSync } from 'fflate'
import { beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '~/lib/auth/users.server'
import { db } from '~/lib/db/db.server'
import { startWorker } from '~/lib/jobs/worker.server'
import { findMemory, memoriesForProject } from '~/lib/tm/memories.server'
import { readTmx } from '~/lib/tm/tmx'
import { tmxImportHandlers } from '~/lib/tm/tmx-import.server'
import { action as indexAction, loader as indexLoader } from '~/routes/_index'
import { action as deleteAction, loader as deleteLoader } from '~/routes/memories.$memoryId.delete'
import { loader as exportLoader } from '~/routes/memories.$memoryId.export'
import { action as memoriesAction, loader as memoriesLoader } from '~/routes/memories._index'
import { action as signInAction } from '~/routes/sign-in'
import { action as callAction, loader as callLoader } from '~/routes/$'
import { action as translateAction } from '~/routes/translate.$projectId.$password'
import { withTestDatabase } from './database'
import { setEnv } from './env'
import { readyProject } from './ready-project'
import { BASE, context, cookieJar, get, post, settle } from './remix'

/** Issue 5 items 1 and 5, UI side: the memories page, TMX import as a task, export, the settings checkboxes. */
withTestDatabase()
const samples = path.resolve(import.meta.dirname, '../../shared/samples/tmx')
const sample = (name: string) => fs.readFileSync(path.join(samples, name))
const fixture = (name: string) => fs.readFileSync(path.resolve(import.meta.dirname, 'fixtures/tmx', name))

let cookie: string
let strangerCookie: string
let userId: number

async function signedIn(email: string) {
  const created = await createUser({ email, name: email.split('@')[0]!, password: 'a long password' })
  if (!created.ok) throw new Error('no user')
  const jar = cookieJar()
  const form = new URLSearchParams({ email, password: 'a long password' })
  const outcome = await settle(() =>
    signInAction({ request: new Request(`${BASE}/sign-in`, { method: 'POST', body: form, headers: { Origin: BASE } }), params: {}, context }),
  )
  jar.take(outcome.headers)
  return { cookie: jar.header(), id: created.user.id }
}

beforeAll(async () => {
  const owner = await signedIn('memories@example.lv')
  cookie = owner.cookie
  userId = owner.id
  strangerCookie = (await signedIn('stranger@example.lv')).cookie
})

type Page = {
  memories: { id: number; name: string; sourceLang: string; targetLang: string; canUpdate: boolean; unitCount: number }[]
  imports: { id: number; status: string; fileName: string; percent: number; report: { imported: number; skipped: number; skippedByCode: Record<string, number>; error?: { code: string } } | null }[]
  pending: boolean
}

async function page(as = cookie) {
  return (await settle<Page>(() => memoriesLoader({ request: get('/memories', as), params: {}, context }))).data
}

function memoriesPost(fields: Record<string, string>, as = cookie) {
  return settle<{ error: { code: string } }>(() => memoriesAction({ request: post('/memories', fields, as), params: {}, context }))
}

async function createMemory(name: string, sourceLang = 'en', targetLang = 'lv') {
  const outcome = await memoriesPost({ intent: 'create', name, sourceLang, targetLang })
  expect(outcome.location).toBe('/memories')
  return (await page()).memories.find((memory) => memory.name === name)!
}

function uploadRequest(memoryId: number, file: File, as = cookie) {
  const form = new FormData()
  form.set('memoryId', String(memoryId))
  form.set('file', file)
  return new Request(`${BASE}/memories`, { method: 'POST', body: form, headers: { Cookie: as, Origin: BASE } })
}

async function upload(memoryId: number, name: string, bytes: Uint8Array) {
  return settle<{ error: { code: string } }>(() => memoriesAction({ request: uploadRequest(memoryId, new File([new Uint8Array(bytes)], name)), params: {}, context }))
}

async function runTasks() {
  const worker = startWorker({ handlers: tmxImportHandlers, pollMs: 20, log: () => {} })
  await worker.idle()
  await worker.stop()
}

async function unitCount(memoryId: number) {
  const [row] = await db().query<{ count: number }>('select count(*)::integer as count from tm_units where memory_id = $1', [memoryId])
  return row!.count
}

describe('memories page', () => {
  it('creates, renames, locks, unlocks and refuses what it must', async () => {
    const memory = await createMemory('Juridiskā')
    expect(memory).toMatchObject({ sourceLang: 'en', targetLang: 'lv', canUpdate: true, unitCount: 0 })

    expect((await memoriesPost({ intent: 'create', name: 'Same', sourceLang: 'en', targetLang: 'en' })).data.error.code).toBe('same-languages')
    expect((await memoriesPost({ intent: 'create', name: '  ', sourceLang: 'en', targetLang: 'lv' })).data.error.code).toBe('invalid-form')

    expect((await memoriesPost({ intent: 'rename', memoryId: String(memory.id), name: 'Tiesību akti' })).location).toBe('/memories')
    expect((await page()).memories.find((each) => each.id === memory.id)?.name).toBe('Tiesību akti')
    // Another user's memory is simply not found.
    const foreign = await memoriesPost({ intent: 'rename', memoryId: String(memory.id), name: 'Mine' }, strangerCookie)
    expect(foreign.status).toBe(404)

    await memoriesPost({ intent: 'lock', memoryId: String(memory.id) })
    expect((await page()).memories.find((each) => each.id === memory.id)?.canUpdate).toBe(false)
    await memoriesPost({ intent: 'unlock', memoryId: String(memory.id) })
    expect((await page()).memories.find((each) => each.id === memory.id)?.canUpdate).toBe(true)
  })

  it('deletes through the confirmation page, only the owner', async () => {
    const memory = await createMemory('Doomed')
    const params = { memoryId: String(memory.id) }
    expect((await settle(() => deleteLoader({ request: get(`/memories/${memory.id}/delete`, strangerCookie), params, context }))).status).toBe(404)
    expect((await settle(() => deleteLoader({ request: get(`/memories/${memory.id}/delete`, cookie), params, context }))).data).toMatchObject({ name: 'Doomed' })
    const outcome = await settle(() => deleteAction({ request: post(`/memories/${memory.id}/delete`, {}, cookie), params, context }))
    expect(outcome.location).toBe('/memories')
    expect(await findMemory(userId, memory.id)).toBeUndefined()
  })
})

describe('TMX import and export', () => {
  it('imports a TMX as a task, reports it, and exports what it holds as TMX that reads back the same', async () => {
    const memory = await createMemory('Tatoeba')
    const outcome = await upload(memory.id, 'tatoeba_en-lv.tmx', sample('tatoeba_en-lv.tmx'))
    expect(outcome.location).toBe('/memories')
    const queued = await page()
    expect(queued.pending).toBe(true)
    expect(queued.imports[0]).toMatchObject({ fileName: 'tatoeba_en-lv.tmx', status: 'queued' })

    await runTasks()
    const done = await page()
    expect(done.pending).toBe(false)
    const report = done.imports[0]!.report!
    expect(done.imports[0]).toMatchObject({ status: 'done', percent: 100 })
    expect(report.imported).toBe(1000)
    expect(report.skipped).toBe(0)
    const stored = await unitCount(memory.id)
    expect(stored).toBeGreaterThan(900) // a repeated source is one unit
    expect(done.memories.find((each) => each.id === memory.id)?.unitCount).toBe(stored)
    // The upload is not kept once imported.
    expect(await db().query('select 1 from tmx_import_chunks')).toEqual([])

    const response = (await exportLoader({ request: get(`/memories/${memory.id}/export`, cookie), params: { memoryId: String(memory.id) }, context })) as Response
    expect(response.headers.get('Content-Disposition')).toContain('filename="Tatoeba.tmx"')
    const exported = new Uint8Array(await response.arrayBuffer())
    const reading = readTmx(
      (async function* () {
        yield exported
      })(),
      { sourceLang: 'en', targetLang: 'lv' },
    )
    const units = []
    for await (const unit of reading.units) units.push(unit)
    expect(reading.importReport.error).toBeUndefined()
    expect(units).toHaveLength(stored)
    const rows = await db().query<{ source: string; target: string }>('select source, target from tm_units where memory_id = $1 order by id', [memory.id])
    expect(units.map(({ source, target }) => ({ source, target }))).toEqual(rows)
  })

  it('imports .tmx.gz and .zip, and reports units of another language pair as skipped', async () => {
    const memory = await createMemory('Archives')
    // The first units of the Tatoeba sample, closed properly: a small English–Latvian TMX.
    const head = sample('tatoeba_en-lv.tmx').toString('utf8').slice(0, 6000)
    const tmx = new TextEncoder().encode(`${head.slice(0, head.lastIndexOf('</tu>') + 5)}\n</body>\n</tmx>\n`)
    await upload(memory.id, 'mytm.tmx.gz', gzipSync(tmx))
    await upload(memory.id, 'mytm.zip', zipSync({ 'inside/mytm.tmx': tmx }))
    await upload(memory.id, 'tatoeba_en-ru.tmx', sample('tatoeba_en-ru.tmx'))
    await runTasks()
    const [russian, zipped, gzipped] = (await page()).imports
    expect(gzipped!.report!.imported).toBe(22)
    expect(zipped!.report!.imported).toBe(gzipped!.report!.imported)
    expect(russian).toMatchObject({ status: 'done', report: { imported: 0, skipped: 1000, skippedByCode: { 'no-variant-for-pair': 1000 } } })
  })

  it('imports every sample without failing', async () => {
    const memory = await createMemory('Samples')
    const names = fs.readdirSync(samples).filter((name) => name.endsWith('.tmx'))
    for (const name of names) await upload(memory.id, name, sample(name))
    await runTasks()
    const imports = await db().query<{ fileName: string; status: string }>(
      `select file_name as "fileName", status from tmx_imports where memory_id = $1`,
      [memory.id],
    )
    expect(imports).toHaveLength(names.length)
    for (const job of imports) expect(job, job.fileName).toMatchObject({ status: 'done' })
  }, 180_000) // about 4,000 units written one by one until units.server.ts's batched importUnits lands

  it('changes nothing for a broken file, and says why', async () => {
    const memory = await createMemory('Broken')
    await upload(memory.id, 'broken-truncated.tmx', fixture('broken-truncated.tmx'))
    await upload(memory.id, 'not-a-zip.zip', new TextEncoder().encode('PK\u0003\u0004 this is no zip'))
    await runTasks()
    const [notZip, truncated] = (await page()).imports
    expect(truncated).toMatchObject({ status: 'failed', report: { error: { code: 'malformed-xml' } } })
    expect(notZip).toMatchObject({ status: 'failed', report: { error: { code: expect.stringMatching(/^(invalid-zip|zip-without-tmx)$/) } } })
    expect(await unitCount(memory.id)).toBe(0)
  })

  it('refuses an upload it cannot take, leaving nothing behind', async () => {
    const memory = await createMemory('Refusals')
    expect((await upload(memory.id, 'notes.txt', new TextEncoder().encode('hello'))).data.error.code).toBe('wrong-extension')
    expect((await upload(memory.id, 'empty.tmx', new Uint8Array(0))).data.error.code).toBe('missing-file')
    expect((await upload(999_999, 'a.tmx', sample('okapi_simple_1.4b.tmx'))).data.error.code).toBe('no-memory')
    setEnv({ TMX_UPLOAD_MAX_MB: '1' })
    expect((await upload(memory.id, 'ntrex.tmx', sample('ntrex128_en-lv-ru.tmx'))).data.error.code).toBe('file-too-big')
    await memoriesPost({ intent: 'lock', memoryId: String(memory.id) })
    expect((await upload(memory.id, 'a.tmx', sample('okapi_simple_1.4b.tmx'))).data.error.code).toBe('memory-locked')
    const left = await db().query(`select 1 from tmx_imports i where i.memory_id = $1 or i.memory_id is null`, [memory.id])
    expect(left).toEqual([])
  })
})

describe('read and write choices', () => {
  it('saves the defaults with the settings panel; a locked memory cannot be written', async () => {
    const open = await createMemory('Open')
    const locked = await createMemory('Locked')
    await memoriesPost({ intent: 'lock', memoryId: String(locked.id) })
    const form = new URLSearchParams({ intent: 'save-settings', updateMt: 'on' })
    for (const id of [open.id, locked.id]) form.append('memoryId', String(id))
    form.append('write', String(open.id))
    form.append('read', String(locked.id))
    form.append('write', String(locked.id))
    const request = new Request(`${BASE}/?index`, {
      method: 'POST',
      body: form,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: BASE, Cookie: cookie },
    })
    expect((await settle(() => indexAction({ request, params: {}, context }))).location).toBe('/')
    const listed = (await settle<{ memories: { id: number; read: boolean; write: boolean }[] }>(() => indexLoader({ request: get('/', cookie), params: {}, context }))).data.memories
    expect(listed.find((memory) => memory.id === open.id)).toMatchObject({ read: false, write: true })
    expect(listed.find((memory) => memory.id === locked.id)).toMatchObject({ read: true, write: false })
  })

  it('saves a project’s own choice from the translator settings and answers the SPEC §7 calls', async () => {
    const { project } = await readyProject(userId, 'notes.txt', 'Hello world.\n')
    const params = { projectId: String(project.id), password: project.password }
    const memories = await memoriesForProject({ ...project, ownerId: userId })
    const chosen = memories.find((memory) => memory.canUpdate)!
    const form = new URLSearchParams({ intent: 'project-settings' })
    for (const memory of memories) form.append('memoryId', String(memory.id))
    form.append('read', String(chosen.id))
    const request = new Request(`${BASE}/translate/${project.id}/${project.password}`, {
      method: 'POST',
      body: form,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: BASE, Cookie: cookie },
    })
    expect((await settle(() => translateAction({ request, params, context }))).status).toBe(302)
    const after = await memoriesForProject({ ...project, ownerId: userId })
    expect(after.find((memory) => memory.id === chosen.id)).toMatchObject({ read: true, write: false })
    for (const memory of after.filter((each) => each.id !== chosen.id)) expect(memory).toMatchObject({ read: false, write: false })
    // The user's defaults are untouched by a project's choice.
    expect((await findMemory(userId, chosen.id))?.read).toBe(true)

    const forFile = await callLoader({ request: get(`/tm/for-file?projectId=${project.id}`, cookie), params: {}, context })
    const forFileJson = (await forFile.json()) as { id: number; readMemory: boolean; writeMemory: boolean; projectId: number }[]
    expect(forFileJson.find((memory) => memory.id === chosen.id)).toMatchObject({ readMemory: true, writeMemory: false, projectId: project.id, canUpdate: true })
    expect((await callLoader({ request: get(`/tm/for-file?projectId=${project.id}`, strangerCookie), params: {}, context })).status).toBe(404)

    const saved = await callAction({
      request: post('/tm/save-settings-for-file', { projectId: String(project.id), id: String(chosen.id), readMemory: '1', writeMemory: '1' }, cookie),
      params: {},
      context,
    })
    expect(((await saved.json()) as { id: number; writeMemory: boolean }[]).find((memory) => memory.id === chosen.id)?.writeMemory).toBe(true)

    const all = (await (await callLoader({ request: get('/tm', cookie), params: {}, context })).json()) as { name: string; canUpdate: boolean }[]
    expect(all.map((memory) => memory.name)).toContain('Open')
    const byName = await callAction({ request: post('/tm/save-settings', { name: 'Open', readMemory: '1', writeMemory: '0' }, cookie), params: {}, context })
    expect(((await byName.json()) as { name: string; readMemory: boolean; writeMemory: boolean }[]).find((memory) => memory.name === 'Open')).toMatchObject({ readMemory: true, writeMemory: false })
    const unauthorised = await settle(() => callLoader({ request: get('/tm'), params: {}, context }))
    expect(unauthorised.status).toBe(401)
  })
})
