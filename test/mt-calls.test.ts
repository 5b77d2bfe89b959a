import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createSession } from '~/lib/auth/session.server'
import { createUser } from '~/lib/auth/users.server'
import { resetMtRegistryForTests } from '~/lib/mt/registry.server'
import { action as mtMatches } from '~/routes/$'
import { withTestDatabase } from './database'
import { setEnv } from './env'
import { BASE, context } from './remix'

/**
 * Issue 16 (SPEC §7): mt/matches against the real Apertium APY (`APERTIUM_URL`, started by scripts/test-all.sh);
 * skipped without it.
 */
const apertium = process.env.APERTIUM_URL
withTestDatabase()
let cookie: string

beforeAll(async () => {
  const made = await createUser({ email: 'mt-api@example.lv', name: 'MT API', password: 'a long enough password' })
  if (!made.ok) throw new Error('no user')
  cookie = (await createSession(made.user.id, new Request(BASE))).split(';')[0]!
})

afterEach(() => resetMtRegistryForTests())

function useApertium(url = apertium) {
  setEnv({ APERTIUM_URL: url, MT_TIMEOUT_MS: '3000' })
  resetMtRegistryForTests()
}

async function call(form: Record<string, string>) {
  const answer = await mtMatches({ request: new Request(`${BASE}/mt/matches`, { method: 'POST', body: new URLSearchParams(form), headers: { Cookie: cookie } }), params: {}, context })
  return { status: answer.status, body: (await answer.json()) as { translation?: string; errors?: { code: string; message: string }[] } }
}

describe.skipIf(!apertium)('mt/matches', () => {
  it('translates a text with the named system', async () => {
    useApertium()
    const { status, body } = await call({ text: 'The cat sleeps.', mtId: 'apertium:eng|spa' })
    expect(status).toBe(200)
    expect(body.translation).toMatch(/gato/)
  })

  it('refuses no text, no system or an unknown one, and says when the engine is down', async () => {
    useApertium()
    expect((await call({ text: '', mtId: 'apertium:eng|spa' })).body.errors?.[0]?.code).toBe('InvalidValue')
    expect((await call({ text: 'The cat.' })).body.errors?.[0]).toEqual({ code: 'NoMtSystem', message: 'Vispirms izvēlieties mašīntulkošanas sistēmu.' })
    expect((await call({ text: 'The cat.', mtId: 'apertium:xxx|yyy' })).status).toBe(400)
    useApertium('http://127.0.0.1:9')
    const down = await call({ text: 'The cat.', mtId: 'apertium:eng|spa' })
    expect(down.status).toBeGreaterThanOrEqual(500)
    expect(down.body.errors?.[0]?.message).toBe('Mašīntulkošanas sistēma pašlaik nav sasniedzama.')
  })
})
