import { createCookie } from '@remix-run/node'
import { clampFontSize, DEFAULT_FONT_SIZE } from './font-size'

/**
 * SPEC §9 "kept in a cookie named fontSize; its lifetime is given as 720 with the unit not shown": we read it as
 * 720 hours (30 days). Not httpOnly: it holds nothing secret, and a script may read it in later versions.
 */
const fontSizeCookie = createCookie('fontSize', { path: '/', sameSite: 'lax', maxAge: 720 * 60 * 60 })

export async function readFontSize(request: Request): Promise<number> {
  const value: unknown = await fontSizeCookie.parse(request.headers.get('Cookie'))
  return typeof value === 'number' ? clampFontSize(value) : DEFAULT_FONT_SIZE
}

export function fontSizeHeader(size: number, request: Request): Promise<string> {
  return fontSizeCookie.serialize(clampFontSize(size), { secure: new URL(request.url).protocol === 'https:' })
}
