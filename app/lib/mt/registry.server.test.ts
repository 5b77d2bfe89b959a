import { describe, expect, it, vi } from 'vitest'
import { parseEnv } from '../env.server'
import { MtProviderError, type MtCallOptions, type MtProvider, type MtSystem } from './provider'
import { batches, createMtRegistry, providersFromEnv, type MtRegistryOptions } from './registry.server'

const system = (provider: string, id: string, domain = 'General', status = 'running'): MtSystem => ({
  id: `${provider}:${id}`,
  domain,
  title: id,
  sourceLang: 'en',
  targetLang: 'lv',
  status,
})

/** A fake engine: upper-cases text outside placeholders; records every batch; can fail or hang on demand. */
function fakeProvider(name: string, systems: MtSystem[]) {
  const state = { listCalls: 0, batches: [] as string[][], failLists: false, hang: false, feedback: [] as string[][] }
  const hangUntilAborted = ({ signal }: MtCallOptions) =>
    new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new MtProviderError({ code: 'timeout', provider: name }))))
  const provider: MtProvider = {
    name,
    acceptsFeedback: name === 'tilde',
    async listSystems(options) {
      state.listCalls++
      if (state.hang) return hangUntilAborted(options)
      if (state.failLists) throw new MtProviderError({ code: 'provider-unavailable', provider: name })
      return systems
    },
    async translate(_id, texts, options) {
      state.batches.push([...texts])
      if (state.hang) return hangUntilAborted(options)
      return texts.map((text) => text.replace(/(^|>)([^<]*)/g, (_, before: string, words: string) => before + words.toUpperCase()))
    },
    ...(name === 'tilde'
      ? {
          async sendFeedback(_id: string, text: string, translation: string) {
            state.feedback.push([text, translation])
          },
        }
      : {}),
  }
  return { provider, state }
}

function registryOf(providers: MtProvider[], overrides: Partial<MtRegistryOptions> = {}) {
  let clock = 1_000_000
  const registry = createMtRegistry({
    providers,
    timeoutMs: 200,
    cacheSeconds: 60,
    batchSegments: 3,
    batchCharacters: 1000,
    now: () => clock,
    ...overrides,
  })
  return { registry, advance: (seconds: number) => (clock += seconds * 1000) }
}

describe('listSystems', () => {
  it('merges providers, keeps running systems only, General first', async () => {
    const a = fakeProvider('apertium', [system('apertium', 'eng|spa')])
    const b = fakeProvider('tilde', [system('tilde', 'legal', 'Legal'), system('tilde', 'old', 'General', 'stopped'), system('tilde', 'gen')])
    const { registry } = registryOf([b.provider, a.provider])
    const listed = await registry.listSystems()
    expect(listed.systems.map((s) => s.id)).toEqual(['apertium:eng|spa', 'tilde:gen', 'tilde:legal'])
    expect(listed.unavailable).toEqual([])
    expect(await registry.findSystem('tilde:gen')).toEqual(system('tilde', 'gen'))
    expect(await registry.findSystem('tilde:old')).toBeUndefined() // not running: not offered
  })

  it('caches each list; a stale one is answered at once while a fresh one is fetched', async () => {
    const a = fakeProvider('apertium', [system('apertium', 'eng|spa')])
    const { registry, advance } = registryOf([a.provider])
    await registry.listSystems()
    await registry.listSystems()
    expect(a.state.listCalls).toBe(1)
    advance(61)
    a.state.hang = true // the refresh hangs: the page still gets the old list without waiting
    const started = Date.now()
    expect((await registry.listSystems()).systems).toHaveLength(1)
    expect(Date.now() - started).toBeLessThan(100)
    expect(a.state.listCalls).toBe(2)
  })

  it('a failing provider yields its last good list, or nothing, and is not asked again within the cache time', async () => {
    const a = fakeProvider('apertium', [system('apertium', 'eng|spa')])
    const b = fakeProvider('tilde', [system('tilde', 'gen')])
    b.state.failLists = true
    const { registry, advance } = registryOf([a.provider, b.provider])
    expect(await registry.listSystems()).toEqual({ systems: [system('apertium', 'eng|spa')], unavailable: ['tilde'] })
    await registry.listSystems()
    expect(b.state.listCalls).toBe(1)

    advance(61)
    b.state.failLists = false
    a.state.failLists = true
    await registry.listSystems() // stale apertium answered while its refresh fails behind it
    await vi.waitFor(() => expect(a.state.listCalls).toBe(2))
    await new Promise((resolve) => setTimeout(resolve, 0))
    const listed = await registry.listSystems()
    expect(listed.systems.map((s) => s.id)).toEqual(['apertium:eng|spa', 'tilde:gen'])
    expect(listed.unavailable).toEqual(['apertium'])
  })

  it('a provider that hangs on the first list costs at most the timeout', async () => {
    const a = fakeProvider('apertium', [system('apertium', 'eng|spa')])
    a.state.hang = true
    const { registry } = registryOf([a.provider], { timeoutMs: 50 })
    const started = Date.now()
    expect(await registry.listSystems()).toEqual({ systems: [], unavailable: ['apertium'] })
    expect(Date.now() - started).toBeLessThan(1000)
  })
})

describe('translate', () => {
  it('masks, batches by count and characters, unmasks, keeps the order', async () => {
    const a = fakeProvider('apertium', [])
    const { registry } = registryOf([a.provider], { batchSegments: 2, batchCharacters: 21 })
    const result = await registry.translate('apertium:eng|spa', ['one <g1>two</g1>', 'three', '4.', 'a much longer segment here', 'x & y'])
    expect(result).toEqual({ ok: true, translations: ['ONE <g1>TWO</g1>', 'THREE', '4.', 'A MUCH LONGER SEGMENT HERE', 'X & Y'] })
    // "4." has no letter: not sent. The long one exceeds 21 characters and goes alone.
    expect(a.state.batches).toEqual([['one <t1>two</t1>', 'three'], ['a much longer segment here'], ['x &amp; y']])
  })

  it('answers unknown-system for an id without a configured provider', async () => {
    const { registry } = registryOf([fakeProvider('apertium', []).provider])
    expect(await registry.translate('tilde:x', ['a'])).toMatchObject({ ok: false, error: { code: 'unknown-system', provider: 'tilde' } })
    expect(await registry.translate('no-prefix', ['a'])).toMatchObject({ ok: false, error: { code: 'unknown-system' } })
  })

  it('times out a hanging engine with a value, not a throw', async () => {
    const a = fakeProvider('apertium', [])
    a.state.hang = true
    const { registry } = registryOf([a.provider], { timeoutMs: 50 })
    expect(await registry.translate('apertium:eng|spa', ['hello'])).toMatchObject({ ok: false, error: { code: 'timeout' } })
  })

  it('turns a provider bug or a wrong count into bad-response', async () => {
    const broken: MtProvider = {
      name: 'apertium',
      acceptsFeedback: false,
      listSystems: async () => [],
      translate: async (_id, texts) => (texts.length > 1 ? ['only one'] : Promise.reject(new TypeError('oops'))),
    }
    const { registry } = registryOf([broken])
    expect(await registry.translate('apertium:x', ['a', 'b'])).toMatchObject({ ok: false, error: { code: 'bad-response' } })
    expect(await registry.translate('apertium:x', ['a'])).toMatchObject({ ok: false, error: { code: 'bad-response', detail: 'oops' } })
  })
})

describe('feedback', () => {
  it('goes to providers that accept it, masked like the source; others answer not-supported', async () => {
    const tilde = fakeProvider('tilde', [])
    const { registry } = registryOf([tilde.provider, fakeProvider('apertium', []).provider])
    expect(registry.acceptsFeedback('tilde:gen')).toBe(true)
    expect(registry.acceptsFeedback('apertium:eng|spa')).toBe(false)
    expect(await registry.sendFeedback('tilde:gen', 'a <g1>b</g1>', '<g1>B</g1> A')).toEqual({ ok: true })
    expect(tilde.state.feedback).toEqual([['a <t1>b</t1>', '<t1>B</t1> A']])
    expect(await registry.sendFeedback('apertium:eng|spa', 'a', 'b')).toMatchObject({ ok: false, error: { code: 'not-supported' } })
  })
})

describe('batches', () => {
  const item = (masked: string) => ({ mask: { masked } })
  it.each([
    [[], 3, 10, []],
    [['a', 'b', 'c', 'd'], 3, 100, [3, 1]],
    [['aaaa', 'bbbb', 'cccc'], 10, 8, [2, 1]],
    [['a', 'very long text', 'b'], 10, 5, [1, 1, 1]],
  ])('%j by %i / %i characters', (texts, count, characters, sizes) => {
    expect(batches(texts.map(item), count, characters).map((group) => group.length)).toEqual(sizes)
  })
})

describe('providersFromEnv', () => {
  it('configures nothing by default, Apertium and Tilde MT when their URLs are set', () => {
    expect(providersFromEnv(parseEnv({}))).toEqual([])
    const env = parseEnv({ APERTIUM_URL: 'http://127.0.0.1:2737', TILDE_MT_URL: 'https://www.letsmt.eu/ws/service.svc/json' })
    expect(providersFromEnv(env).map((provider) => provider.name)).toEqual(['apertium', 'tilde'])
    expect(env).toMatchObject({ MT_TIMEOUT_MS: 8000, MT_SYSTEMS_CACHE_SECONDS: 60, TILDE_MT_APP_ID: 'Tulks', TILDE_MT_UI_LANGUAGE: 'en' })
    expect(() => parseEnv({ APERTIUM_URL: 'localhost:2737' })).toThrow(/APERTIUM_URL="localhost:2737": expected an http\(s\) address/)
  })
})
