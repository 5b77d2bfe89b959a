import { describe, expect, it, vi } from 'vitest'
import { loader as rootLoader } from '~/root'
import { action as languageAction } from '~/routes/language'
import { loader as indexLoader, action as indexAction } from '~/routes/_index'
import { action as signInAction, loader as signInLoader } from '~/routes/sign-in'
import { action as signOutAction } from '~/routes/sign-out'
import { action as signUpAction, loader as signUpLoader } from '~/routes/sign-up'
import { loader as splatLoader } from '~/routes/$'
import { withTestDatabase } from './database'
import { setEnv } from './env'
import { BASE, context, cookieJar, get, post, settle } from './remix'

const database = withTestDatabase()
const first = { name: 'Ilze Ozola', email: 'ilze@example.lv', password: 'correct horse battery', confirm: 'correct horse battery' }

async function signIn(email: string, password: string, redirectTo?: string) {
  const jar = cookieJar()
  const outcome = await settle(() =>
    signInAction({ request: post('/sign-in', { email, password, ...(redirectTo ? { redirectTo } : {}) }), params: {}, context }),
  )
  jar.take(outcome.headers)
  return { outcome, jar }
}

describe('first account', () => {
  it('sends the first visitor from sign-in to sign-up, keeping where they were going', async () => {
    const outcome = await settle(() => signInLoader({ request: get('/sign-in?redirectTo=%2F%3Fpage%3D2'), params: {}, context }))
    expect(outcome.status).toBe(302)
    expect(outcome.location).toBe('/sign-up?redirectTo=%2F%3Fpage%3D2')
  })

  it('refuses a short password with a translated field error and keeps the typed values', async () => {
    const outcome = await settle<{ errors: Record<string, string>; values: Record<string, string> }>(() =>
      signUpAction({ request: post('/sign-up', { ...first, password: 'short', confirm: 'short' }), params: {}, context }),
    )
    expect(outcome.status).toBe(400)
    expect(outcome.data.errors.password).toBe('auth:errors.passwordTooShort')
    expect(outcome.data.values).toEqual({ name: first.name, email: first.email })
    const [row] = await database.current().query<{ count: number }>('select count(*) as count from users')
    expect(row?.count).toBe(0)
  })

  it('refuses passwords that differ', async () => {
    const outcome = await settle<{ errors: Record<string, string> }>(() =>
      signUpAction({ request: post('/sign-up', { ...first, confirm: 'something else' }), params: {}, context }),
    )
    expect(outcome.data.errors.confirm).toBe('auth:errors.passwordsDiffer')
  })

  it('creates the first account, signs it in and lands where it was going', async () => {
    const jar = cookieJar()
    const outcome = await settle(() =>
      signUpAction({ request: post('/sign-up', { ...first, redirectTo: '/?page=2' }), params: {}, context }),
    )
    expect(outcome.status).toBe(302)
    expect(outcome.location).toBe('/?page=2')
    jar.take(outcome.headers)
    const cookie = outcome.headers.getSetCookie().find((line) => line.startsWith('tulks_session='))
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    const page = await settle(() => indexLoader({ request: get('/', jar.header()), params: {}, context }))
    expect(page.status).toBe(200)
  })

  it('stores a scrypt hash, never the password', async () => {
    const [row] = await database.current().query<{ password_hash: string }>('select password_hash from users')
    expect(row?.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/)
    expect(row?.password_hash).not.toContain(first.password)
  })

  it('closes sign-up once an account exists, unless ALLOW_SIGNUP is on', async () => {
    const closed = await settle<{ mode: string }>(() => signUpLoader({ request: get('/sign-up'), params: {}, context }))
    expect(closed.status).toBe(403)
    expect(closed.data.mode).toBe('closed')
    const refused = await settle<{ errors: Record<string, string> }>(() =>
      signUpAction({ request: post('/sign-up', { ...first, email: 'second@example.lv' }), params: {}, context }),
    )
    expect(refused.status).toBe(403)
    expect(refused.data.errors.form).toBe('auth:signUp.closed')

    setEnv({ ALLOW_SIGNUP: 'true' })
    const open = await settle<{ mode: string }>(() => signUpLoader({ request: get('/sign-up'), params: {}, context }))
    expect(open.data.mode).toBe('open')
    const taken = await settle<{ errors: Record<string, string> }>(() =>
      signUpAction({ request: post('/sign-up', { ...first, email: 'ILZE@example.lv' }), params: {}, context }),
    )
    expect(taken.status).toBe(409)
    expect(taken.data.errors.email).toBe('auth:errors.emailTaken')
    const created = await settle(() =>
      signUpAction({ request: post('/sign-up', { ...first, name: 'Second', email: 'second@example.lv' }), params: {}, context }),
    )
    expect(created.status).toBe(302)
  })
})

describe('signing in', () => {
  it('redirects an unauthenticated page request to sign-in with the location appended', async () => {
    const outcome = await settle(() => indexLoader({ request: get('/?page=3'), params: {}, context }))
    expect(outcome.status).toBe(302)
    expect(outcome.location).toBe('/sign-in?redirectTo=%2F%3Fpage%3D3')
  })

  it('uses SIGN_IN_URL when one is configured', async () => {
    setEnv({ SIGN_IN_URL: 'https://sso.example.lv/login' })
    const outcome = await settle(() => indexLoader({ request: get('/?page=3'), params: {}, context }))
    expect(outcome.location).toBe('https://sso.example.lv/login?redirectTo=%2F%3Fpage%3D3')
  })

  it('signs in and lands back on a same-site path', async () => {
    const { outcome, jar } = await signIn(first.email, first.password, '/?page=3')
    expect(outcome.status).toBe(302)
    expect(outcome.location).toBe('/?page=3')
    expect(jar.has('tulks_session')).toBe(true)
  })

  it.each(['//evil.example/', 'https://evil.example/', '/\\evil.example', '/\t/evil.example'])(
    'never redirects off-site (%s)',
    async (target) => {
      const { outcome } = await signIn(first.email, first.password, target)
      expect(outcome.location).toBe('/')
    },
  )

  it('refuses a wrong password with one message that does not say which part was wrong', async () => {
    const wrongPassword = await signIn(first.email, 'not the password')
    const unknownEmail = await signIn('nobody@example.lv', 'not the password')
    for (const { outcome } of [wrongPassword, unknownEmail]) {
      expect(outcome.status).toBe(401)
      expect((outcome.data as { errors: Record<string, string> }).errors.form).toBe('auth:errors.wrongCredentials')
      expect(outcome.headers.getSetCookie()).toEqual([])
    }
  })

  it('refuses an empty form with field errors', async () => {
    const { outcome } = await signIn('', '')
    expect(outcome.status).toBe(400)
    expect((outcome.data as { errors: Record<string, string> }).errors).toEqual({
      email: 'auth:errors.emailRequired',
      password: 'auth:errors.passwordRequired',
    })
  })

  it('locks an account after repeated failures, even for the right password, and slows failures down', async () => {
    setEnv({ SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '3', SIGN_IN_LOCK_MINUTES: '2' })
    await database.current().query('delete from sign_in_failures')
    const started = Date.now()
    expect((await signIn(first.email, 'wrong 1')).outcome.status).toBe(401)
    expect((await signIn(first.email, 'wrong 2')).outcome.status).toBe(401)
    const third = await signIn(first.email, 'wrong 3')
    expect(third.outcome.status).toBe(429)
    expect(third.outcome.data).toMatchObject({ errors: { form: 'auth:errors.locked' }, lockedMinutes: 2 })
    // second failure held 250 ms, third 500 ms
    expect(Date.now() - started).toBeGreaterThanOrEqual(700)
    const right = await signIn(first.email, first.password)
    expect(right.outcome.status).toBe(429)
    expect(right.jar.has('tulks_session')).toBe(false)
    // another account from the same address is not locked by this one
    const other = await signIn('second@example.lv', first.password)
    expect(other.outcome.status).toBe(302)
  })

  it('limits failures per address across accounts', async () => {
    setEnv({ SIGN_IN_MAX_FAILURES_PER_ADDRESS: '2', SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '50' })
    await database.current().query('delete from sign_in_failures')
    await signIn('a@example.lv', 'x')
    const second = await signIn('b@example.lv', 'x')
    expect(second.outcome.status).toBe(429)
    const elsewhere = await settle(() =>
      signInAction({
        request: post('/sign-in', { email: 'second@example.lv', password: first.password }),
        params: {},
        context: { ...context, clientAddress: '198.51.100.9' },
      }),
    )
    expect(elsewhere.status).toBe(302)
    await database.current().query('delete from sign_in_failures')
  })
})

describe('sessions', () => {
  it('signs out by ending the session row (kept a day, ended, to say whose a form posted on it was)', async () => {
    const { jar } = await signIn(first.email, first.password)
    const live = async () => (await database.current().query<{ n: number }>('select count(*)::int as n from sessions where expires_at > now()'))[0]!.n
    const before = await live()
    const out = await settle(() => signOutAction({ request: post('/sign-out', {}, jar.header()), params: {}, context }))
    expect(out.status).toBe(302)
    expect(out.location).toBe('/sign-in')
    expect(await live()).toBe(before - 1)
    // the old cookie no longer opens pages
    const page = await settle(() => indexLoader({ request: get('/', jar.header()), params: {}, context }))
    expect(page.status).toBe(302)
  })

  it('sends an expired session to sign-in with a message and removes its cookie', async () => {
    const { jar } = await signIn(first.email, first.password)
    await database.current().query(`update sessions set expires_at = now() - interval '1 minute'`)
    const page = await settle(() => indexLoader({ request: get('/?page=4', jar.header()), params: {}, context }))
    expect(page.status).toBe(302)
    expect(page.location).toBe('/sign-in?redirectTo=%2F%3Fpage%3D4')
    jar.take(page.headers)
    expect(jar.has('tulks_session')).toBe(false)
    const signInPage = await settle<{ flash?: { key: string } }>(() =>
      rootLoader({ request: get('/sign-in', jar.header()), params: {}, context }),
    )
    expect(signInPage.data.flash?.key).toBe('auth:sessionExpired')
  })

  it('renews a session in use at most once a day, and its cookie outlives the row', async () => {
    await database.current().query('delete from sessions')
    const { jar, outcome } = await signIn(first.email, first.password)
    expect(outcome.headers.get('Set-Cookie')).toMatch(/tulks_session=[^;]+;.*Max-Age=34560000/)
    const expiry = async () => {
      const [row] = await database.current().query<{ days: number }>(`select extract(epoch from expires_at - now()) / 86400 as days from sessions`)
      return Number(row!.days)
    }
    // Used 20 days ago for the last time (SESSION_DAYS is 30): the next page renews it to 30 days from now.
    await database.current().query(`update sessions set expires_at = now() + interval '10 days'`)
    expect((await settle(() => indexLoader({ request: get('/', jar.header()), params: {}, context }))).status).toBe(200)
    expect(await expiry()).toBeCloseTo(30, 2)
    // Renewed half a day ago: left as it is.
    await database.current().query(`update sessions set expires_at = now() + interval '29 days 12 hours'`)
    expect((await settle(() => indexLoader({ request: get('/', jar.header()), params: {}, context }))).status).toBe(200)
    expect(await expiry()).toBeCloseTo(29.5, 2)
    await database.current().query('delete from sessions')
  })

  it('treats a forged session cookie as signed out', async () => {
    const page = await settle(() => indexLoader({ request: get('/', 'tulks_session=Im5vdCBhIHRva2VuIg%3D%3D'), params: {}, context }))
    expect(page.status).toBe(302)
  })
})

describe('profile settings', () => {
  it('loads the profile with the session and saves it', async () => {
    const { jar } = await signIn(first.email, first.password)
    const before = await settle<{ profile: unknown }>(() => rootLoader({ request: get('/', jar.header()), params: {}, context }))
    expect(before.data.profile).toEqual({ tmPretranslate: false, mtPretranslate: false, updateMt: false })
    const saved = await settle(() =>
      indexAction({ request: post('/?index', { intent: 'save-settings', tmPretranslate: 'on', updateMt: 'on' }, jar.header()), params: {}, context }),
    )
    expect(saved.status).toBe(302)
    const after = await settle<{ profile: unknown }>(() => rootLoader({ request: get('/', jar.header()), params: {}, context }))
    expect(after.data.profile).toEqual({ tmPretranslate: true, mtPretranslate: false, updateMt: true })
  })

  it("reads the profile in the session's statement, not one of its own (issue 53)", async () => {
    const { jar } = await signIn(first.email, first.password)
    const spy = vi.spyOn(database.current(), 'query')
    try {
      // One request's loaders share its session read through the request's scope, as on the server.
      const request = { request: get('/', jar.header()), params: {}, context: { ...context, requestScope: {} } }
      const page = await settle<{ profile: unknown }>(() => rootLoader(request))
      expect(page.data.profile).toEqual({ tmPretranslate: true, mtPretranslate: false, updateMt: true })
      const statements = spy.mock.calls.map((call) => String(call[0]))
      expect(statements.filter((sql) => sql.includes('from sessions s'))).toHaveLength(1)
      expect(statements.filter((sql) => sql.includes('user_settings') && !sql.includes('from sessions s'))).toEqual([])
    } finally {
      spy.mockRestore()
    }
  })

  it('refuses an unknown intent without changing anything', async () => {
    const { jar } = await signIn(first.email, first.password)
    const outcome = await settle(() => indexAction({ request: post('/?index', { intent: 'drop-everything' }, jar.header()), params: {}, context }))
    expect(outcome.status).toBe(400)
  })

  it('still renders when the profile cannot be loaded (SPEC §6)', async () => {
    const { jar } = await signIn(first.email, first.password)
    await database.current().query('alter table user_settings rename to user_settings_away')
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const outcome = await settle<{ user?: { name: string }; profile?: unknown; profileFailed: boolean }>(() =>
        rootLoader({ request: get('/', jar.header()), params: {}, context }),
      )
      expect(outcome.status).toBe(200)
      expect(outcome.data.user?.name).toBe(first.name)
      expect(outcome.data.profile).toBeUndefined()
      expect(outcome.data.profileFailed).toBe(true)
      expect(logged).toHaveBeenCalledOnce()
    } finally {
      logged.mockRestore()
      await database.current().query('alter table user_settings_away rename to user_settings')
    }
  })
})

describe('language', () => {
  it('is Latvian without a culture cookie, whatever the browser prefers', async () => {
    const request = new Request('http://localhost:3000/sign-in', { headers: { 'Accept-Language': 'ru,en;q=0.8' } })
    const outcome = await settle<{ language: string }>(() => rootLoader({ request, params: {}, context }))
    expect(outcome.data.language).toBe('lv')
  })

  it('switches through the culture cookie and goes back to the same page', async () => {
    const jar = cookieJar()
    const outcome = await settle(() =>
      languageAction({ request: post('/language', { language: 'ru', redirectTo: '/sign-in?redirectTo=%2F' }), params: {}, context }),
    )
    expect(outcome.location).toBe('/sign-in?redirectTo=%2F')
    jar.take(outcome.headers)
    const page = await settle<{ language: string; title: string }>(() => rootLoader({ request: get('/sign-in', jar.header()), params: {}, context }))
    expect(page.data.language).toBe('ru')
    const signIn = await settle<{ title: string }>(() => signInLoader({ request: get('/sign-in', jar.header()), params: {}, context }))
    expect(signIn.data.title).toBe('Вход')
  })

  it('honours a culture cookie written by another system on the domain, and ignores a forged one (issue 19)', async () => {
    const languageWith = async (cookie: string) =>
      (await settle<{ language: string }>(() => rootLoader({ request: get('/sign-in', cookie), params: {}, context }))).data.language
    expect(await languageWith('culture=c%3Dru-RU%7Cuic%3Dru-RU')).toBe('ru')
    expect(await languageWith('.AspNetCore.Culture=c%3Den-GB%7Cuic%3Den-GB')).toBe('en')
    expect(await languageWith('culture=%22%3E%3Cscript%3E')).toBe('lv')
    const signIn = await settle<{ title: string }>(() => signInLoader({ request: get('/sign-in', 'culture=ZGU%3D'), params: {}, context }))
    expect(signIn.data.title).toBe('Pieteikties')
  })

  it('ignores an unsupported language and an off-site return address', async () => {
    const outcome = await settle(() =>
      languageAction({ request: post('/language', { language: 'de', redirectTo: 'https://evil.example' }), params: {}, context }),
    )
    expect(outcome.location).toBe('/')
    expect(outcome.headers.getSetCookie()).toEqual([])
  })
})

describe('unknown paths', () => {
  it('redirect to the file list (SPEC §2)', async () => {
    for (const path of ['/no-such-page', '/files/no-such-call', '/tm/matches/more']) {
      const outcome = await settle(async () => splatLoader({ request: new Request(`${BASE}${path}`), params: {}, context }))
      expect(outcome.status).toBe(302)
      expect(outcome.location).toBe('/')
    }
  })
})
