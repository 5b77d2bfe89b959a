import { beforeAll, describe, expect, it, vi } from 'vitest'
import type * as users from '~/lib/auth/users.server'
import { createUser } from '~/lib/auth/users.server'
import { action as signInAction } from '~/routes/sign-in'
import { withTestDatabase } from './database'
import { setEnv } from './env'
import { context, post, settle } from './remix'

/** Every password the sign-in checks, counted (the check itself runs as it is). */
const checked = vi.hoisted(() => ({ count: 0 }))
vi.mock('~/lib/auth/users.server', async (original) => {
  const module = await original<typeof users>()
  return {
    ...module,
    verifyLogin: async (...args: Parameters<typeof module.verifyLogin>) => {
      checked.count++
      return module.verifyLogin(...args)
    },
  }
})

/**
 * Issue 50: the sign-in limits were check-then-act — 16 wrong passwords sent at once were all checked, though the
 * limit was 5. The attempt is now counted before the password is checked.
 */
const database = withTestDatabase()

beforeAll(async () => {
  await createUser({ email: 'burst@example.lv', name: 'Burst', password: 'the right password' })
})

const attempt = (password: string, address = '203.0.113.7') =>
  settle(() => signInAction({ request: post('/sign-in', { email: 'burst@example.lv', password }), params: {}, context: { ...context, clientAddress: address } }))

describe('a burst of sign-ins', () => {
  it('checks at most the limit of 16 wrong passwords sent at once, and locks the account', async () => {
    setEnv({ SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '5', SIGN_IN_MAX_FAILURES_PER_ADDRESS: '100', SIGN_IN_LOCK_MINUTES: '15' })
    await database.current().query('delete from sign_in_failures')
    checked.count = 0
    const answers = await Promise.all(Array.from({ length: 16 }, (_, n) => attempt(`wrong ${n}`)))
    expect(checked.count).toBeLessThanOrEqual(5)
    expect(answers.filter((answer) => answer.status === 429).length).toBeGreaterThanOrEqual(11)
    expect(answers.every((answer) => answer.status === 401 || answer.status === 429)).toBe(true)
    // Locked: the right password is refused unchecked.
    const right = await attempt('the right password')
    expect(right.status).toBe(429)
    expect(checked.count).toBeLessThanOrEqual(5)
  })

  it('per address too, across accounts', async () => {
    setEnv({ SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '100', SIGN_IN_MAX_FAILURES_PER_ADDRESS: '3' })
    await database.current().query('delete from sign_in_failures')
    checked.count = 0
    await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        settle(() => signInAction({ request: post('/sign-in', { email: `nobody${n}@example.lv`, password: 'x' }), params: {}, context: { ...context, clientAddress: '198.51.100.1' } })),
      ),
    )
    expect(checked.count).toBeLessThanOrEqual(3)
  })

  it('gives a success its count back at its address, so colleagues behind one address are not locked out by signing in', async () => {
    setEnv({ SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '5', SIGN_IN_MAX_FAILURES_PER_ADDRESS: '3' })
    await database.current().query('delete from sign_in_failures')
    for (let n = 0; n < 6; n++) expect((await attempt('the right password', '192.0.2.44')).status).toBe(302)
  })
})
