import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv } from './env.server'

describe('parseEnv', () => {
  it('has working defaults: port 3000, PGlite in ./data, sign-up closed, built-in sign-in page', () => {
    const env = parseEnv({})
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      ALLOW_SIGNUP: false,
      SIGN_IN_URL: '/sign-in',
      SESSION_DAYS: 30,
      TRUST_PROXY: false,
    })
    expect(env.DATABASE_URL).toBeUndefined()
  })

  it('reads booleans and numbers', () => {
    const env = parseEnv({ PORT: '8080', ALLOW_SIGNUP: 'yes', TRUST_PROXY: '1', DATABASE_URL: 'postgres://u@h/db' })
    expect(env).toMatchObject({ PORT: 8080, ALLOW_SIGNUP: true, TRUST_PROXY: 1, DATABASE_URL: 'postgres://u@h/db' })
  })

  it('treats an empty DATABASE_URL as unset', () => {
    expect(parseEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined()
  })

  it('names every bad variable, its value and what was expected', () => {
    let error: unknown
    try {
      parseEnv({ PORT: 'eighty', ALLOW_SIGNUP: 'maybe', DATABASE_URL: 'mysql://x', SIGN_IN_URL: '//evil' })
    } catch (thrown) {
      error = thrown
    }
    expect(error).toBeInstanceOf(EnvError)
    const message = (error as EnvError).message
    expect(message).toContain('PORT="eighty": expected a port number')
    expect(message).toContain('ALLOW_SIGNUP="maybe": expected true or false')
    expect(message).toContain('DATABASE_URL="mysql://x": expected a postgres:// or postgresql:// connection address')
    expect(message).toContain('SIGN_IN_URL="//evil"')
    expect((error as EnvError).problems).toHaveLength(4)
  })

  it('refuses ports out of range and non-positive limits', () => {
    expect(() => parseEnv({ PORT: '70000' })).toThrow(/PORT="70000": expected a port between 1 and 65535/)
    expect(() => parseEnv({ SESSION_DAYS: '0' })).toThrow(/SESSION_DAYS="0": expected a number above 0/)
  })
  it('reads TRUST_PROXY as the proxies to believe, counted from the right of X-Forwarded-For (issue 50)', () => {
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false)
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1)
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,loopback' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1', 'loopback'])
    expect(() => parseEnv({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY="everyone": expected false, a number of proxies/)
  })
})
