import { describe, expect, it } from 'vitest'
import { isForeignOrigin } from './origin'
import { securityHeaders } from './security-headers'

const own = 'https://tulks.example.lv'

describe('isForeignOrigin', () => {
  it('lets same-origin posts and reads through', () => {
    expect(isForeignOrigin('POST', own, own)).toBe(false)
    expect(isForeignOrigin('GET', 'https://evil.example', own)).toBe(false)
  })

  it('refuses posts from another origin, another scheme or port, and the opaque "null" origin', () => {
    expect(isForeignOrigin('POST', 'https://evil.example', own)).toBe(true)
    expect(isForeignOrigin('POST', 'http://tulks.example.lv', own)).toBe(true)
    expect(isForeignOrigin('DELETE', 'https://tulks.example.lv:8443', own)).toBe(true)
    expect(isForeignOrigin('post', 'null', own)).toBe(true)
  })

  it('lets non-browser clients without an Origin header through (they carry no victim cookie)', () => {
    expect(isForeignOrigin('POST', undefined, own)).toBe(false)
  })
})

describe('securityHeaders', () => {
  it('allows only our scripts (plus the nonce) and styles, and no framing', () => {
    const headers = securityHeaders('abc')
    const csp = headers['Content-Security-Policy']
    expect(csp).toContain("script-src 'self' 'nonce-abc'")
    expect(csp).toContain("style-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toContain('unsafe-inline')
    expect(headers['X-Content-Type-Options']).toBe('nosniff')
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin')
  })

  it('adds an external sign-in address to form-action', () => {
    expect(securityHeaders('n', ['https://sso.example.lv'])['Content-Security-Policy']).toContain(
      "form-action 'self' https://sso.example.lv",
    )
  })
})
