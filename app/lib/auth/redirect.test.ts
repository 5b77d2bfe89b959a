import { describe, expect, it } from 'vitest'
import { safeRedirect, signInAddress } from './redirect'

describe('safeRedirect', () => {
  it.each([
    ['/', '/'],
    ['/?page=2', '/?page=2'],
    ['/translate/1/abc#s3', '/translate/1/abc#s3'],
  ])('keeps same-site path %s', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected)
  })

  it.each([
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '',
  ])('refuses %j', (input) => {
    expect(safeRedirect(input, '/home')).toBe('/home')
  })

  it('refuses values that are not strings', () => {
    expect(safeRedirect(null)).toBe('/')
    expect(safeRedirect(undefined)).toBe('/')
  })
})

describe('signInAddress', () => {
  const request = (path: string) => new Request(`http://localhost:3000${path}`)

  it('appends the current location', () => {
    expect(signInAddress('/sign-in', request('/translate/4/pw?segment=9'))).toBe(
      '/sign-in?redirectTo=%2Ftranslate%2F4%2Fpw%3Fsegment%3D9',
    )
  })

  it('leaves the home page and the sign-in page itself out', () => {
    expect(signInAddress('/sign-in', request('/'))).toBe('/sign-in')
    expect(signInAddress('/sign-in', request('/sign-in'))).toBe('/sign-in')
  })

  it('keeps an external sign-in address absolute and its own query', () => {
    expect(signInAddress('https://sso.example.lv/login?app=tulks', request('/?page=2'))).toBe(
      'https://sso.example.lv/login?app=tulks&redirectTo=%2F%3Fpage%3D2',
    )
  })
})
