import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../bench/app-server'
import { signIn } from '../bench/translator/client'
import { calls } from '~/lib/api/calls'
import { createUser } from '~/lib/auth/users.server'
import { FORM_MAX_BYTES } from '~/lib/http/form.server'
import { setDatabase } from '~/lib/db/db.server'
import { migrate } from '~/lib/db/migrate.server'
import { cultureCookie } from '~/lib/i18n/i18n.server'
import { answerChecker, apiClient } from './api-client/client'
import { TYPES_FILE, typesOf } from './api-client/generate'
import { databaseForProcesses, engine } from './database'
import { poll } from './http-client'

/**
 * Issue 16 against the real server (`node server.mjs` on the test's engine): the OpenAPI description it serves, a
 * client built only from that description running the whole flow, and every described call with the session cookie
 * and with a token — answers checked against the description, refusals as it lists them.
 */
const PASSWORD = 'a long enough password'
const TEXT = 'Open the file now.\n\nClose the window.\n\nSave the file before you close it.\n'

let where: Awaited<ReturnType<typeof databaseForProcesses>>
let server: RunningServer
let description: Parameters<typeof apiClient>[1] & { openapi: string }
let cookie = ''
let strangerCookie = ''
/** Issue 52: a colleague the table's file is shared with, and one whose access was removed. */
let memberCookie = ''
let formerCookie = ''
const colleague = (who: string) => `api-${who}-${engine()}@example.lv`

async function tokenFor(sessionCookie: string, name: string): Promise<string> {
  const made = await fetch(`${server.origin}/tokens`, { method: 'POST', headers: { Cookie: sessionCookie }, body: new URLSearchParams({ name }) })
  expect(made.status).toBe(201)
  return ((await made.json()) as { token: string }).token
}

beforeAll(async () => {
  where = await databaseForProcesses('api')
  const database = await where.open()
  await migrate(database)
  setDatabase(database)
  for (const who of ['owner', 'stranger', 'member', 'former', 'passing']) {
    const made = await createUser({ email: `api-${who}-${engine()}@example.lv`, name: `Api ${who}`, password: PASSWORD })
    if (!made.ok) throw new Error(`no ${who}`)
  }
  setDatabase(undefined)
  await database.close()
  server = await startServer({ ...where.env, APERTIUM_URL: process.env.APERTIUM_URL ?? '' }, 3951)
  cookie = await signIn(server.origin, `api-owner-${engine()}@example.lv`, PASSWORD)
  strangerCookie = await signIn(server.origin, `api-stranger-${engine()}@example.lv`, PASSWORD)
  memberCookie = await signIn(server.origin, colleague('member'), PASSWORD)
  formerCookie = await signIn(server.origin, colleague('former'), PASSWORD)
  description = (await (await fetch(`${server.origin}/openapi.json`)).json()) as typeof description
}, 180_000)

afterAll(async () => {
  await server?.stop()
  await where?.dispose()
})

/** Uploads TEXT as `name` through the typed client; the new project once it is converted and analysed. */
async function uploaded(client: ReturnType<typeof apiClient>['api'], name: string) {
  const upload = await client.POST('/files/upload', {
    body: { source_language: 'en', target_language: 'lv', tm_pretranslate: '0', mt_pretranslate: '0' },
    headers: { 'Content-Type': null },
    bodySerializer(fields) {
      const form = new FormData()
      for (const [key, value] of Object.entries(fields)) form.set(key, String(value))
      form.append('files[]', new Blob([TEXT], { type: 'text/plain' }), name)
      return form
    },
  })
  expect(upload.response.status).toBe(200)
  const project = { projectId: upload.data!.data!.id_project, projectPassword: upload.data!.data!.password }
  await poll(async () => (await client.POST('/files/creation-status', { body: project })).data?.status === 'READY')
  await poll(async () => (await client.POST('/files/analysis', { body: project })).data?.status === 'DONE')
  return project
}

describe('GET /openapi.json', () => {
  it('is OpenAPI 3.1, public, and the client’s committed types are generated from exactly it', async () => {
    expect(description.openapi).toBe('3.1.0')
    expect(Object.keys(description.paths).length).toBeGreaterThanOrEqual(30)
    // Run `npm run api:types` after changing a call (app/lib/api/calls.ts).
    expect(await typesOf(description)).toBe(fs.readFileSync(TYPES_FILE, 'utf8'))
  })
})

describe('the whole flow through the generated client, with a token', () => {
  it('upload → creation status → analysis → segments → translate → matches → comments → pretranslate → download → delete', async () => {
    const { api, mismatches } = apiClient(server.origin, description, { token: await tokenFor(cookie, 'flow') })
    const project = await uploaded(api, 'flow.txt')

    const listed = await api.POST('/files', { body: { filter: 'flow' } })
    expect(listed.data?.data.map((file) => file.id)).toContain(project.projectId)
    expect((await api.POST('/files/info', { body: project })).data).toMatchObject({ projectId: project.projectId, segmentCount: 3, fileName: 'flow.txt' })

    const window = await api.POST('/segments', { body: project })
    const [first, second, third] = window.data!.segments
    expect([first?.original, second?.original, third?.original]).toEqual(['Open the file now.', 'Close the window.', 'Save the file before you close it.'])

    const bad = await api.POST('/segments/translate', { body: { segmentId: first!.id, status: 'TRANSLATED', translation: 'Atveriet <g1>failu</g1>.' } })
    expect(bad.response.status).toBe(400)
    expect(bad.error?.errors[0]?.code).toBe('InvalidTags')
    const saved = await api.POST('/segments/translate', { body: { segmentId: first!.id, status: 'TRANSLATED', translation: 'Atveriet failu tagad.' } })
    expect(saved.data).toEqual({ segmentId: first!.id, number: 1, version: 1, status: 'TRANSLATED', translation: 'Atveriet failu tagad.', propagated: [] })
    await api.POST('/segments/set-active', { body: { segmentId: second!.id } })
    await api.POST('/segments/set-edit-time', { body: { projectId: project.projectId, editingTime: 42 } })
    expect((await api.POST('/files/info', { body: project })).data).toMatchObject({ lastSegmentId: second!.id, editingTime: 42 })

    const matches = await api.POST('/tm/matches', { body: { ...project, text: 'Open the file now!' } })
    expect(matches.data?.[0]).toMatchObject({ translation: 'Atveriet failu tagad.', segment: 'Open the file now.' })
    const found = await api.POST('/tm/concordance-search', { body: { projectId: project.projectId, text: 'file' } })
    expect(found.data).toContainEqual({ raw_segment: 'Open the file now.', translation: 'Atveriet failu tagad.' })
    if (process.env.APERTIUM_URL) {
      const machine = await api.POST('/mt/matches', { body: { text: 'Open the window.', mtId: 'apertium:eng|spa' } })
      expect(machine.data?.translation).toMatch(/ventana/i)
    }

    const empty = await api.POST('/comments/add', { body: { segmentId: second!.id, message: '   ' } })
    expect(empty.error?.errors[0]?.code).toBe('EmptyComment')
    const comment = await api.POST('/comments/add', { body: { segmentId: second!.id, message: 'Which window?' } })
    expect(comment.data).toMatchObject({ segmentId: second!.id, messageType: 1, message: 'Which window?' })
    const resolved = await api.POST('/comments/resolve', { body: { segmentId: second!.id } })
    expect(resolved.data).toMatchObject({ messageType: 2, message: '', threadId: comment.data!.threadId })

    const started = await api.POST('/files/pretranslate', { body: { ...project, useTm: '1' } })
    expect(started.data).toEqual({ projectId: project.projectId, started: true })
    await poll(async () => (await api.POST('/files/analysis', { body: project })).data?.status === 'DONE')
    expect((await api.POST('/files/stats', { body: project })).data?.translatedPercent).toBeGreaterThan(0)

    const original = await api.POST('/files/download-original', { body: project, parseAs: 'text' })
    expect(original.data).toBe(TEXT)
    const translated = await api.POST('/files/download-translated', { body: project, parseAs: 'text' })
    expect(translated.data).toBe('Atveriet failu tagad.\n\nClose the window.\n\nSave the file before you close it.\n')

    expect((await api.POST('/files/delete', { body: project })).data).toEqual({ projectId: project.projectId, deleted: true })
    expect((await api.POST('/files/creation-status', { body: project })).response.status).toBe(404)
    expect(mismatches).toEqual([])
  }, 240_000)
})

type Operation = { operationId: string; requestBody?: { content: Record<string, unknown> }; parameters?: unknown[]; responses: Record<string, unknown> }
type Sent = Record<string, string>

describe('every described call, with the session cookie and with a token', () => {
  let project: { projectId: number; projectPassword: string }
  let segmentId = 0
  let token = ''

  beforeAll(async () => {
    const { api } = apiClient(server.origin, description, { cookie })
    project = await uploaded(api, 'table.txt')
    segmentId = (await api.POST('/segments', { body: project })).data!.segments[0]!.id
    token = await tokenFor(cookie, 'table')
    await shareWith(project, 'member', 'translator')
    await shareWith(project, 'former', 'reviewer')
    await send('POST', '/files/unshare', { ...ofProject(), email: colleague('former') }, { Cookie: cookie })
  }, 120_000)

  const shareWith = async (file: { projectId: number | string; projectPassword: string }, who: string, role: string) => {
    const shared = await send('POST', '/files/share', { projectId: String(file.projectId), projectPassword: file.projectPassword, email: colleague(who), role }, { Cookie: cookie })
    expect(shared.status).toBe(200)
  }

  const ofProject = (): Sent => ({ projectId: String(project.projectId), projectPassword: project.projectPassword })
  /** A request each call accepts; a new call in calls.ts fails the test below until it has one here. */
  const examples: Record<string, () => Promise<Sent> | Sent> = {
    listFiles: () => ({ page: '1' }),
    uploadFiles: () => ({ source_language: 'en', target_language: 'lv' }),
    creationStatus: ofProject,
    analysis: ofProject,
    stats: ofProject,
    revisionReport: ofProject,
    fileInfo: ofProject,
    pretranslate: () => ({ ...ofProject(), useTm: '1' }),
    deleteFile: async () => {
      const { api } = apiClient(server.origin, description, { cookie })
      const doomed = await uploaded(api, 'doomed.txt')
      await shareWith(doomed, 'member', 'translator')
      return { projectId: String(doomed.projectId), projectPassword: doomed.projectPassword }
    },
    downloadOriginal: ofProject,
    downloadTranslated: ofProject,
    segments: () => ({ ...ofProject(), step: '5' }),
    setActiveSegment: () => ({ segmentId: String(segmentId) }),
    segmentHistory: () => ({ segmentId: String(segmentId) }),
    setEditTime: () => ({ projectId: String(project.projectId), editingTime: '60' }),
    translateSegment: () => ({ segmentId: String(segmentId), status: 'DRAFT', translation: 'Atveriet failu.' }),
    reviseSegment: () => ({
      segmentId: String(segmentId),
      decision: 'approve',
      translation: 'Atveriet failu.',
      issues: JSON.stringify([{ category: 'terminology', severity: 'major', comment: '“datne”, ne “fails”' }]),
    }),
    replaceInTranslations: () => ({ ...ofProject(), find: 'failu', replace: 'datni', preview: '1' }),
    addComment: () => ({ segmentId: String(segmentId), message: 'A question.' }),
    resolveComments: async () => {
      await send('POST', '/comments/add', { segmentId: String(segmentId), message: 'Another question.' }, { Cookie: cookie })
      return { segmentId: String(segmentId) }
    },
    tmMatches: () => ({ ...ofProject(), text: 'Open the file now.' }),
    concordanceSearch: () => ({ projectId: String(project.projectId), text: 'file' }),
    memories: () => ({}),
    memoriesForFile: () => ({ projectId: String(project.projectId) }),
    saveMemorySettings: () => ({ name: 'nonexistent', readMemory: '1', writeMemory: '1' }),
    saveMemorySettingsForFile: () => ({ projectId: String(project.projectId), name: 'nonexistent', readMemory: '1', writeMemory: '1' }),
    mtMatches: () => ({ text: 'Open the window.', mtId: process.env.APERTIUM_URL ? 'apertium:eng|spa' : 'nonexistent' }),
    saveMtSystem: () => ({ projectId: String(project.projectId), mtSystemId: '' }),
    saveUpdateMtForFile: () => ({ projectId: String(project.projectId), updateMt: '1' }),
    updateMtForFile: () => ({ projectId: String(project.projectId) }),
    profile: () => ({}),
    saveTmPretranslate: () => ({ pretranslate: '0' }),
    saveMtPretranslate: () => ({ pretranslate: '0' }),
    saveUpdateMt: () => ({ updateMt: '1' }),
    shareFile: () => ({ ...ofProject(), email: colleague('member'), role: 'translator' }),
    // A colleague who never signs in here: shared, so that the call has an access to remove.
    unshareFile: async () => {
      await shareWith(project, 'passing', 'reviewer')
      return { ...ofProject(), email: colleague('passing') }
    },
    fileMembers: ofProject,
    listTokens: () => ({}),
    tokenCall: () => ({ name: 'made by the table' }),
  }
  /** Calls whose example is refused by design (a memory that does not exist; MT without an engine here). */
  const refusedExamples = new Set(['saveMemorySettings', 'saveMemorySettingsForFile', ...(process.env.APERTIUM_URL ? [] : ['mtMatches'])])

  /** Sends `fields` as the description says the call takes them: a query, a form, or multipart with a file. */
  async function send(method: string, path: string, fields: Sent, headers: Record<string, string>, operation?: Operation) {
    const content = Object.keys(operation?.requestBody?.content ?? { 'application/x-www-form-urlencoded': {} })[0]
    let url = `${server.origin}${path}`
    let body: BodyInit | undefined
    if (method === 'GET') url += `?${new URLSearchParams(fields)}`
    else if (content === 'multipart/form-data') {
      const form = new FormData()
      for (const [key, value] of Object.entries(fields)) form.set(key, value)
      form.append('files[]', new Blob([TEXT], { type: 'text/plain' }), 'table-upload.txt')
      body = form
    } else body = new URLSearchParams(fields)
    // The server may answer an upload without credentials before its body is sent, and close: the client's write then
    // breaks (EPIPE) on a loaded machine. The answer is the server's either way; the call is sent once more.
    const response = await fetch(url, { method, headers, body }).catch(() => fetch(url, { method, headers, body }))
    const type = response.headers.get('Content-Type') ?? ''
    return { status: response.status, type, body: type.includes('json') ? ((await response.json()) as unknown) : await response.text() }
  }

  /**
   * Issue 52: the calls the member of the file (a translator) is refused (403): the owner's, and a reviewer's decision;
   * every other call of the file answers a member as its owner.
   */
  const OWNER_ONLY = new Set(['deleteFile', 'shareFile', 'unshareFile', 'fileMembers', 'reviseSegment'])

  it('answers as described, to the cookie and to a token; refuses no credentials, a bad token, a stranger and an empty form', async () => {
    const check = answerChecker(description)
    const problems: string[] = []
    const operations = Object.entries(description.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation: operation as unknown as Operation })),
    )
    expect(operations.length).toBe(Object.keys(examples).length)
    for (const { path, method, operation } of operations) {
      const example = examples[operation.operationId]
      if (!example) {
        problems.push(`${operation.operationId}: no example`)
        continue
      }
      const expectAnswer = async (who: string, headers: Record<string, string>) => {
        const answer = await send(method, path, await example(), headers, operation)
        // Issue 50: a token cannot make another token (403 SessionRequired, as the description lists it).
        const refused = refusedExamples.has(operation.operationId) || (who === 'a token' && operation.operationId === 'tokenCall')
        const ok = refused ? answer.status >= 400 && answer.status < 500 : answer.status < 300
        if (!ok) problems.push(`${method} ${path} with ${who}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`)
        const why = check(method, path, answer.status, answer.body)
        if (why && answer.type.includes('json')) problems.push(`${why} (with ${who})`)
        // A second pretranslation while the first runs is 409 PretranslationBusy: let it finish.
        if (operation.operationId === 'pretranslate') {
          await poll(async () => ((await send('POST', '/files/analysis', ofProject(), headers)).body as { status?: string }).status === 'DONE')
        }
      }
      await expectAnswer('the cookie', { Cookie: cookie })
      await expectAnswer('a token', { Authorization: `Bearer ${token}` })
      const ofFile = /"(projectId|segmentId)"/.test(JSON.stringify(operation.requestBody ?? operation.parameters ?? {})) && operation.operationId !== 'uploadFiles'
      if (ofFile && !OWNER_ONLY.has(operation.operationId)) await expectAnswer("a member's cookie", { Cookie: memberCookie })

      const refusals: [string, Record<string, string>, number, string][] = [
        ['no credentials', { Accept: 'application/json' }, 401, 'Unauthorized'],
        ['a revoked or unknown token', { Authorization: 'Bearer tulks_not-a-real-token' }, 401, 'InvalidToken'],
      ]
      const names = JSON.stringify(operation.requestBody ?? operation.parameters ?? {})
      if (/"(projectId|segmentId)"/.test(names) && operation.operationId !== 'uploadFiles') {
        refusals.push(["the stranger's cookie", { Cookie: strangerCookie }, 404, 'NotFound'])
        // Issue 52: a former member is a stranger again; a member may not do what is the owner's.
        refusals.push(["a former member's cookie", { Cookie: formerCookie }, 404, 'NotFound'])
        if (OWNER_ONLY.has(operation.operationId)) refusals.push(["a member's cookie", { Cookie: memberCookie }, 403, 'Forbidden'])
      }
      for (const [who, headers, status, code] of refusals) {
        const answer = await send(method, path, await example(), headers, operation)
        const body = answer.body as { errors?: { code: string; message: string }[] }
        if (answer.status !== status || body.errors?.[0]?.code !== code || !body.errors[0].message) {
          problems.push(`${method} ${path} with ${who}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`)
        }
      }
      // Missing fields: a refusal the description lists (with a translated message), or an answer where none is needed.
      const empty = await send(method, path, {}, { Authorization: `Bearer ${token}` }, operation)
      const why = check(method, path, empty.status, empty.body)
      if (empty.status >= 500 || (why && empty.type.includes('json'))) problems.push(`${method} ${path} with no fields: ${empty.status} ${why}`)
    }
    expect(problems).toEqual([])
  }, 600_000)

  it('the checker reports an answer the description does not say', () => {
    const check = answerChecker(description)
    expect(check('POST', '/files/stats', 200, { projectId: 1, analysisComplete: true, translatedPercent: 5, revisedPercent: 0 })).toBeUndefined()
    expect(check('POST', '/files/stats', 200, { projectId: '1', analysisComplete: true, translatedPercent: 5, revisedPercent: 0 })).toMatch(/projectId/)
    expect(check('POST', '/files/stats', 418, {})).toMatch(/does not list/)
  })
})

describe('a call asked with the other method', () => {
  it('a GET call answers POST with 405, Allow and the reason in the caller’s language; a POST call sends GET to a page', async () => {
    const methods = new Map<string, Set<string>>()
    for (const call of Object.values(calls)) methods.set(call.path, (methods.get(call.path) ?? new Set()).add(call.method))
    const token = await tokenFor(cookie, 'wrong methods')
    const getOnly = [...methods].filter(([, asked]) => asked.size === 1 && asked.has('get')).map(([path]) => path)
    const postOnly = [...methods].filter(([, asked]) => asked.size === 1 && asked.has('post')).map(([path]) => path)
    expect(getOnly).toEqual(expect.arrayContaining(['/profile', '/settings/update-mt-for-file', '/tm/for-file']))
    expect(postOnly).toEqual(expect.arrayContaining(['/settings/save-update-mt', '/settings/save-tm-pretranslate', '/tm/matches']))
    for (const language of ['lv', 'en', 'ru'] as const) {
      const reason = (JSON.parse(fs.readFileSync(`public/locales/${language}/common.json`, 'utf8')) as { api: { wrongMethod: string } }).api.wrongMethod
      const headers = { Authorization: `Bearer ${token}`, Cookie: (await cultureCookie.serialize(language)).split(';')[0]! }
      for (const path of getOnly) {
        const answer = await fetch(`${server.origin}${path}`, { method: 'POST', headers })
        expect([path, answer.status, answer.headers.get('Allow')]).toEqual([path, 405, 'GET'])
        expect(await answer.json()).toEqual({ errors: [{ code: 'MethodNotAllowed', message: reason.replace('{{method}}', 'GET') }] })
      }
    }
    for (const path of postOnly) {
      const answer = await fetch(`${server.origin}${path}`, { headers: { Authorization: `Bearer ${token}` }, redirect: 'manual' })
      // To the file list, or for a memory's settings to the memories page.
      const to = new URL(answer.headers.get('Location') ?? '', server.origin)
      expect([path, answer.status, to.origin, path.startsWith('/tm/save-settings') ? '/memories' : '/']).toEqual([path, 302, server.origin, to.pathname])
    }
  })
})

describe('an address with a malformed escape', () => {
  it('is answered as any other address — a page or a redirect in the caller’s language, never Express’s own error page', async () => {
    const notFound = (JSON.parse(fs.readFileSync('public/locales/ru/common.json', 'utf8')) as { errors: { notFoundTitle: string } }).errors
      .notFoundTitle
    const headers = { Cookie: `${cookie}; ${(await cultureCookie.serialize('ru')).split(';')[0]}` }
    const ask = (path: string, method = 'GET') => fetch(`${server.origin}${path}`, { method, headers: { ...headers, Origin: server.origin }, redirect: 'manual' })
    for (const path of ['/%E0%A4%A', '/files/%ZZ', '/build/%E0', '/locales/%ZZ']) {
      const answer = await ask(path)
      expect([path, answer.status, new URL(answer.headers.get('Location') ?? '', server.origin).pathname]).toEqual([path, 302, '/'])
    }
    for (const path of ['/translate/1/%ZZ', '/translate/%ZZ/x']) {
      const answer = await ask(path)
      expect([path, answer.status]).toEqual([path, 404])
      expect(await answer.text()).toContain(`<title>${notFound}`)
    }
    const call = await ask('/files/%E0analysis', 'POST')
    expect(call.status).toBe(302)
  })
})

describe('a body that is not a form, and a method a route does not take', () => {
  it('a page’s form refuses it as an empty form, in the caller’s language — never a 500', async () => {
    const headers = { Cookie: `${cookie}; ${(await cultureCookie.serialize('en')).split(';')[0]}`, Origin: server.origin }
    for (const path of ['/?index', '/memories', '/glossaries', '/exchange', '/settings/tokens', '/sign-in', '/sign-up', '/translate/1/x', '/glossaries/1']) {
      for (const type of ['text/plain', 'application/json', 'multipart/form-data', 'multipart/form-data; boundary=none']) {
        const answer = await fetch(`${server.origin}${path}`, { method: 'POST', headers: { ...headers, 'Content-Type': type }, body: '{"x":1}', redirect: 'manual' })
        const text = await answer.text()
        expect([path, type, answer.status < 500]).toEqual([path, type, true])
        if (answer.status !== 302) expect(text, path).toMatch(/<html lang="en"/)
      }
    }
  })

  it('a form over 1 MiB is refused with 413, not kept past the limit, in the caller’s language — a page or the API’s JSON', async () => {
    const ru = JSON.parse(fs.readFileSync('public/locales/ru/common.json', 'utf8')) as { errors: { tooLargeTitle: string }; api: { formTooLarge: string } }
    const headers = { Cookie: `${cookie}; ${(await cultureCookie.serialize('ru')).split(';')[0]}`, Origin: server.origin, 'Content-Type': 'application/x-www-form-urlencoded' }
    const big = `name=${'a'.repeat(FORM_MAX_BYTES)}`
    // Declared by Content-Length, and sent in chunks with no length declared.
    const chunked = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let sent = 0; sent <= FORM_MAX_BYTES; sent += 65_536) controller.enqueue(new TextEncoder().encode('a'.repeat(65_536)))
          controller.close()
        },
      })
    for (const body of [big, chunked()]) {
      const page = await fetch(`${server.origin}/memories`, { method: 'POST', headers, body, duplex: 'half' } as RequestInit)
      expect(page.status).toBe(413)
      expect(await page.text()).toContain(`<title>${ru.errors.tooLargeTitle}`)
    }
    for (const path of ['/segments/translate', '/tokens']) {
      const call = await fetch(`${server.origin}${path}`, { method: 'POST', headers, body: big })
      expect([path, call.status]).toEqual([path, 413])
      expect(await call.json()).toEqual({ errors: [{ code: 'FormTooLarge', message: ru.api.formTooLarge.replace('{{megabytes}}', '1') }] })
    }
    // Just under the limit the form is read: the answer is the call's own.
    const under = await fetch(`${server.origin}/segments/translate`, { method: 'POST', headers, body: `segmentId=0&translation=${'a'.repeat(FORM_MAX_BYTES - 100)}` })
    expect(under.status).toBe(404)
  })

  it('a download or JSON resource answers any method but GET with 405, Allow: GET and the reason translated', async () => {
    const reason = (JSON.parse(fs.readFileSync('public/locales/ru/common.json', 'utf8')) as { api: { wrongMethod: string } }).api.wrongMethod
    const headers = { Cookie: `${cookie}; ${(await cultureCookie.serialize('ru')).split(';')[0]}`, Origin: server.origin }
    for (const path of ['/openapi.json', '/locales/lv/bundle.json?ns=common', '/exchange/export', '/translate/1/x/lookup', '/translate/1/x/more', '/translate/1/x/qa.csv', '/files/1/x/original', '/files/1/x/translated', '/memories/1/export', '/glossaries/1/export']) {
      for (const method of ['POST', 'PUT', 'DELETE']) {
        const answer = await fetch(`${server.origin}${path}`, { method, headers })
        expect([path, method, answer.status, answer.headers.get('Allow')]).toEqual([path, method, 405, 'GET'])
        expect(await answer.json()).toEqual({ errors: [{ code: 'MethodNotAllowed', message: reason.replace('{{method}}', 'GET') }] })
      }
    }
  })
})
