import { beforeAll, describe, expect, it } from 'vitest'
import type { User } from '~/lib/auth/users.server'
import { db } from '~/lib/db/db.server'
import type { ProjectSummary } from '~/lib/projects/projects.server'
import { createMemory } from '~/lib/tm/memories.server'
import { writeUnit } from '~/lib/tm/units.server'
import { action as callAction } from '~/routes/$'
import { signedInUser } from './accounts'
import { withTestDatabase } from './database'
import { readyProject } from './ready-project'
import { BASE, context } from './remix'

/** Issue 16 (SPEC §7): tm/matches and tm/concordance-search as JSON calls, owner-scoped. */
withTestDatabase()
let owner: User
let project: ProjectSummary
let cookie: string
let strangerCookie: string

beforeAll(async () => {
  ;({ user: owner, cookie } = await signedInUser('tm-api@example.lv', 'TM API'))
  strangerCookie = (await signedInUser('tm-cits@example.lv')).cookie
  const memory = await createMemory(owner.id, { name: 'Galvenā', sourceLang: 'en', targetLang: 'lv' })
  await db().transaction(async (tx) => {
    await writeUnit(tx, [memory.id], { source: 'Open the file now.', target: 'Atveriet failu tagad.', createdBy: 'Anna' })
    await writeUnit(tx, [memory.id], { source: 'Open the big file now.', target: 'Atveriet lielo failu tagad.', createdBy: 'Pēteris' })
    await writeUnit(tx, [memory.id], { source: 'Close the window.', target: 'Aizveriet logu.', createdBy: 'Anna' })
  })
  ;({ project } = await readyProject(owner.id, 'tm-api.txt', 'Open the file today.\n'))
})

async function call(path: string, form: Record<string, string>, who = cookie) {
  const answer = await callAction({ request: new Request(`${BASE}${path}`, { method: 'POST', body: new URLSearchParams(form), headers: { Cookie: who } }), params: {}, context })
  return { status: answer.status, body: (await answer.json()) as unknown }
}

describe('tm/matches', () => {
  it('answers the best matches of a text, best first, in SPEC §3 suggestion fields', async () => {
    const ids = { projectId: String(project.id), projectPassword: project.password }
    const { status, body } = await call('/tm/matches', { ...ids, text: 'Open the file now.', count: '5', sourceLang: 'en', targetLang: 'lv' })
    expect(status).toBe(200)
    const matches = body as { createdBy: string; match: number; rawMatch: number; translation: string; segment: string }[]
    expect(matches[0]).toEqual({ createdBy: 'Anna', match: 100, rawMatch: 100, translation: 'Atveriet failu tagad.', segment: 'Open the file now.' })
    expect(matches[1]).toMatchObject({ createdBy: 'Pēteris', segment: 'Open the big file now.' })
    expect(matches[1]!.match).toBeLessThan(100)
    expect(matches.map((match) => match.segment)).not.toContain('Close the window.')
    expect((await call('/tm/matches', { ...ids, text: 'Open the file now.', count: '1' })).body).toHaveLength(1)
    expect((await call('/tm/matches', { ...ids, text: '   ' })).body).toEqual([])
    expect((await call('/tm/matches', { ...ids, text: 'x', count: '500' })).status).toBe(400)
  })

  it("is 404 for another user's project or a wrong password", async () => {
    const ids = { projectId: String(project.id), projectPassword: project.password, text: 'Open the file now.' }
    expect((await call('/tm/matches', ids, strangerCookie)).status).toBe(404)
    expect((await call('/tm/matches', { ...ids, projectPassword: 'wrong' })).status).toBe(404)
    expect((await call('/tm/matches', { text: 'Open', projectId: String(project.id) })).status).toBe(404) // password required here
  })
})

describe('tm/concordance-search', () => {
  it('finds whole words in the readable memories by projectId alone, owner-scoped', async () => {
    const found = await call('/tm/concordance-search', { projectId: String(project.id), text: 'file', sourceLang: 'en', targetLang: 'lv' })
    expect(found.status).toBe(200)
    expect(found.body).toEqual([
      { raw_segment: 'Open the big file now.', translation: 'Atveriet lielo failu tagad.' },
      { raw_segment: 'Open the file now.', translation: 'Atveriet failu tagad.' },
    ])
    expect((await call('/tm/concordance-search', { projectId: String(project.id), text: 'logu' })).body).toEqual([
      { raw_segment: 'Close the window.', translation: 'Aizveriet logu.' },
    ])
    expect((await call('/tm/concordance-search', { projectId: String(project.id), text: '' })).body).toEqual([])
    expect((await call('/tm/concordance-search', { projectId: String(project.id), text: 'file' }, strangerCookie)).status).toBe(404)
    expect((await call('/tm/concordance-search', { projectId: String(project.id), projectPassword: 'wrong', text: 'file' })).status).toBe(404)
  })
})
