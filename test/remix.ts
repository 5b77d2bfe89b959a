import type { AppLoadContext } from '@remix-run/node'

/**
 * Calls a loader or action the way Remix does — with a real Request — and reports what the browser would
 * get: status, headers, redirect target, data.
 */
export const BASE = 'http://localhost:3000'

export const context: AppLoadContext = { nonce: 'test-nonce', clientAddress: '203.0.113.7' }

export interface Outcome<T = unknown> {
  status: number
  headers: Headers
  location: string | null
  data: T
}

export async function settle<T = Record<string, unknown>>(run: () => Promise<unknown>): Promise<Outcome<T>> {
  try {
    return describe(await run()) as Outcome<T>
  } catch (thrown) {
    if (thrown instanceof Response) return describe(thrown) as Outcome<T>
    throw thrown
  }
}

function describe(result: unknown): Outcome {
  if (result instanceof Response) {
    return { status: result.status, headers: result.headers, location: result.headers.get('Location'), data: undefined }
  }
  if (isDataWithInit(result)) {
    const headers = new Headers(result.init?.headers)
    return { status: result.init?.status ?? 200, headers, location: headers.get('Location'), data: result.data }
  }
  return { status: 200, headers: new Headers(), location: null, data: result }
}

function isDataWithInit(value: unknown): value is { data: unknown; init?: ResponseInit } {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit'
}

/** The cookies a response sets, as a Cookie header for the next request (a tiny cookie jar). */
export function cookieJar() {
  const cookies = new Map<string, string>()
  return {
    take(headers: Headers) {
      for (const line of headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';')
        const [name = '', ...rest] = pair.split('=')
        const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a))
        if (expired) cookies.delete(name.trim())
        else cookies.set(name.trim(), rest.join('='))
      }
    },
    header(): string {
      return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    },
    has(name: string) {
      return cookies.has(name)
    },
    clear() {
      cookies.clear()
    },
  }
}

export function get(path: string, cookie = ''): Request {
  return new Request(new URL(path, BASE), { headers: cookie ? { Cookie: cookie } : {} })
}

export function post(path: string, fields: Record<string, string> | [string, string][], cookie = ''): Request {
  return new Request(new URL(path, BASE), {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: BASE, ...(cookie ? { Cookie: cookie } : {}) },
  })
}
