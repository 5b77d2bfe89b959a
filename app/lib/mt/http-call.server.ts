import { MtProviderError, type MtErrorCode } from './provider'

/**
 * One HTTP call to an engine, its failures turned into MtProviderError codes: the engine unreachable or
 * answering 5xx is `provider-unavailable`, the registry's deadline is `timeout`, anything unreadable is
 * `bad-response`. An empty successful answer is null. `refusal` lets a provider read its own 4xx bodies (e.g. APY's "pair is not installed").
 */
export async function callJson(
  provider: string,
  url: URL,
  init: RequestInit & { signal: AbortSignal },
  refusal?: (status: number, body: unknown) => MtErrorCode | undefined,
): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(url, init)
  } catch (error) {
    throw new MtProviderError({
      code: init.signal.aborted ? 'timeout' : 'provider-unavailable',
      provider,
      detail: describe(error),
    })
  }
  let body: unknown
  const text = await readBody(provider, response, init.signal)
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  if (!response.ok) {
    const code = response.status >= 500 ? 'provider-unavailable' : (refusal?.(response.status, body) ?? 'bad-response')
    throw new MtProviderError({ code, provider, detail: `HTTP ${response.status} ${text.slice(0, 200)}` })
  }
  if (text.trim() === '') return null // e.g. UpdateTranslation: 200 and nothing else
  if (body === undefined) throw new MtProviderError({ code: 'bad-response', provider, detail: `not JSON: ${text.slice(0, 200)}` })
  return body
}

async function readBody(provider: string, response: Response, signal: AbortSignal): Promise<string> {
  try {
    return await response.text()
  } catch (error) {
    throw new MtProviderError({ code: signal.aborted ? 'timeout' : 'provider-unavailable', provider, detail: describe(error) })
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : ''
  return `${error.message}${cause}`
}

/** `https://host/api` + `listPairs` → `https://host/api/listPairs` (a base without a trailing slash keeps its last part). */
export function endpoint(base: string, name: string): URL {
  return new URL(name, base.endsWith('/') ? base : `${base}/`)
}
