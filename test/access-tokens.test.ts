import { describe, expect, it } from 'vitest'
import { TOKENS_PER_USER } from '~/lib/auth/access-tokens.server'
import { createSession } from '~/lib/auth/session.server'
import { createUser } from '~/lib/auth/users.server'
import { cultureCookie } from '~/lib/i18n/i18n.server'
import { action as creationStatusAction } from '~/routes/$'
import { loader as indexLoader } from '~/routes/_index'
import { action as pageAction, loader as pageLoader } from '~/routes/settings.tokens'
import { action as tokensAction, loader as tokensLoader } from '~/routes/tokens'
import { withTestDatabase } from './database'
import { BASE, context, post, settle } from './remix'

/** Issue 16 item 2: personal access tokens — made, listed, used as `Authorization: Bearer`, revoked at once. */
const database = withTestDatabase()

async function signedIn(email: string): Promise<string> {
  const user = await createUser({ email, name: email.split('@')[0]!, password: 'a long enough password' })
  if (!user.ok) throw new Error('no user')
  const setCookie = await createSession(user.user.id, new Request(BASE))
  return setCookie.split(';')[0]!
}

function request(path: string, headers: Record<string, string>, form?: Record<string, string>): Request {
  return new Request(`${BASE}${path}`, {
    method: form ? 'POST' : 'GET',
    headers: form ? { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' } : headers,
    body: form ? new URLSearchParams(form) : undefined,
  })
}

// The answers are checked field by field below, so their body is read loosely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function json(run: () => Promise<unknown>): Promise<{ status: number; body: any }> {
  let answer: unknown
  try {
    answer = await run()
  } catch (thrown) {
    answer = thrown
  }
  if (!(answer instanceof Response)) throw new Error(`not a Response: ${JSON.stringify(answer)}`)
  expect(answer.headers.get('Content-Type')).toMatch(/application\/json/)
  return { status: answer.status, body: await answer.json() }
}

const makeToken = async (cookie: string, name: string) =>
  json(() => tokensAction({ request: request('/tokens', { Cookie: cookie }, { name }), params: {}, context }))
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

describe('personal access tokens', () => {
  it('POST /tokens answers the token once; the database keeps only its hash; GET /tokens lists it without it', async () => {
    const cookie = await signedIn('anna@example.lv')
    const made = await makeToken(cookie, '  CMS eksports  ')
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({ name: 'CMS eksports', hint: made.body.token.slice(0, 10), lastUsedTimestamp: null })
    expect(made.body.token).toMatch(/^tulks_[\w-]{43}$/)
    expect(Math.abs(made.body.createTimestamp - Date.now() / 1000)).toBeLessThan(60)

    const stored = await database.current().query<{ tokenHash: string }>('select token_hash as "tokenHash" from access_tokens')
    expect(stored).toHaveLength(1)
    expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(stored)).not.toContain(made.body.token)

    const listed = await json(() => tokensLoader({ request: request('/tokens', bearer(made.body.token)), params: {}, context }))
    expect(listed.status).toBe(200)
    expect(listed.body.data).toEqual([expect.objectContaining({ id: made.body.id, name: 'CMS eksports', hint: made.body.hint })])
    expect(JSON.stringify(listed.body)).not.toContain(made.body.token)
    // Using it noted when: the list says so now.
    expect(listed.body.data[0].lastUsedTimestamp).toBeGreaterThan(0)
  })

  it('a token cannot make another token, on the API or the settings page, and can still revoke one (issue 50)', async () => {
    const cookie = await signedIn('minting@example.lv')
    const { body } = await makeToken(cookie, 'pirmā')
    const minted = await json(() => tokensAction({ request: request('/tokens', bearer(body.token), { name: 'otrā' }), params: {}, context }))
    expect(minted.status).toBe(403)
    expect(minted.body.errors[0]).toMatchObject({ code: 'SessionRequired' })
    const onPage = await settle(() => pageAction({ request: request('/settings/tokens', bearer(body.token), { name: 'trešā' }), params: {}, context }))
    expect(onPage.status).toBe(403)
    expect(await database.current().query(`select name from access_tokens where name in ('otrā', 'trešā')`)).toEqual([])
    const second = await makeToken(cookie, 'otrā')
    const revoked = await json(() => tokensAction({ request: request('/tokens', bearer(body.token), { intent: 'revoke', id: String(second.body.id) }), params: {}, context }))
    expect(revoked.body).toEqual({ id: second.body.id, revoked: true })
  })

  it('a token signs a program in to the JSON calls and to the pages, as the cookie does', async () => {
    const cookie = await signedIn('berta@example.lv')
    const { body } = await makeToken(cookie, 'skripts')
    const status = await json(() =>
      creationStatusAction({ request: request('/files/creation-status', bearer(body.token), { projectId: '999', projectPassword: 'x' }), params: {}, context }),
    )
    expect(status.status).toBe(404) // signed in: the project is not found, rather than 401
    const page = await settle(() => indexLoader({ request: request('/', bearer(body.token)), params: {}, context }))
    expect(page.status).toBe(200)
  })

  it('without credentials a program gets 401 JSON in the interface language; a browser is still sent to sign in', async () => {
    const asked = await json(() => tokensLoader({ request: request('/tokens', { Accept: 'application/json' }), params: {}, context }))
    expect(asked.status).toBe(401)
    expect(asked.body.errors).toEqual([{ code: 'Unauthorized', message: 'Jāpiesakās vai jānorāda derīga piekļuves pilnvara.' }])
    const english = await json(async () => tokensLoader({ request: request('/tokens', { Cookie: (await cultureCookie.serialize('en')).split(';')[0]! }), params: {}, context }))
    expect(english.body.errors[0].message).toBe('Sign in or send a valid access token.')
    // A page asked for JSON answers 401 too; a browser navigation to it is redirected (SPEC §6).
    const page = await settle(() => pageLoader({ request: request('/settings/tokens', { Accept: 'application/json' }), params: {}, context }))
    expect(page.status).toBe(401)
    const browser = await settle(() => pageLoader({ request: request('/settings/tokens', { Accept: 'text/html' }), params: {}, context }))
    expect(browser.status).toBe(302)
    expect(browser.location).toMatch(/^\/sign-in\?redirectTo=/)
  })

  it('a bad or revoked token is refused at once, on the API and on the pages', async () => {
    const cookie = await signedIn('cilda@example.lv')
    const { body } = await makeToken(cookie, 'vecs')
    for (const token of ['tulks_nonsense', 'no-prefix', '']) {
      const refused = await json(() => tokensLoader({ request: request('/tokens', bearer(token)), params: {}, context }))
      expect(refused.status).toBe(401)
      expect(refused.body.errors[0].code).toBe('InvalidToken')
    }
    const revoked = await json(() => tokensAction({ request: request('/tokens', bearer(body.token), { intent: 'revoke', id: String(body.id) }), params: {}, context }))
    expect(revoked).toEqual({ status: 200, body: { id: body.id, revoked: true } })
    const after = await json(() => tokensLoader({ request: request('/tokens', bearer(body.token)), params: {}, context }))
    expect(after.status).toBe(401)
    // A bad token is not a browser: even a page answers 401, not a redirect to a sign-in form a program cannot fill.
    const page = await settle(() => indexLoader({ request: request('/', bearer(body.token)), params: {}, context }))
    expect(page.status).toBe(401)
  })

  it("another user's token id is not found, and that token keeps working", async () => {
    const [dace, emils] = [await signedIn('dace@example.lv'), await signedIn('emils@example.lv')]
    const { body } = await makeToken(dace, 'Daces')
    const foreign = await json(() => tokensAction({ request: request('/tokens', { Cookie: emils }, { intent: 'revoke', id: String(body.id) }), params: {}, context }))
    expect(foreign.status).toBe(404)
    expect(foreign.body.errors[0]).toEqual({ code: 'NotFound', message: 'Šāda pilnvara nav atrasta.' })
    for (const id of ['abc', '0', '99999999999999']) {
      const bad = await json(() => tokensAction({ request: request('/tokens', { Cookie: emils }, { intent: 'revoke', id }), params: {}, context }))
      expect(bad.status).toBe(404)
    }
    expect((await json(() => tokensLoader({ request: request('/tokens', bearer(body.token)), params: {}, context }))).status).toBe(200)
  })

  it('refuses an empty or long name, a body that is not a form, and more tokens than the limit — with translated JSON', async () => {
    const cookie = await signedIn('fricis@example.lv')
    const empty = await makeToken(cookie, '   ')
    expect(empty).toEqual({ status: 400, body: { errors: [{ code: 'TokenNameEmpty', message: 'Ievadiet pilnvaras nosaukumu.' }] } })
    expect((await makeToken(cookie, 'x'.repeat(101))).body.errors[0].code).toBe('TokenNameTooLong')
    expect((await makeToken(cookie, 'ā'.repeat(100))).status).toBe(201) // characters, not bytes
    const noBody = await json(() =>
      tokensAction({ request: new Request(`${BASE}/tokens`, { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'application/json' }, body: '{' }), params: {}, context }),
    )
    expect(noBody.status).toBe(400)
    for (let made = 1; made < TOKENS_PER_USER; made++) expect((await makeToken(cookie, `nr ${made}`)).status).toBe(201)
    expect((await makeToken(cookie, 'one too many')).body.errors[0].code).toBe('TooManyTokens')
  })

  it('a proxy\'s Basic credentials are left alone: the session cookie still signs the browser in', async () => {
    const cookie = await signedIn('gita@example.lv')
    const page = await settle(() => indexLoader({ request: request('/', { Cookie: cookie, Authorization: 'Basic dXNlcjpwYXNz' }), params: {}, context }))
    expect(page.status).toBe(200)
  })
})

describe('the settings page, without JavaScript', () => {
  it('makes a token and shows it once, lists it with its first characters, revokes it with a message', async () => {
    const cookie = await signedIn('helga@example.lv')
    const made = await settle<{ token: { value: string; name: string } }>(() =>
      pageAction({ request: post('/settings/tokens', { name: 'Tulkošanas birojs' }, cookie), params: {}, context }),
    )
    expect(made.status).toBe(200)
    expect(made.data.token.value).toMatch(/^tulks_/)
    const page = await settle<{ tokens: { id: number; name: string; hint: string; lastUsed: string | null }[] }>(() =>
      pageLoader({ request: request('/settings/tokens', { Cookie: cookie }), params: {}, context }),
    )
    expect(page.data.tokens).toEqual([expect.objectContaining({ name: 'Tulkošanas birojs', hint: made.data.token.value.slice(0, 10), lastUsed: null })])
    expect(JSON.stringify(page.data)).not.toContain(made.data.token.value)

    const empty = await settle<{ error: string }>(() => pageAction({ request: post('/settings/tokens', { name: '' }, cookie), params: {}, context }))
    expect(empty.status).toBe(400)
    expect(empty.data.error).toBe('tokens.errors.empty')

    const revoked = await settle(() =>
      pageAction({ request: post('/settings/tokens', { intent: 'revoke', id: String(page.data.tokens[0]!.id) }, cookie), params: {}, context }),
    )
    expect(revoked.status).toBe(302)
    expect(revoked.location).toBe('/settings/tokens')
    const gone = await json(() => tokensLoader({ request: request('/tokens', bearer(made.data.token.value)), params: {}, context }))
    expect(gone.status).toBe(401)
  })
})
