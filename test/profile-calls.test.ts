import { describe, expect, it } from 'vitest'
import { createAccessToken } from '~/lib/auth/access-tokens.server'
import { createSession } from '~/lib/auth/session.server'
import { createUser } from '~/lib/auth/users.server'
import { action as callAction, loader as callLoader } from '~/routes/$'
import { withTestDatabase } from './database'
import { BASE, context } from './remix'

/** Issue 16 (SPEC §7): GET profile and the three profile-flag calls, with the session cookie and with a token. */
withTestDatabase()

async function account(email: string) {
  const made = await createUser({ email, name: 'Profila Tests', password: 'a long enough password' })
  if (!made.ok) throw new Error('no user')
  const cookie = (await createSession(made.user.id, new Request(BASE))).split(';')[0]!
  const token = await createAccessToken(made.user.id, 'tests')
  if (!token.ok) throw new Error('no token')
  return { cookie, bearer: `Bearer ${token.token}` }
}

const call = (path: string, headers: Record<string, string>, form?: Record<string, string>) =>
  new Request(`${BASE}${path}`, form ? { method: 'POST', headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) } : { headers })

async function answer(response: Promise<Response> | Response) {
  const resolved = await response
  return { status: resolved.status, body: (await resolved.json()) as Record<string, unknown> }
}

describe('GET profile and settings/save-*', () => {
  it('answers the profile with flags as integers and the email, to the cookie and to a token', async () => {
    const { cookie, bearer } = await account('profils@example.lv')
    const expected = { tm_pretranslate: 0, mt_pretranslate: 0, update_mt: 0, email: 'profils@example.lv' }
    expect(await answer(callLoader({ request: call('/profile', { Cookie: cookie }), params: {}, context }))).toEqual({ status: 200, body: expected })
    expect(await answer(callLoader({ request: call('/profile', { Authorization: bearer }), params: {}, context }))).toEqual({ status: 200, body: expected })
  })

  it('saves each flag on its own and answers the whole profile', async () => {
    const { cookie, bearer } = await account('karogi@example.lv')
    const tm = await answer(callAction({ request: call('/settings/save-tm-pretranslate', { Cookie: cookie }, { pretranslate: '1' }), params: {}, context }))
    expect(tm.body).toMatchObject({ tm_pretranslate: 1, mt_pretranslate: 0, update_mt: 0 })
    const mt = await answer(callAction({ request: call('/settings/save-mt-pretranslate', { Authorization: bearer }, { pretranslate: 'true' }), params: {}, context }))
    expect(mt.body).toMatchObject({ tm_pretranslate: 1, mt_pretranslate: 1, update_mt: 0 })
    const update = await answer(callAction({ request: call('/settings/save-update-mt', { Cookie: cookie }, { updateMt: '1' }), params: {}, context }))
    expect(update.body).toMatchObject({ tm_pretranslate: 1, mt_pretranslate: 1, update_mt: 1 })
    const off = await answer(callAction({ request: call('/settings/save-tm-pretranslate', { Cookie: cookie }, { pretranslate: '0' }), params: {}, context }))
    expect(off.body).toMatchObject({ tm_pretranslate: 0, mt_pretranslate: 1, update_mt: 1 })
  })

  it('refuses a missing or other value with a translated 400 and saves nothing; 401 without credentials', async () => {
    const { cookie } = await account('nederigs@example.lv')
    for (const form of [{ pretranslate: 'yes' }, {}] as Record<string, string>[]) {
      const refused = await answer(callAction({ request: call('/settings/save-tm-pretranslate', { Cookie: cookie }, form), params: {}, context }))
      expect(refused).toEqual({ status: 400, body: { errors: [{ code: 'InvalidValue', message: 'Laukam “pretranslate” jābūt 0 vai 1.' }] } })
    }
    const noBody = await answer(callAction({ request: new Request(`${BASE}/settings/save-update-mt`, { method: 'POST', headers: { Cookie: cookie } }), params: {}, context }))
    expect(noBody.status).toBe(400)
    expect((await answer(callLoader({ request: call('/profile', { Cookie: cookie }), params: {}, context }))).body).toMatchObject({ tm_pretranslate: 0, update_mt: 0 })
    let unauthorized: unknown
    try {
      await callLoader({ request: call('/profile', {}), params: {}, context })
    } catch (thrown) {
      unauthorized = thrown
    }
    expect(unauthorized).toBeInstanceOf(Response)
    expect((unauthorized as Response).status).toBe(401)
  })
})
