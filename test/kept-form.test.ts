import { beforeAll, describe, expect, it } from 'vitest'
import { loader as rootLoader } from '~/root'
import { action as memoriesAction, loader as memoriesLoader } from '~/routes/memories._index'
import { action as signInAction } from '~/routes/sign-in'
import { action as signOutAction } from '~/routes/sign-out'
import { action as translateAction } from '~/routes/translate.$projectId.$password'
import { keepPostedForm } from '~/lib/auth/kept-form.server'
import { createUser } from '~/lib/auth/users.server'
import { withTestDatabase } from './database'
import { readyProject } from './ready-project'
import { BASE, context, cookieJar, get, post, settle } from './remix'

/**
 * A form outside the translator's own (decision 0022), posted after the session ended, is kept for the page it was
 * sent from; after signing in that page offers to send it again, and nothing was done meanwhile.
 */
const database = withTestDatabase()
const owner = { email: 'kept-form@example.lv', password: 'a long password' }
let ownerId: number

beforeAll(async () => {
  const user = await createUser({ ...owner, name: 'F' })
  if (!user.ok) throw new Error('no user')
  ownerId = user.user.id
})

async function signedIn() {
  const jar = cookieJar()
  jar.take((await settle(() => signInAction({ request: post('/sign-in', owner), params: {}, context }))).headers)
  return jar
}

/** A form's post as a browser sends it from `page`. */
function postFrom(page: string, path: string, fields: Record<string, string> | [string, string][], cookie: string): Request {
  const request = post(path, fields, cookie)
  request.headers.set('Referer', new URL(page, BASE).toString())
  return request
}

type Root = { keptForm?: { action: string; fields: [string, string][]; values: [string, string][] }; flash?: { key: string } }

const memory = { intent: 'create', name: 'Medicīna', sourceLang: 'en', targetLang: 'lv' }

describe('a form posted after the session ended', () => {
  it('is kept for its page, offered there once after signing in, and does nothing meanwhile', async () => {
    const jar = await signedIn()
    await database.current().query(`update sessions set expires_at = now() - interval '1 minute'`)
    // As the page's scripts post it (Remix adds _data, which is no part of the address kept).
    const posted = await settle(() => memoriesAction({ request: postFrom('/memories', '/memories?index&_data=routes%2Fmemories._index', memory, jar.header()), params: {}, context }))
    expect(posted.status).toBe(302)
    expect(posted.location).toBe(`/sign-in?redirectTo=${encodeURIComponent('/memories')}`)
    jar.take(posted.headers)
    expect(jar.has('tulks_kept_form')).toBe(true)
    const signInPage = await settle<Root>(() => rootLoader({ request: get('/sign-in', jar.header()), params: {}, context }))
    expect(signInPage.data.flash).toMatchObject({ key: 'auth:sessionEndedKept' })
    expect(signInPage.data.keptForm).toBeUndefined()
    expect(await database.current().query('select name from memories where owner_id = $1', [ownerId])).toEqual([])

    jar.take((await settle(() => signInAction({ request: post('/sign-in', owner), params: {}, context }))).headers)
    // Another page first: the form waits for its own.
    const other = await settle<Root>(() => rootLoader({ request: get('/', jar.header()), params: {}, context }))
    expect(other.data.keptForm).toBeUndefined()
    // As the page's scripts ask for it (Remix's _data parameter is not part of the page's address).
    const page = await settle<Root>(() => rootLoader({ request: get('/memories?_data=root', jar.header()), params: {}, context }))
    expect(page.data.keptForm).toEqual({
      action: '/memories?index',
      fields: [
        ['intent', 'create'],
        ['name', 'Medicīna'],
        ['sourceLang', 'en'],
        ['targetLang', 'lv'],
      ],
      values: [
        ['name', 'Medicīna'],
        ['sourceLang', 'en'],
        ['targetLang', 'lv'],
      ],
    })
    jar.take(page.headers)
    expect(jar.has('tulks_kept_form')).toBe(false)
    const again = await settle<Root>(() => rootLoader({ request: get('/memories', jar.header()), params: {}, context }))
    expect(again.data.keptForm).toBeUndefined()
    expect(await database.current().query('select * from kept_forms')).toEqual([])

    // Sent again as the page offers it, signed in: the memory is made.
    const sent = await settle(() => memoriesAction({ request: postFrom('/memories', page.data.keptForm!.action, page.data.keptForm!.fields, jar.header()), params: {}, context }))
    expect(sent.location).toBe('/memories')
    expect(await database.current().query('select name from memories where owner_id = $1', [ownerId])).toEqual([{ name: 'Medicīna' }])
  })

  it('without a Referer, is kept for the address it was posted to', async () => {
    const kept = await keepPostedForm(post('/memories?index', memory), ownerId)
    expect(kept?.returnTo).toBe('/memories?index')
    const [row] = await database.current().query<{ page: string; action: string }>('select page, action from kept_forms order by kept_at desc limit 1')
    expect(row).toEqual({ page: '/memories?index', action: '/memories?index' })
  })

  it('keeps nothing with a password, a file, another site as its page, or more than 16 KiB', async () => {
    await database.current().query('delete from kept_forms')
    expect(await keepPostedForm(post('/settings', { currentPassword: 'secret', name: 'x' }), ownerId)).toBeUndefined()
    expect(await keepPostedForm(post('/memories?index', { ...memory, name: 'x'.repeat(17_000) }), ownerId)).toBeUndefined()
    const withFile = new FormData()
    withFile.set('intent', 'import')
    withFile.set('file', new File(['<tmx/>'], 'a.tmx'))
    expect(await keepPostedForm(new Request(`${BASE}/memories?index`, { method: 'POST', body: withFile }), ownerId)).toBeUndefined()
    expect(await database.current().query('select * from kept_forms')).toEqual([])
    // A Referer of another site is not a page to return to: the form's own address is.
    const foreign = post('/memories?index', memory)
    foreign.headers.set('Referer', 'https://elsewhere.example/memories')
    expect((await keepPostedForm(foreign, ownerId))?.returnTo).toBe('/memories?index')
  })

  it('holds at most twenty forms a user, the newest, each a day, whatever others keep', async () => {
    await database.current().query('delete from kept_forms')
    const other = await createUser({ email: 'kept-form-other@example.lv', name: 'O', password: 'a long password' })
    if (!other.ok) throw new Error('no user')
    await database.current().query(
      `insert into kept_forms (token_hash, user_id, page, action, fields, kept_at)
       select 'old' || n, $1, '/', '/', 'a=b', now() - interval '1 hour' - n * interval '1 second' from generate_series(1, 20) n`,
      [ownerId],
    )
    await database.current().query(
      `insert into kept_forms (token_hash, user_id, page, action, fields, kept_at) values ('stale', $1, '/', '/', 'a=b', now() - interval '25 hours')`,
      [ownerId],
    )
    // Many forms of another user evict none of this one's.
    for (let n = 0; n < 25; n++) await keepPostedForm(post('/memories?index', memory), other.user.id)
    expect(await database.current().query('select count(*)::int as n from kept_forms where user_id = $1', [ownerId])).toEqual([{ n: 20 }])
    await keepPostedForm(post('/memories?index', memory), ownerId)
    expect(await database.current().query('select count(*)::int as n from kept_forms where user_id = $1', [ownerId])).toEqual([{ n: 20 }])
    expect(await database.current().query('select count(*)::int as n from kept_forms where user_id = $1', [other.user.id])).toEqual([{ n: 20 }])
    expect(await database.current().query(`select * from kept_forms where token_hash in ('stale', 'old20')`)).toEqual([])
    expect(await database.current().query(`select page from kept_forms where page <> '/' and user_id = $1`, [ownerId])).toEqual([{ page: '/memories?index' }])
  })

  it('keeps nothing for a post with no session or a session cookie no session had (issue 50)', async () => {
    await database.current().query('delete from kept_forms')
    const anonymous = await settle(() => memoriesAction({ request: postFrom('/memories', '/memories?index', memory, ''), params: {}, context }))
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.getSetCookie().some((line) => line.startsWith('tulks_kept_form='))).toBe(false)
    const forged = await settle(() => memoriesAction({ request: postFrom('/memories', '/memories?index', memory, 'tulks_session=forged-token-value'), params: {}, context }))
    expect(forged.status).toBe(302)
    expect(forged.headers.getSetCookie().some((line) => line.startsWith('tulks_kept_form='))).toBe(false)
    expect(await database.current().query('select * from kept_forms')).toEqual([])
  })

  it('keeps a form another tab posts after signing out in this one, for that user, with the message (issue 50)', async () => {
    await database.current().query('delete from kept_forms')
    const jar = await signedIn()
    jar.take((await settle(() => signOutAction({ request: post('/sign-out', {}, jar.header()), params: {}, context }))).headers)
    // Signing out removed the session cookie for every tab; the ended session's cookie says whose it was.
    expect(jar.has('tulks_session')).toBe(false)
    expect(jar.has('tulks_ended')).toBe(true)
    const posted = await settle(() => memoriesAction({ request: postFrom('/memories', '/memories?index', memory, jar.header()), params: {}, context }))
    expect(posted.location).toMatch(/^\/sign-in\?redirectTo=/)
    jar.take(posted.headers)
    expect(jar.has('tulks_kept_form')).toBe(true)
    expect((await database.current().query<{ userId: number }>('select user_id as "userId" from kept_forms')).map((row) => row.userId)).toEqual([ownerId])
    const signIn = await settle<Root>(() => rootLoader({ request: get(posted.location!, jar.header()), params: {}, context }))
    expect(signIn.data.flash?.key).toBe('auth:sessionEndedKept')
    // A page visited while signed out says nothing of an expired session (it was ended on purpose).
    const visit = await settle(() => memoriesLoader({ request: get('/memories', `tulks_ended=${/tulks_ended=([^;]*)/.exec(jar.header())![1]}`), params: {}, context }))
    expect(visit.location).toMatch(/^\/sign-in/)
    expect(visit.headers.getSetCookie()).toEqual([])
  })

  it('gives a kept form back only to its user, not to whoever signs in next in that browser (issue 50)', async () => {
    const jar = await signedIn()
    await database.current().query('update sessions set expires_at = now()')
    const posted = await settle(() => memoriesAction({ request: postFrom('/memories', '/memories?index', memory, jar.header()), params: {}, context }))
    jar.take(posted.headers)
    expect(jar.has('tulks_kept_form')).toBe(true)
    const stranger = { email: 'kept-form-stranger@example.lv', password: 'another long password' }
    await createUser({ ...stranger, name: 'S' })
    jar.take((await settle(() => signInAction({ request: post('/sign-in', stranger), params: {}, context }))).headers)
    const page = await settle<Root>(() => rootLoader({ request: get('/memories', jar.header()), params: {}, context }))
    expect(page.data.keptForm).toBeUndefined()
    // Still there for its own user.
    jar.take((await settle(() => signInAction({ request: post('/sign-in', owner), params: {}, context }))).headers)
    const own = await settle<Root>(() => rootLoader({ request: get('/memories', jar.header()), params: {}, context }))
    expect(own.data.keptForm?.action).toBe('/memories?index')
  })

  it("keeps the translator's settings posted from a page with no segment in view, and its toolbar's forms, offered on that page", async () => {
    const { project } = await readyProject(ownerId, 'settings.txt', 'One sentence.\nTwo sentences.')
    const base = `/translate/${project.id}/${project.password}`
    const params = { projectId: String(project.id), password: project.password }
    const jar = await signedIn()
    await database.current().query('update sessions set expires_at = now()')
    const searched = `${base}?searchInSource=nowhere`
    const fields: [string, string][] = [
      ['intent', 'project-settings'],
      ['updateMt', 'on'],
      ['qaCheck', 'numbers'],
    ]
    // Posted from the searched page without a session, then signed in again: that page as the root loader gives it.
    const sentSignedOut = async (sent: [string, string][]) => {
      const posted = await settle(() => translateAction({ request: postFrom(searched, base, sent, jar.header()), params, context }))
      expect(posted.location).toBe(`/sign-in?redirectTo=${encodeURIComponent(searched)}`)
      jar.take(posted.headers)
      jar.take((await settle(() => signInAction({ request: post('/sign-in', owner), params: {}, context }))).headers)
      return settle<Root>(() => rootLoader({ request: get(searched, jar.header()), params: {}, context }))
    }
    const page = await sentSignedOut(fields)
    expect(page.data.keptForm).toMatchObject({ action: base, fields })

    // The toolbar's pretranslation the same way; the page it returns to is no value shown.
    await database.current().query('update sessions set expires_at = now()')
    const pretranslate: [string, string][] = [
      ['back', searched],
      ['intent', 'pretranslate-tm'],
    ]
    const offered = await sentSignedOut(pretranslate)
    expect(offered.data.keptForm).toEqual({ action: base, fields: pretranslate, values: [] })
    expect(await database.current().query('select count(*)::int as n from tasks where project_id = $1 and kind like $2', [project.id, 'pretranslat%'])).toEqual([{ n: 0 }])
  })
})
