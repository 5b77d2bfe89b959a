import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { resetMtRegistryForTests } from '~/lib/mt/registry.server'
import type { ProjectSummary } from '~/lib/projects/projects.server'
import { action as callAction, loader as callLoader } from '~/routes/$'
import { signedInUser } from './accounts'
import { withTestDatabase } from './database'
import { setEnv } from './env'
import { readyProject } from './ready-project'
import { BASE, context } from './remix'

/** Issue 16 (SPEC §7): the per-file settings calls — update-mt-for-file (GET and save) and save-mt-system. */
const database = withTestDatabase()
const apertium = process.env.APERTIUM_URL
let cookie: string
let strangerCookie: string
let project: ProjectSummary

beforeAll(async () => {
  const owner = await signedInUser('iestatijumi@example.lv', 'Iestatījumu Tests')
  ;({ cookie } = owner)
  strangerCookie = (await signedInUser('cits-iest@example.lv')).cookie
  ;({ project } = await readyProject(owner.user.id, 'iestatijumi.txt', 'One.\n'))
})

afterEach(() => resetMtRegistryForTests())

async function json(response: Promise<Response> | Response) {
  const answer = await response
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> & { errors?: { code: string }[] } }
}
const [saveMtSystem, saveUpdateMt] = ['/settings/save-mt-system', '/settings/save-update-mt-for-file']
const post = (path: string, form: Record<string, string>, who = cookie) =>
  json(callAction({ request: new Request(`${BASE}${path}`, { method: 'POST', body: new URLSearchParams(form), headers: { Cookie: who } }), params: {}, context }))
const get = (query: string, who = cookie) => json(callLoader({ request: new Request(`${BASE}/settings/update-mt-for-file?${query}`, { headers: { Cookie: who } }), params: {}, context }))

describe('settings/update-mt-for-file and save-update-mt-for-file', () => {
  it('read the profile’s value until the file has its own, then the file’s', async () => {
    const projectId = String(project.id)
    expect(await get(`projectId=${projectId}`)).toEqual({ status: 200, body: { projectId: project.id, update_mt: 0 } })
    expect(await post(saveUpdateMt, { projectId, updateMt: '1' })).toEqual({ status: 200, body: { projectId: project.id, update_mt: 1 } })
    expect((await get(`projectId=${projectId}`)).body.update_mt).toBe(1)
    expect((await post(saveUpdateMt, { projectId, updateMt: 'maybe' })).status).toBe(400)
    expect((await get(`projectId=${projectId}`, strangerCookie)).status).toBe(404)
    expect((await post(saveUpdateMt, { projectId, updateMt: '0' }, strangerCookie)).status).toBe(404)
    expect((await get('projectId=abc')).status).toBe(404)
    expect((await get(`projectId=${projectId}`)).body.update_mt).toBe(1)
  })
})

describe('settings/save-mt-system', () => {
  it('clears the system with an empty id and refuses one the languages do not offer', async () => {
    const projectId = String(project.id)
    expect(await post(saveMtSystem, { projectId, mtSystemId: '' })).toEqual({ status: 200, body: { projectId: project.id, mtSystemId: '' } })
    expect((await post(saveMtSystem, { projectId, mtSystemId: 'apertium:xxx|yyy' })).body.errors?.[0]?.code).toBe('UnknownMtSystem')
    expect((await post(saveMtSystem, { projectId })).status).toBe(400)
    expect((await post(saveMtSystem, { projectId, mtSystemId: '' }, strangerCookie)).status).toBe(404)
  })

  it.skipIf(!apertium)('saves a system the project’s languages offer (Apertium en → es)', async () => {
    setEnv({ APERTIUM_URL: apertium, MT_TIMEOUT_MS: '3000' })
    resetMtRegistryForTests()
    await database.current().query(`update projects set target_lang = 'es' where id = $1`, [project.id])
    expect(await post(saveMtSystem, { projectId: String(project.id), mtSystemId: 'apertium:eng|spa' })).toEqual({
      status: 200,
      body: { projectId: project.id, mtSystemId: 'apertium:eng|spa' },
    })
    const [row] = await database.current().query<{ system: string }>('select mt_system_id as system from projects where id = $1', [project.id])
    expect(row?.system).toBe('apertium:eng|spa')
  })
})
