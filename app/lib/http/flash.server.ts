import { createCookie } from '@remix-run/node'

/**
 * A message that survives one redirect (post/redirect/get, DESIGN "Progressive enhancement").
 * It holds a translation key, never text, so nothing user-supplied is ever echoed from it.
 */
export interface Flash {
  kind: 'info' | 'success' | 'error'
  key: string
  values?: Record<string, string | number>
}

const flashCookie = createCookie('tulks_flash', { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 60 })

export function setFlash(flash: Flash, request: Request): Promise<string> {
  return flashCookie.serialize(flash, { secure: new URL(request.url).protocol === 'https:' })
}

/** Reads the message and returns the header that clears it. */
export async function takeFlash(request: Request): Promise<{ flash?: Flash; clear?: string }> {
  const value: unknown = await flashCookie.parse(request.headers.get('Cookie'))
  if (!isFlash(value)) return {}
  return { flash: value, clear: await flashCookie.serialize('', { maxAge: 0 }) }
}

function isFlash(value: unknown): value is Flash {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Partial<Flash>
  return (
    (candidate.kind === 'info' || candidate.kind === 'success' || candidate.kind === 'error') &&
    typeof candidate.key === 'string' &&
    /^[a-z]+:[A-Za-z0-9_.-]+$/.test(candidate.key)
  )
}
