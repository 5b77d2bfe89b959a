import { createServer, type Server } from 'node:http'
import { type AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createSession } from '~/lib/auth/session.server'
import { createUser, type User } from '~/lib/auth/users.server'
import { resetMtRegistryForTests } from '~/lib/mt/registry.server'
import { saveProfile } from '~/lib/profile/profile.server'
import { type ProjectSummary } from '~/lib/projects/projects.server'
import { withTestDatabase } from './database'
import { setEnv } from './env'
import { readyProject } from './ready-project'
import { BASE, context, get, post, settle } from './remix'

/**
 * Issue 6 "Improve MT" and "fill from MT at upload" with a provider that accepts feedback. The Tilde MT API cannot
 * be reached from here: a local node:http server answers in its documented format (as app/lib/mt/tilde.server.test.ts
 * does) with a toy engine, and records the UpdateTranslation calls.
 */
const SYSTEM = 'tilde:smt-en-lv'
const database = withTestDatabase()
let server: Server
let tildeUrl: string
let feedback: { text: string; translation: string }[] = []
let failFeedback = false
let user: User
let cookie: string
let project: ProjectSummary
let ids: number[]

const html = `<!doctype html><html lang="en"><body><p>The house is big.</p><p>The house is small.</p><p>The house is old.</p></body></html>`

beforeAll(async () => {
  server = createServer((request, response) => {
    void (async () => {
      let body = ''
      for await (const chunk of request) body += String(chunk)
      const fields = (body ? JSON.parse(body) : {}) as Record<string, string>
      const json = (value: unknown) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value))
      const path = new URL(request.url ?? '/', 'http://localhost').pathname
      if (path.endsWith('/GetSystemList')) {
        return json({
          System: [
            {
              ID: 'smt-en-lv',
              Domain: 'General',
              Title: { Text: 'English-Latvian NMT' },
              SourceLanguage: { Code: 'en' },
              TargetLanguage: { Code: 'lv' },
              Metadata: [{ Key: 'status', Value: 'running' }],
            },
          ],
        })
      }
      if (path.endsWith('/TranslateEx')) return json({ translation: (fields.text ?? '').replace(/The house/g, 'Māja'), qualityEstimate: 0 })
      if (path.endsWith('/UpdateTranslation')) {
        if (failFeedback) return void response.writeHead(500).end()
        feedback.push({ text: fields.text ?? '', translation: fields.translation ?? '' })
        return void response.writeHead(200).end()
      }
      response.writeHead(404).end()
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  tildeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const made = await createUser({ email: 'mt-feedback@example.lv', name: 'Ieva', password: 'a long password' })
  if (!made.ok) throw new Error('no user')
  user = made.user
  cookie = (await createSession(user.id, new Request(BASE))).split(';')[0]!
  ;({ project, ids } = await readyProject(user.id, 'feedback.html', html))
  await database.current().query('update projects set mt_system_id = $2 where id = $1', [project.id, SYSTEM])
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

function useTilde() {
  setEnv({ TILDE_MT_URL: tildeUrl, TILDE_MT_CLIENT_ID: 'u-test', APERTIUM_URL: undefined, MT_TIMEOUT_MS: '3000' })
  resetMtRegistryForTests()
  feedback = []
  failFeedback = false
}
afterEach(() => resetMtRegistryForTests())

const params = () => ({ projectId: String(project.id), password: project.password })
const path = () => `/translate/${project.id}/${project.password}`
async function act(fields: Record<string, string>) {
  const { action } = await import('~/routes/translate.$projectId.$password')
  return settle(async () => action({ request: post(path(), { renderedAt: '0', ...fields }, cookie), params: params(), context }))
}
async function translatorPage(query: string) {
  const { loader } = await import('~/routes/translate.$projectId.$password')
  return (await settle<{ mt: { suggestion?: unknown; acceptsFeedback: boolean } }>(async () =>
    loader({ request: get(`${path()}?${query}`, cookie), params: params(), context }),
  )).data
}
const setUpdateMt = (on: boolean) => database.current().query('update projects set update_mt = $2 where id = $1', [project.id, on])
const settled = () => new Promise((resolve) => setTimeout(resolve, 300))

describe('improve MT (update_mt)', () => {
  it('offers the option where the provider accepts feedback, and the suggestion comes from it', async () => {
    useTilde()
    const page = await translatorPage(`segment=${ids[0]}`)
    expect(page.mt.acceptsFeedback).toBe(true)
    expect(page.mt.suggestion).toEqual({ ok: true, systemId: SYSTEM, createdBy: 'English-Latvian NMT', target: 'Māja is big.' })
  })

  it('sends a confirmed segment (stored source, confirmed target) in the background when the file’s option is on', async () => {
    useTilde()
    await setUpdateMt(true)
    const answer = await act({ intent: 'confirm', segmentId: String(ids[0]), target: 'Māja ir liela.', source: 'forged source' })
    expect(answer.status).toBe(302)
    await settled()
    expect(feedback).toEqual([{ text: 'The house is big.', translation: 'Māja ir liela.' }])
  })

  it('sends nothing when the option is off', async () => {
    useTilde()
    await setUpdateMt(false)
    await act({ intent: 'confirm', segmentId: String(ids[1]), target: 'Māja ir maza.' })
    await settled()
    expect(feedback).toEqual([])
  })

  it('never fails the confirm when the provider refuses the feedback', async () => {
    useTilde()
    failFeedback = true
    await setUpdateMt(true)
    const answer = await act({ intent: 'confirm', segmentId: String(ids[2]), target: 'Māja ir veca.' })
    expect(answer.status).toBe(302)
    await settled()
    const [row] = await database.current().query<{ status: string }>('select status from segments where id = $1', [ids[2]])
    expect(row?.status).toBe('TRANSLATED')
  })
})

describe('upload with "fill from MT" (mt_pretranslate)', () => {
  it('pretranslates after the analysis, as MT drafts, and counts them in the MT band', async () => {
    useTilde()
    await saveProfile(user.id, { tmPretranslate: false, mtPretranslate: true, updateMt: false })
    const form = new FormData()
    form.set('source_language', 'en')
    form.set('target_language', 'lv')
    form.set('mt_system', SYSTEM)
    form.set('files', new File([html], 'filled.html', { type: 'text/html' }))
    const { action } = await import('~/routes/_index')
    const answer = await settle(async () =>
      action({ request: new Request(`${BASE}/`, { method: 'POST', body: form, headers: { Cookie: cookie, Origin: BASE } }), params: {}, context }),
    )
    expect(answer.status).toBe(302)
    const { startWorker } = await import('~/lib/jobs/worker.server')
    const { taskHandlers } = await import('~/lib/projects/pipeline.server')
    const worker = startWorker({ handlers: taskHandlers, pollMs: 10, log: () => {} })
    await worker.idle()
    await worker.stop()
    const [filled] = await database.current().query<{ id: number; analysisStatus: string; bands: { mt: number } }>(
      `select id, analysis_status as "analysisStatus", analysis_bands as bands from projects where owner_id = $1 and name = 'filled.html'`,
      [user.id],
    )
    expect(filled?.analysisStatus).toBe('DONE')
    const segments = await database.current().query<{ target: string; status: string; saveType: string }>(
      'select target, status, save_type as "saveType" from segments where project_id = $1 order by position',
      [filled!.id],
    )
    expect(segments.map((segment) => [segment.target, segment.status, segment.saveType])).toEqual([
      ['Māja is big.', 'DRAFT', 'MT'],
      ['Māja is small.', 'DRAFT', 'MT'],
      ['Māja is old.', 'DRAFT', 'MT'],
    ])
    expect(filled?.bands.mt).toBe(12)
  })
})
