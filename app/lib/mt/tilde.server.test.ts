import { createServer, type IncomingMessage, type Server } from 'node:http'
import { type AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createMtRegistry } from './registry.server'
import { tildeProvider } from './tilde.server'

/**
 * The Tilde MT / LetsMT API cannot be reached from the test machines. This local node:http server stands in for
 * it and answers in the documented format (GetSystemList, TranslateEx, UpdateTranslation below a base URL, the
 * client-id header on every call), so the test checks our requests and our reading of the answers — not Tilde.
 */
interface Seen {
  method: string
  path: string
  query: URLSearchParams
  clientId: string | undefined
  body: Record<string, string>
}

const CLIENT_ID = 'u-test-client'
let server: Server
let base: string
let seen: Seen[] = []
let failNext: number | undefined

const systems = {
  System: [
    {
      ID: 'smt-en-lv-legal',
      Domain: 'Legal',
      Title: { Text: 'English-Latvian Legal' },
      SourceLanguage: { Code: 'en' },
      TargetLanguage: { Code: 'lv' },
      Metadata: [{ Key: 'status', Value: 'running' }],
    },
    {
      ID: 'smt-en-lv',
      Domain: 'General',
      Title: { Text: 'English-Latvian NMT' },
      SourceLanguage: { Code: 'en' },
      TargetLanguage: { Code: 'lv' },
      Metadata: [{ Key: 'status', Value: 'running' }],
    },
    {
      ID: 'smt-en-ru',
      Domain: 'General',
      Title: { Text: 'English-Russian (training)' },
      SourceLanguage: { Code: 'en' },
      TargetLanguage: { Code: 'ru' },
      Metadata: [{ Key: 'status', Value: 'training' }],
    },
  ],
}

/** A toy engine: "house" → "māja", tags kept where they are. */
const toyTranslation = (text: string) => text.replace(/house/g, 'māja').replace(/The /g, '')

async function readJson(request: IncomingMessage): Promise<Record<string, string>> {
  let text = ''
  for await (const chunk of request) text += String(chunk)
  return text ? (JSON.parse(text) as Record<string, string>) : {}
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost')
      const clientId = request.headers['client-id']
      const body = request.method === 'POST' ? await readJson(request) : {}
      seen.push({ method: request.method ?? '', path: url.pathname, query: url.searchParams, clientId: clientId as string, body })
      if (failNext) {
        response.writeHead(failNext).end('{"ErrorMessage":"down"}')
        failNext = undefined
        return
      }
      if (clientId !== CLIENT_ID) return void response.writeHead(401).end()
      const json = (value: unknown) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value))
      if (url.pathname === '/ws/service.svc/json/GetSystemList') return json(systems)
      if (url.pathname === '/ws/service.svc/json/TranslateEx') return json({ translation: toyTranslation(body.text ?? ''), qualityEstimate: 0 })
      if (url.pathname === '/ws/service.svc/json/UpdateTranslation') return void response.writeHead(200).end()
      response.writeHead(404).end()
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ws/service.svc/json`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

beforeEach(() => {
  seen = []
  failNext = undefined
})

const provider = () => tildeProvider({ url: base, clientId: CLIENT_ID, appId: 'Tulks', uiLanguage: 'lv' })
const registry = () =>
  createMtRegistry({ providers: [provider()], timeoutMs: 5000, cacheSeconds: 60, batchSegments: 40, batchCharacters: 8000 })

describe('Tilde MT / LetsMT provider (local stand-in server)', () => {
  it('asks GetSystemList with uiLanguageID, options=public, appID and the client-id header', async () => {
    const listed = await provider().listSystems({ signal: AbortSignal.timeout(5000) })
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/ws/service.svc/json/GetSystemList', clientId: CLIENT_ID })
    expect(Object.fromEntries(seen[0]?.query ?? [])).toEqual({ appID: 'Tulks', uiLanguageID: 'lv', options: 'public' })
    expect(listed).toContainEqual({
      id: 'tilde:smt-en-lv-legal',
      domain: 'Legal',
      title: 'English-Latvian Legal',
      sourceLang: 'en',
      targetLang: 'lv',
      status: 'running',
    })
    expect(listed.find((system) => system.id === 'tilde:smt-en-ru')?.status).toBe('training')
  })

  it('offers only running systems, General first', async () => {
    const { systems: offered, unavailable } = await registry().listSystems()
    expect(offered.map((system) => system.id)).toEqual(['tilde:smt-en-lv', 'tilde:smt-en-lv-legal'])
    expect(unavailable).toEqual([])
  })

  it('translates with TranslateEx, tags masked on the way and restored after', async () => {
    const result = await registry().translate('tilde:smt-en-lv', ['The <g1>house</g1>', 'The house <x1/> & garden'])
    expect(result).toEqual({ ok: true, translations: ['<g1>māja</g1>', 'māja <x1/> & garden'] })
    const calls = seen.filter((call) => call.path.endsWith('/TranslateEx'))
    expect(calls.map((call) => call.body)).toEqual([
      { appID: 'Tulks', systemID: 'smt-en-lv', text: 'The <t1>house</t1>', options: '' },
      { appID: 'Tulks', systemID: 'smt-en-lv', text: 'The house <t1/> &amp; garden', options: '' },
    ])
  })

  it('sends a confirmed segment with UpdateTranslation', async () => {
    const result = await registry().sendFeedback('tilde:smt-en-lv', 'The <g1>house</g1>', 'Šī <g1>māja</g1>')
    expect(result).toEqual({ ok: true })
    expect(seen.at(-1)).toMatchObject({
      method: 'POST',
      path: '/ws/service.svc/json/UpdateTranslation',
      clientId: CLIENT_ID,
      body: { appID: 'Tulks', systemID: 'smt-en-lv', text: 'The <t1>house</t1>', translation: 'Šī <t1>māja</t1>', options: '' },
    })
  })

  it('turns a 5xx into provider-unavailable and a refusal into bad-response, as values', async () => {
    failNext = 503
    expect(await registry().translate('tilde:smt-en-lv', ['The house'])).toMatchObject({
      ok: false,
      error: { code: 'provider-unavailable', provider: 'tilde' },
    })
    const withoutId = createMtRegistry({
      providers: [tildeProvider({ url: base, appId: 'Tulks', uiLanguage: 'en' })],
      timeoutMs: 5000,
      cacheSeconds: 60,
      batchSegments: 40,
      batchCharacters: 8000,
    })
    expect(await withoutId.translate('tilde:smt-en-lv', ['The house'])).toMatchObject({ ok: false, error: { code: 'bad-response' } })
  })
})
