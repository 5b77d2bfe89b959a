import { zipSync, strToU8 } from 'fflate'
import { describe, expect, it, vi } from 'vitest'
import { createUser } from '~/lib/auth/users.server'
import { startWorker } from '~/lib/jobs/worker.server'
import { taskHandlers } from '~/lib/projects/pipeline.server'
import { action as indexAction, loader as indexLoader } from '~/routes/_index'
import { action as deleteAction, loader as deleteLoader } from '~/routes/files.$projectId.$password.delete'
import { loader as originalLoader } from '~/routes/files.$projectId.$password.original'
import { action as renameAction } from '~/routes/files.$projectId.$password.rename'
import { action as deleteSelectedAction } from '~/routes/files.delete-selected'
import { loader as translatedLoader } from '~/routes/files.$projectId.$password.translated'
import { withTestDatabase } from './database'
import { setEnv } from './env'
import { BASE, context, cookieJar, get, settle } from './remix'
import { action as signInAction } from '~/routes/sign-in'

const database = withTestDatabase()

async function signedIn(email: string) {
  await createUser({ email, name: email.split('@')[0]!, password: 'a long password' })
  const jar = cookieJar()
  const form = new URLSearchParams({ email, password: 'a long password' })
  const outcome = await settle(() =>
    signInAction({
      request: new Request(`${BASE}/sign-in`, { method: 'POST', body: form, headers: { Origin: BASE } }),
      params: {},
      context,
    }),
  )
  jar.take(outcome.headers)
  return jar
}

function uploadRequest(files: File[], cookie: string, fields: Record<string, string> = {}, fileField = 'files') {
  const form = new FormData()
  form.set('intent', 'upload')
  for (const [name, value] of Object.entries({ source_language: 'en', target_language: 'lv', ...fields })) form.set(name, value)
  for (const file of files) form.append(fileField, file)
  return new Request(`${BASE}/`, { method: 'POST', body: form, headers: { Cookie: cookie, Origin: BASE } })
}

async function runTasks() {
  const worker = startWorker({ handlers: taskHandlers, pollMs: 20, log: () => {} })
  await worker.idle()
  await worker.stop()
}

type Listing = { projects: { id: number; password: string; name: string; status: string; analysisStatus: string; errorCode: string | null; segmentCount: number; wordCount: number; translatedPercent: number }[]; total: number; pending: boolean; pages: number }

async function listing(cookie: string, page = 1) {
  return (await settle<Listing>(() => indexLoader({ request: get(`/?page=${page}`, cookie), params: {}, context }))).data
}

const text = 'Hello world. This is Tulks.\n\nHello world.\nSecond paragraph with "quotes" & ampersands.\n'

describe('upload → project → segments → download', () => {
  it('turns a text file into a project that is converted and analysed in the background', async () => {
    const jar = await signedIn('ana@example.lv')
    const outcome = await settle(() => indexAction({ request: uploadRequest([new File([text], 'notes.txt')], jar.header()), params: {}, context }))
    expect(outcome.status).toBe(302)
    const before = await listing(jar.header())
    expect(before.projects).toHaveLength(1)
    expect(before.projects[0]).toMatchObject({ name: 'notes.txt', status: 'WAITING', translatedPercent: -1 })
    expect(before.pending).toBe(true)

    await runTasks()
    const after = await listing(jar.header())
    const project = after.projects[0]!
    expect(project).toMatchObject({ status: 'READY', analysisStatus: 'DONE', translatedPercent: 0 })
    expect(project.segmentCount).toBeGreaterThanOrEqual(4)
    expect(project.wordCount).toBe(12)
    expect(after.pending).toBe(false)

    const segments = await database.current().query<{ id: number; source: string; repetitionOf: number | null }>(
      'select id, source, repetition_of as "repetitionOf" from segments where project_id = $1 order by position',
      [project.id],
    )
    // ids are one block, so SPEC's "id - first id + 1" numbers the segments 1, 2, 3 …
    expect(segments.map((s) => s.id - segments[0]!.id + 1)).toEqual(segments.map((_, index) => index + 1))
    expect(segments[0]!.source).toBe('Hello world.')
    expect(segments.filter((s) => s.repetitionOf !== null).map((s) => s.source)).toEqual(['Hello world.'])

    const params = { projectId: String(project.id), password: project.password }
    const original = await originalLoader({ request: get('/', jar.header()), params, context })
    expect(original.headers.get('Content-Disposition')).toContain('attachment; filename="notes.txt"')
    expect(new Uint8Array(await original.arrayBuffer())).toEqual(new TextEncoder().encode(text))

    // nothing translated yet: the translation is the original
    const identity = await translatedLoader({ request: get('/', jar.header()), params, context })
    expect(await identity.text()).toBe(text)

    await database.current().query(
      `update segments set target = 'Sveika, pasaule.', status = 'TRANSLATED' where project_id = $1 and source = 'Hello world.'`,
      [project.id],
    )
    const translated = await translatedLoader({ request: get('/', jar.header()), params, context })
    expect(await translated.text()).toBe(text.replaceAll('Hello world.', 'Sveika, pasaule.'))
    expect((await listing(jar.header())).projects[0]!.translatedPercent).toBeGreaterThan(0)
  })

  it('refuses another user and a wrong password with 404', async () => {
    const owner = await signedIn('owner@example.lv')
    await indexAction({ request: uploadRequest([new File(['One sentence.'], 'one.txt')], owner.header()), params: {}, context }).catch(() => {})
    const project = (await listing(owner.header())).projects[0]!
    const stranger = await signedIn('stranger@example.lv')
    const theirs = await settle(() => originalLoader({ request: get('/', stranger.header()), params: { projectId: String(project.id), password: project.password }, context }))
    expect(theirs.status).toBe(404)
    const wrong = await settle(() => originalLoader({ request: get('/', owner.header()), params: { projectId: String(project.id), password: 'guess' }, context }))
    expect(wrong.status).toBe(404)
    const deleteByStranger = await settle(() => deleteAction({ request: new Request(`${BASE}/x`, { method: 'POST', headers: { Cookie: stranger.header() } }), params: { projectId: String(project.id), password: project.password }, context }))
    expect(deleteByStranger.status).toBe(404)
  })

  it('deletes through the confirmation page', async () => {
    const jar = await signedIn('del@example.lv')
    await settle(() => indexAction({ request: uploadRequest([new File(['Delete me.'], 'gone.txt')], jar.header()), params: {}, context }))
    const project = (await listing(jar.header())).projects[0]!
    const params = { projectId: String(project.id), password: project.password }
    const page = await settle<{ name: string }>(() => deleteLoader({ request: get('/', jar.header()), params, context }))
    expect(page.data.name).toBe('gone.txt')
    const deleted = await settle(() => deleteAction({ request: new Request(`${BASE}/x`, { method: 'POST', headers: { Cookie: jar.header() } }), params, context }))
    expect(deleted.location).toBe('/')
    expect((await listing(jar.header())).total).toBe(0)
    expect(await database.current().query('select 1 from segments where project_id = $1', [project.id])).toEqual([])
  })

  it('renames and deletes selected files of their owner only (issue 19)', async () => {
    const jar = await signedIn('parsaukt@example.lv')
    const stranger = await signedIn('svesais-parsaukt@example.lv')
    await settle(() => indexAction({ request: uploadRequest([new File(['One.'], 'one.txt'), new File(['Two.'], 'two.txt')], jar.header()), params: {}, context }))
    const [two, one] = (await listing(jar.header())).projects
    const params = { projectId: String(one!.id), password: one!.password }
    const post = (cookie: string, fields: [string, string][]) =>
      new Request(`${BASE}/x`, { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) })
    expect((await settle(() => renameAction({ request: post(stranger.header(), [['name', 'mine.txt']]), params, context }))).status).toBe(404)
    expect((await settle(() => renameAction({ request: post(jar.header(), [['name', 'one.pdf']]), params, context }))).status).toBe(400)
    const renamed = await settle(() => renameAction({ request: post(jar.header(), [['name', 'viens.txt'], ['back', '?sort=name&x=1']]), params, context }))
    expect(renamed.location).toBe('/?sort=name')
    expect((await listing(jar.header())).projects.map((project) => project.name)).toEqual(['two.txt', 'viens.txt'])
    // Another user's ids are ignored: nothing of theirs is listed or deleted.
    const foreign = await settle(() => deleteSelectedAction({ request: post(stranger.header(), [['project', String(one!.id)]]), params: {}, context }))
    expect(foreign.location).toBe('/')
    const asked = await settle<{ projects: { name: string }[] }>(() =>
      deleteSelectedAction({ request: post(jar.header(), [['project', String(one!.id)], ['project', String(two!.id)]]), params: {}, context }),
    )
    expect(asked.data.projects.map((project) => project.name)).toEqual(['viens.txt', 'two.txt'])
    expect((await listing(jar.header())).total).toBe(2)
    const deleted = await settle(() =>
      deleteSelectedAction({ request: post(jar.header(), [['project', String(one!.id)], ['project', String(two!.id)], ['confirm', 'yes']]), params: {}, context }),
    )
    expect(deleted.location).toBe('/')
    expect((await listing(jar.header())).total).toBe(0)
  })

  it('pages the list ten files at a time, newest first', async () => {
    const jar = await signedIn('pages@example.lv')
    const files = Array.from({ length: 12 }, (_, n) => new File([`Sentence ${n}.`], `file-${String(n).padStart(2, '0')}.txt`))
    await settle(() => indexAction({ request: uploadRequest(files, jar.header()), params: {}, context }))
    const first = await listing(jar.header(), 1)
    expect(first).toMatchObject({ total: 12, pages: 2 })
    expect(first.projects).toHaveLength(10)
    const second = await listing(jar.header(), 2)
    expect(second.projects.map((p) => p.name)).toEqual(['file-01.txt', 'file-00.txt'])
  })
})

describe('refused uploads (SPEC §8 codes)', () => {
  async function refusal(files: File[], env: Record<string, string> = {}) {
    setEnv(env)
    const jar = await signedIn(`r${Math.random().toString(36).slice(2)}@example.lv`)
    const outcome = await settle<{ results: { name: string; code?: string }[] }>(() =>
      indexAction({ request: uploadRequest(files, jar.header()), params: {}, context }),
    )
    const count = (await listing(jar.header())).total
    return { outcome, count }
  }

  it.each([
    ['MissingFileName', () => [new File(['x'], '')]],
    ['FileNameTooLong', () => [new File(['Some text.'], `${'a'.repeat(201)}.txt`)]],
    ['FileExtensionNotAllowed', () => [new File(['MZ…'], 'setup.exe')]],
    ['FileSizeTooSmall', () => [new File([], 'empty.txt')]],
    ['MimeTypeNotAllowed', () => [new File(['just words, not a zip'], 'report.docx')]],
    ['InvalidFileName', () => [new File(['text'], '..')]],
  ] as const)('%s', async (code, files) => {
    const { outcome, count } = await refusal(files())
    expect(outcome.status).toBe(400)
    expect(outcome.data.results.map((r) => r.code)).toEqual([code])
    expect(count).toBe(0)
  })

  it('FileSizeTooBig', async () => {
    const { outcome, count } = await refusal([new File([new Uint8Array(1024 * 1024 + 10).fill(65)], 'big.txt')], { UPLOAD_MAX_MB: '1' })
    expect(outcome.data.results.map((r) => r.code)).toEqual(['FileSizeTooBig'])
    expect(count).toBe(0)
  })

  it('TooManyFiles refuses the whole upload', async () => {
    const files = [1, 2, 3].map((n) => new File([`Text ${n}.`], `${n}.txt`))
    const { outcome, count } = await refusal(files, { UPLOAD_MAX_FILES: '2' })
    expect(outcome.data.results.map((r) => r.code)).toEqual(['TooManyFiles', 'TooManyFiles', 'TooManyFiles'])
    expect(count).toBe(0)
  })

  it('keeps the good files of a mixed upload and names the refused ones', async () => {
    const { outcome, count } = await refusal([new File(['Good text.'], 'good.txt'), new File(['x'], 'bad.exe')])
    expect(outcome.status).toBe(200)
    expect(outcome.data.results).toEqual([{ name: 'bad.exe', code: 'FileExtensionNotAllowed' }, { name: 'good.txt' }])
    expect(count).toBe(1)
  })

  it('ErrorCreatingProject when the project cannot be stored, leaving nothing half-written', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    await database.current().query('alter table project_files rename to project_files_away')
    try {
      const { outcome, count } = await refusal([new File(['Fine text.'], 'fine.txt')])
      expect(outcome.data.results.map((r) => r.code)).toEqual(['ErrorCreatingProject'])
      expect(count).toBe(0)
    } finally {
      await database.current().query('alter table project_files_away rename to project_files')
      logged.mockRestore()
    }
  })

  it('ErrorConvertingFile: a file that looks right but cannot be read is marked broken, not retried', async () => {
    const jar = await signedIn('broken@example.lv')
    const docx = zipSync({
      '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'),
      'word/document.xml': strToU8('<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>broken'),
    })
    await settle(() => indexAction({ request: uploadRequest([new File([docx], 'broken.docx')], jar.header()), params: {}, context }))
    const logged = vi.spyOn(console, 'log').mockImplementation(() => {})
    await runTasks()
    logged.mockRestore()
    const project = (await listing(jar.header())).projects[0]!
    expect(project).toMatchObject({ status: 'FAILED', errorCode: 'ErrorConvertingFile' })
    const [task] = await database.current().query<{ attempts: number; status: string }>(
      `select attempts, status from tasks where project_id = $1 and kind = 'convert'`,
      [project.id],
    )
    expect(task).toEqual({ attempts: 1, status: 'failed' })
  })
})

describe('files/upload (the page script’s call, SPEC §7)', () => {
  it('answers in SPEC §3’s upload response shape, one file at a time', async () => {
    const { action: apiUpload } = await import('~/routes/files.upload')
    const jar = await signedIn('api@example.lv')
    const ok = await apiUpload({ request: uploadRequest([new File(['An API file.'], 'api.txt')], jar.header()), params: {}, context })
    expect(ok.status).toBe(200)
    const created = (await ok.json()) as { code: number; errors: unknown[]; data: { id_project: number; password: string } }
    expect(created).toMatchObject({ code: 1, errors: [] })
    expect((await listing(jar.header())).projects.map((p) => [p.id, p.password])).toEqual([[created.data.id_project, created.data.password]])

    const refused = await apiUpload({ request: uploadRequest([new File(['x'], 'virus.exe')], jar.header()), params: {}, context })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ code: 0, errors: [{ message: 'FileExtensionNotAllowed', file: 'virus.exe' }] })
  })

  it("takes SPEC's files[] field and its tm_pretranslate / mt_pretranslate flags, the uploader's settings otherwise", async () => {
    const { action: apiUpload } = await import('~/routes/files.upload')
    const jar = await signedIn('flags@example.lv')
    const upload = async (name: string, fields: Record<string, string>) => {
      const answer = await apiUpload({ request: uploadRequest([new File(['Flags.'], name)], jar.header(), fields, 'files[]'), params: {}, context })
      return { status: answer.status, body: (await answer.json()) as { data?: { id_project: number } } }
    }
    const flagsOf = async (id: number) =>
      (await database.current().query<{ tm: boolean; mt: boolean }>('select tm_pretranslate as tm, mt_pretranslate as mt from projects where id = $1', [id]))[0]
    const sent = await upload('flags.txt', { tm_pretranslate: '1', mt_pretranslate: '0' })
    expect(sent.status).toBe(200)
    expect(await flagsOf(sent.body.data!.id_project)).toEqual({ tm: true, mt: false })
    const unsent = await upload('profile.txt', {})
    expect(await flagsOf(unsent.body.data!.id_project)).toEqual({ tm: false, mt: false })
    expect((await upload('bad.txt', { tm_pretranslate: 'maybe' })).status).toBe(400)
  })

  it('answers 400 JSON, not a server error, to a POST without a body or with a body that is not multipart', async () => {
    const { action: apiUpload } = await import('~/routes/files.upload')
    const jar = await signedIn('nobody@example.lv')
    for (const init of [{}, { body: 'source_language=en', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }]) {
      const answer = await apiUpload({
        request: new Request(`${BASE}/files/upload`, { method: 'POST', ...init, headers: { ...init.headers, Cookie: jar.header(), Origin: BASE } }),
        params: {},
        context,
      })
      expect(answer.status).toBe(400)
      expect(await answer.json()).toMatchObject({ code: 0, errors: [{ message: 'ErrorCreatingProject' }] })
    }
  })

  it('answers 401 (not a redirect) without a session', async () => {
    const { action: apiUpload } = await import('~/routes/files.upload')
    const outcome = await settle(() => apiUpload({ request: uploadRequest([new File(['x'], 'a.txt')], ''), params: {}, context }))
    expect(outcome.status).toBe(401)
  })
})

describe('POST files (SPEC §7)', () => {
  const filesCall = async (cookie: string, form: Record<string, string>) => {
    const { action } = await import('~/routes/$')
    const answer = await action({ request: new Request(`${BASE}/files`, { method: 'POST', body: new URLSearchParams(form), headers: { Cookie: cookie } }), params: {}, context })
    return { status: answer.status, body: (await answer.json()) as { totalFiles: number; data: Record<string, unknown>[]; errors?: { code: string; message: string }[] } }
  }

  it('pages the caller’s files ten at a time, newest first, in SPEC §3’s shape, and filters by name', async () => {
    const jar = await signedIn('saraksts@example.lv')
    const names = [...Array.from({ length: 10 }, (_, n) => `fails-${n}.txt`), 'procenti 100%.txt', 'Atskaite.txt']
    for (const name of names) await settle(() => indexAction({ request: uploadRequest([new File([`Teikums ${name}.`], name)], jar.header()), params: {}, context }))
    const first = await filesCall(jar.header(), {})
    expect(first.status).toBe(200)
    expect(first.body.totalFiles).toBe(12)
    expect(first.body.data.map((file) => file.name)).toEqual(names.slice(2).reverse())
    const [newest] = first.body.data
    expect(Object.keys(newest!).sort()).toEqual(['createTimestamp', 'id', 'jobId', 'jobPassword', 'name', 'owner', 'password', 'role', 'source', 'target'])
    expect(newest).toMatchObject({ owner: 'saraksts', role: 'owner', source: 'en', target: 'lv' })
    expect(Math.abs((newest!.createTimestamp as number) - Date.now() / 1000)).toBeLessThan(120)
    expect((await filesCall(jar.header(), { page: '2' })).body.data.map((file) => file.name)).toEqual(['fails-1.txt', 'fails-0.txt'])
    expect((await filesCall(jar.header(), { page: '9' })).body).toEqual({ totalFiles: 12, data: [] })
    // The filter is plain text, any case: "%" is a percent sign, not a wildcard.
    expect((await filesCall(jar.header(), { filter: '100%' })).body.data.map((file) => file.name)).toEqual(['procenti 100%.txt'])
    expect((await filesCall(jar.header(), { filter: 'atskaite' })).body.totalFiles).toBe(1)
    expect((await filesCall(jar.header(), { filter: '_' })).body.totalFiles).toBe(0)
    // Another user sees none of them.
    expect((await filesCall((await signedIn('cits@example.lv')).header(), {})).body).toEqual({ totalFiles: 0, data: [] })
  })

  it('refuses a page that is not a positive number with a translated 400', async () => {
    const jar = await signedIn('lapa@example.lv')
    for (const page of ['0', '-1', 'abc', '1.5', '99999999999']) {
      const refused = await filesCall(jar.header(), { page })
      expect(refused.status).toBe(400)
      expect(refused.body.errors).toEqual([{ code: 'InvalidValue', message: 'Lauka “page” vērtība nav derīga.' }])
    }
  })
})

describe('files/info, files/pretranslate, files/delete (SPEC §7)', () => {
  const call = async (path: string, cookie: string, form: Record<string, string>) => {
    const { action } = await import('~/routes/$')
    const answer = (await action({ request: new Request(`${BASE}/files/${path}`, { method: 'POST', body: new URLSearchParams(form), headers: { Cookie: cookie } }), params: {}, context })) as Response
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> & { errors?: { code: string; message: string }[] } }
  }

  it('answer job data, start a pretranslation once, and delete; another user, a wrong password or a bad id get 404', async () => {
    const jar = await signedIn('darbs@example.lv')
    await settle(() => indexAction({ request: uploadRequest([new File(['First sentence. Second one.'], 'darbs.txt')], jar.header()), params: {}, context }))
    await runTasks()
    const project = (await listing(jar.header())).projects[0]!
    const ids = { projectId: String(project.id), projectPassword: project.password }
    const segments = await database.current().query<{ id: number }>('select id from segments where project_id = $1 order by position', [project.id])
    const [job] = await database.current().query<{ id: number; password: string }>('select id, password from jobs where project_id = $1', [project.id])

    const info = await call('info', jar.header(), ids)
    expect(info.status).toBe(200)
    expect(info.body).toMatchObject({
      id: job!.id,
      password: job!.password,
      projectId: project.id,
      ppassword: project.password,
      source: 'en',
      target: 'lv',
      progress: 0,
      segmentCount: 2,
      fileName: 'darbs.txt',
      firstSegment: segments[0]!.id,
      lastSegment: segments[1]!.id,
      mtSystemId: '',
      tmPretranslate: false,
      mtPretranslate: false,
    })

    expect((await call('pretranslate', jar.header(), { ...ids, useTm: '1', useMt: '1' })).body.errors?.[0]?.code).toBe('InvalidValue')
    expect((await call('pretranslate', jar.header(), { ...ids })).status).toBe(400)
    expect((await call('pretranslate', jar.header(), { ...ids, useMt: '1' })).body.errors?.[0]).toEqual({
      code: 'NoMtSystem',
      message: 'Vispirms izvēlieties mašīntulkošanas sistēmu.',
    })
    expect((await call('pretranslate', jar.header(), { ...ids, useMt: '1', mtSystem: 'nav:tādas' })).body.errors?.[0]?.code).toBe('UnknownMtSystem')
    expect(await call('pretranslate', jar.header(), { ...ids, useTm: '1' })).toEqual({ status: 200, body: { projectId: project.id, started: true } })
    const busy = await call('pretranslate', jar.header(), { ...ids, useTm: '1' })
    expect(busy.status).toBe(409)
    expect(busy.body.errors?.[0]?.code).toBe('PretranslationBusy')
    await runTasks()

    const stranger = await signedIn('svesais@example.lv')
    for (const [cookie, form] of [
      [stranger.header(), ids],
      [jar.header(), { ...ids, projectPassword: 'wrong' }],
      [jar.header(), { projectId: 'abc', projectPassword: project.password }],
    ] as const) {
      for (const path of ['info', 'delete', 'pretranslate']) {
        expect(await call(path, cookie, { ...form, useTm: '1' })).toEqual({ status: 404, body: { errors: [{ code: 'NotFound', message: 'Nav atrasts.' }] } })
      }
    }
    expect(await call('delete', jar.header(), ids)).toEqual({ status: 200, body: { projectId: project.id, deleted: true } })
    expect((await call('info', jar.header(), ids)).status).toBe(404)
    expect((await listing(jar.header())).projects).toHaveLength(0)
  })
})

describe('files/download-original and files/download-translated (SPEC §7)', () => {
  const download = async (kind: 'original' | 'translated', cookie: string, form: Record<string, string>) => {
    const { action } = await import('~/routes/$')
    return (await action({ request: new Request(`${BASE}/files/download-${kind}`, { method: 'POST', body: new URLSearchParams(form), headers: { Cookie: cookie } }), params: {}, context })) as Response
  }

  it('send the uploaded bytes, and the translation once the file is converted (409 NotReady before)', async () => {
    const jar = await signedIn('lejupielade@example.lv')
    const text = 'Pirmais teikums. Otrais — ar garumzīmēm: āčēģīķļņšūž.\n'
    await settle(() => indexAction({ request: uploadRequest([new File([text], 'lejup.txt')], jar.header()), params: {}, context }))
    const project = (await listing(jar.header())).projects[0]!
    const ids = { projectId: String(project.id), projectPassword: project.password, jwt: 'ignored' }
    const original = await download('original', jar.header(), ids)
    expect(original.status).toBe(200)
    expect(original.headers.get('Content-Disposition')).toContain('lejup.txt')
    expect(Buffer.from(await original.arrayBuffer()).toString('utf8')).toBe(text)
    const early = await download('translated', jar.header(), ids)
    expect(early.status).toBe(409)
    expect(await early.json()).toEqual({ errors: [{ code: 'NotReady', message: 'Datne vēl nav gatava: tā tiek pārveidota vai to neizdevās pārveidot.' }] })
    await runTasks()
    const translated = await download('translated', jar.header(), ids)
    expect(translated.status).toBe(200)
    expect(translated.headers.get('Content-Disposition')).toContain('filename="lejup.lv.txt"') // issue 19: the target language in the name
    expect(Buffer.from(await translated.arrayBuffer()).toString('utf8')).toBe(text) // nothing translated yet: the source
    expect((await download('original', (await signedIn('cits-lejup@example.lv')).header(), ids)).status).toBe(404)
  })
})

describe('SPEC §7 status calls', () => {
  it('answer creation status, analysis and stats in SPEC §3 shapes, and 404 for a wrong password', async () => {
    const { action } = await import('~/routes/$')
    const calls = { creation: '/files/creation-status', analysis: '/files/analysis', stats: '/files/stats' }
    const jar = await signedIn('status@example.lv')
    await settle(() => indexAction({ request: uploadRequest([new File(['One. Two.'], 'status.txt')], jar.header()), params: {}, context }))
    const project = (await listing(jar.header())).projects[0]!
    const ask = (call: keyof typeof calls, password = project.password) =>
      action({
        request: new Request(`${BASE}${calls[call]}`, {
          method: 'POST',
          body: new URLSearchParams({ projectId: String(project.id), projectPassword: password }),
          headers: { Cookie: jar.header() },
        }),
        params: {},
        context,
      })
    expect(await (await ask('creation')).json()).toMatchObject({ status: 'WAITING', projectId: project.id, projectName: 'status.txt' })
    expect(await (await ask('stats')).json()).toEqual({ projectId: project.id, analysisComplete: false, translatedPercent: -1, revisedPercent: 0 })
    await runTasks()
    expect(await (await ask('creation')).json()).toMatchObject({ status: 'READY' })
    expect(await (await ask('analysis')).json()).toMatchObject({ status: 'DONE', segmentCount: 2, wordCount: 2, segmentsAnalyzed: 2 })
    expect(await (await ask('stats')).json()).toEqual({ projectId: project.id, analysisComplete: true, translatedPercent: 0, revisedPercent: 0 })
    expect((await ask('stats', 'wrong')).status).toBe(404)
  })
})
