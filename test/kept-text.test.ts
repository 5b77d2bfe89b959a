import { beforeAll, describe, expect, it } from 'vitest'
import { loader as rootLoader } from '~/root'
import { action as signInAction } from '~/routes/sign-in'
import { action as translateAction, loader as translateLoader } from '~/routes/translate.$projectId.$password'
import { createUser } from '~/lib/auth/users.server'
import type { ProjectSummary } from '~/lib/projects/projects.server'
import { withTestDatabase } from './database'
import { readyProject } from './ready-project'
import { context, cookieJar, get, post, settle } from './remix'

/** A translation posted after the session ended is kept while its translator signs in again, and nothing is lost. */
const database = withTestDatabase()
const owner = { email: 'kept@example.lv', password: 'a long password' }
let project: ProjectSummary
let ids: number[]
let base: string
let params: { projectId: string; password: string }

beforeAll(async () => {
  const user = await createUser({ ...owner, name: 'K' })
  if (!user.ok) throw new Error('no user')
  ;({ project, ids } = await readyProject(user.user.id, 'kept.txt', 'First sentence.\nSecond sentence.\nThird sentence.'))
  base = `/translate/${project.id}/${project.password}`
  params = { projectId: String(project.id), password: project.password }
})

async function signedIn() {
  const jar = cookieJar()
  jar.take((await settle(() => signInAction({ request: post('/sign-in', owner), params: {}, context }))).headers)
  return jar
}

function confirm(segmentId: number, target: string, cookie: string, path = base) {
  const fields = { intent: 'confirm', segmentId: String(segmentId), source: '', target, renderedAt: String(Date.now()), panel: 'comments' }
  return settle(() => translateAction({ request: post(path, fields, cookie), params, context }))
}

type Page = {
  kept?: { segmentId: number; kind: string; text?: string; term?: object; settings?: object }
  activeId?: number
  segments: { id: number; target: string | null }[]
}

describe('a translation posted after the session ended', () => {
  it('is kept through signing in again, shown once in its segment, and never saved meanwhile', async () => {
    const jar = await signedIn()
    await database.current().query(`update sessions set expires_at = now() - interval '1 minute'`)
    const posted = await confirm(ids[1]!, 'Otrais teikums.', jar.header())
    expect(posted.status).toBe(302)
    // Signing in returns to the segment, keeping the open tab.
    expect(posted.location).toBe(`/sign-in?redirectTo=${encodeURIComponent(`${base}?segment=${ids[1]}&panel=comments`)}`)
    jar.take(posted.headers)
    expect(jar.has('tulks_session')).toBe(false)
    expect(jar.has('tulks_kept')).toBe(true)
    const signInPage = await settle<{ flash?: { key: string; text: string } }>(() => rootLoader({ request: get('/sign-in', jar.header()), params: {}, context }))
    expect(signInPage.data.flash).toMatchObject({ key: 'auth:sessionEndedKept', text: expect.stringContaining('nav zudis') })
    const [stored] = await database.current().query('select target, status from segments where id = $1', [ids[1]])
    expect(stored).toEqual({ target: null, status: 'NEW' })

    jar.take((await settle(() => signInAction({ request: post('/sign-in', owner), params: {}, context }))).headers)
    const page = await settle<Page>(() => translateLoader({ request: get(`${base}?segment=${ids[1]}`, jar.header()), params, context }))
    expect(page.data.kept).toEqual({ segmentId: ids[1], kind: 'target', text: 'Otrais teikums.' })
    jar.take(page.headers)
    expect(jar.has('tulks_kept')).toBe(false)
    const again = await settle<Page>(() => translateLoader({ request: get(`${base}?segment=${ids[1]}`, jar.header()), params, context }))
    expect(again.data.kept).toBeUndefined()
    expect(await database.current().query('select * from kept_texts')).toEqual([])
  })

  it('waits for its own segment: another segment opened first leaves it kept', async () => {
    const jar = await signedIn()
    await database.current().query('update sessions set expires_at = now()')
    const posted = await confirm(ids[2]!, 'Trešais teikums.', jar.header())
    jar.take(posted.headers)
    jar.take((await settle(() => signInAction({ request: post('/sign-in', owner), params: {}, context }))).headers)
    const other = await settle<Page>(() => translateLoader({ request: get(`${base}?segment=${ids[0]}`, jar.header()), params, context }))
    expect(other.data.kept).toBeUndefined()
    const own = await settle<Page>(() => translateLoader({ request: get(`${base}?segment=${ids[2]}`, jar.header()), params, context }))
    expect(own.data.kept).toEqual({ segmentId: ids[2], kind: 'target', text: 'Trešais teikums.' })
  })

  it('keeps a comment being published, back in the comments tab of its segment, and publishes nothing meanwhile', async () => {
    const jar = await signedIn()
    await database.current().query('update sessions set expires_at = now()')
    const fields = { intent: 'comment-add', segmentId: String(ids[0]), message: 'Vai te domāts "teikums"?' }
    const posted = await settle(() => translateAction({ request: post(base, fields, jar.header()), params, context }))
    expect(posted.location).toBe(`/sign-in?redirectTo=${encodeURIComponent(`${base}?segment=${ids[0]}&panel=comments`)}`)
    jar.take(posted.headers)
    expect(await database.current().query('select id from comments')).toEqual([])
    jar.take((await settle(() => signInAction({ request: post('/sign-in', owner), params: {}, context }))).headers)
    const page = await settle<Page>(() => translateLoader({ request: get(`${base}?segment=${ids[0]}&panel=comments`, jar.header()), params, context }))
    expect(page.data.kept).toEqual({ segmentId: ids[0], kind: 'comment', text: 'Vai te domāts "teikums"?' })
  })

  it('keeps a glossary term being added, back in the form of its segment, and adds nothing meanwhile', async () => {
    const jar = await signedIn()
    await database.current().query('update sessions set expires_at = now()')
    const fields = { intent: 'add-term', segmentId: String(ids[1]), newTermSource: 'sentence', newTermTarget: 'teikums', newTermGlossary: '7' }
    const posted = await settle(() => translateAction({ request: post(base, fields, jar.header()), params, context }))
    expect(posted.location).toBe(`/sign-in?redirectTo=${encodeURIComponent(`${base}?segment=${ids[1]}`)}`)
    jar.take(posted.headers)
    expect(await database.current().query('select id from glossary_concepts')).toEqual([])
    jar.take((await settle(() => signInAction({ request: post('/sign-in', owner), params: {}, context }))).headers)
    const page = await settle<Page>(() => translateLoader({ request: get(`${base}?segment=${ids[1]}`, jar.header()), params, context }))
    expect(page.data.kept).toEqual({ segmentId: ids[1], kind: 'term', term: { source: 'sentence', target: 'teikums', glossaryId: '7' } })

    // A form with neither term keeps nothing.
    await database.current().query('update sessions set expires_at = now()')
    const empty = await settle(() => translateAction({ request: post(base, { ...fields, newTermSource: ' ', newTermTarget: '' }), params, context }))
    expect(empty.headers.getSetCookie().some((line) => line.startsWith('tulks_kept='))).toBe(false)
  })

  it("keeps the project's settings being saved, back in the open settings menu, and changes nothing meanwhile", async () => {
    const jar = await signedIn()
    await database.current().query('update sessions set expires_at = now()')
    const [before] = await database.current().query('select update_mt, qa_off from projects where id = $1', [project.id])
    // Two memories listed, the first read and written, the second neither; MT feedback on; two QA checks left on.
    const fields: [string, string][] = [
      ['intent', 'project-settings'],
      ['segmentId', String(ids[2])],
      ['back', `${base}?segment=${ids[2]}`],
      ['updateMt', 'on'],
      ['memoryId', '41'],
      ['read', '41'],
      ['write', '41'],
      ['memoryId', '42'],
      ['glossaryId', '7'],
      ['glossaryRead', '7'],
      ['qaCheck', 'numbers'],
      ['qaCheck', 'spelling'],
    ]
    const posted = await settle(() => translateAction({ request: post(base, fields, jar.header()), params, context }))
    expect(posted.location).toBe(`/sign-in?redirectTo=${encodeURIComponent(`${base}?segment=${ids[2]}`)}`)
    jar.take(posted.headers)
    expect(await database.current().query('select update_mt, qa_off from projects where id = $1', [project.id])).toEqual([before])
    jar.take((await settle(() => signInAction({ request: post('/sign-in', owner), params: {}, context }))).headers)
    const page = await settle<Page>(() => translateLoader({ request: get(`${base}?segment=${ids[2]}`, jar.header()), params, context }))
    expect(page.data.kept).toEqual({
      segmentId: ids[2],
      kind: 'settings',
      settings: {
        updateMt: true,
        memories: [
          { id: 41, read: true, write: true },
          { id: 42, read: false, write: false },
        ],
        glossaries: [{ id: 7, read: true, write: false }],
        propagate: false,
        qaOff: ['spaces', 'punctuation', 'identical', 'length', 'limits', 'terms', 'inconsistency'],
      },
    })
  })

  it('keeps nothing for a wrong password, a segment of another project, an empty or unchanged text', async () => {
    const before = await database.current().query('select count(*)::int as n from kept_texts')
    const wrong = await settle(() =>
      translateAction({ request: post(`/translate/${project.id}/wrong`, { intent: 'confirm', segmentId: String(ids[0]), target: 'x' }), params: { ...params, password: 'wrong' }, context }),
    )
    expect(wrong.status).toBe(302)
    expect(wrong.headers.getSetCookie().some((line) => line.startsWith('tulks_kept='))).toBe(false)
    for (const [segmentId, target] of [[999_999, 'x'], [ids[0]!, ''], [ids[0]!, 'x'.repeat(10)]] as const) {
      await database.current().query(`update segments set target = $2 where id = $1`, [ids[0], 'x'.repeat(10)])
      const posted = await confirm(segmentId, target, '')
      expect(posted.status).toBe(302)
      expect(posted.location).toBe(`/sign-in?redirectTo=${encodeURIComponent(base)}`)
      expect(posted.headers.getSetCookie().some((line) => line.startsWith('tulks_kept='))).toBe(false)
    }
    expect(await database.current().query('select count(*)::int as n from kept_texts')).toEqual(before)
  })

  it('holds at most twenty texts a project, the newest', async () => {
    await database.current().query('delete from kept_texts')
    const jar = await signedIn()
    await database.current().query('update sessions set expires_at = now()')
    for (let n = 0; n < 25; n++) await confirm(ids[0]!, `Teksts ${n}`, jar.header())
    const rows = await database.current().query<{ text: string }>('select text from kept_texts order by kept_at, text')
    expect(rows).toHaveLength(20)
    expect(rows.map((row) => row.text)).not.toContain('Teksts 0')
    expect(rows.map((row) => row.text)).toContain('Teksts 24')
  })

  it('keeps nothing for a post with no session or a session cookie no session had, and gives a kept text to its user alone (issue 50)', async () => {
    await database.current().query('delete from kept_texts')
    expect((await confirm(ids[0]!, 'Bez sesijas.', '')).headers.getSetCookie().some((line) => line.startsWith('tulks_kept='))).toBe(false)
    expect((await confirm(ids[0]!, 'Viltota sesija.', 'tulks_session=forged')).headers.getSetCookie().some((line) => line.startsWith('tulks_kept='))).toBe(false)
    expect(await database.current().query('select * from kept_texts')).toEqual([])
  })
})
