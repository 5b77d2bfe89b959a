import { getEnv, type Env } from '../env.server'
import { parse, plainText, serialize } from '../tags'
import { apertiumProvider } from './apertium.server'
import { MtProviderError, RUNNING, splitSystemId, type MtError, type MtProvider, type MtSystem } from './provider'
import { maskLike, maskTags, unmaskTags } from './tag-mask'
import { tildeProvider } from './tilde.server'

/**
 * Every configured MT provider behind one door (DESIGN.md "MT providers"). A provider that is down or slow
 * never blocks a page and never throws into a route:
 * - systems lists are cached per provider for MT_SYSTEMS_CACHE_SECONDS; a stale list is answered at once while
 *   a fresh one is fetched behind it; a provider that failed is not asked again until the cache time passed,
 *   and meanwhile yields its last good list, or nothing;
 * - every call is cut off after MT_TIMEOUT_MS;
 * - results are values: `{ ok: true, … }` or `{ ok: false, error: { code, provider } }`.
 * Segments go in and come out in canonical tagged form (DESIGN.md "Tagged text"); tags are masked for the
 * engine and restored after (tag-mask.ts), so a translation always passes checkTarget against its source.
 * The cache is per process: another instance builds its own, nothing else is kept.
 */
export type MtTranslateResult = { ok: true; translations: string[] } | { ok: false; error: MtError }
export type MtFeedbackResult = { ok: true } | { ok: false; error: MtError }

export interface MtSystemList {
  /** Running systems of every provider, General first, then by title. */
  systems: MtSystem[]
  /** Providers whose list could not be fetched just now (their last good list, if any, is still included). */
  unavailable: string[]
}

export interface MtRegistryOptions {
  providers: readonly MtProvider[]
  timeoutMs: number
  cacheSeconds: number
  /** One request to an engine carries at most this many segments … */
  batchSegments: number
  /** … and at most this many characters of masked text (a longer single segment goes alone). */
  batchCharacters: number
  /** Milliseconds since the epoch; tests move time. */
  now?: () => number
}

interface CachedList {
  systems: MtSystem[]
  fetchedAt: number
  failedAt?: number
  refreshing?: Promise<void>
}

export type MtRegistry = ReturnType<typeof createMtRegistry>

export function createMtRegistry(options: MtRegistryOptions) {
  const now = options.now ?? Date.now
  const cacheMs = options.cacheSeconds * 1000
  const lists = new Map<string, CachedList>()
  const providerNamed = new Map(options.providers.map((provider) => [provider.name, provider]))

  async function refresh(provider: MtProvider, entry: CachedList): Promise<void> {
    try {
      entry.systems = await provider.listSystems({ signal: AbortSignal.timeout(options.timeoutMs) })
      entry.fetchedAt = now()
      entry.failedAt = undefined
    } catch (error) {
      logFailure('list systems', asMtError(error, provider.name))
      entry.failedAt = now()
    }
  }

  /**
   * The provider's list: a fresh one from the cache; a stale one from the cache while a new one is fetched
   * behind it; the last good one (or none) for a provider that failed within the cache time; otherwise — the
   * very first time — fetched now.
   */
  async function systemsOf(provider: MtProvider): Promise<{ systems: MtSystem[]; available: boolean }> {
    let entry = lists.get(provider.name)
    if (!entry) {
      entry = { systems: [], fetchedAt: 0 }
      lists.set(provider.name, entry)
    }
    const failedRecently = entry.failedAt !== undefined && now() - entry.failedAt < cacheMs
    const fresh = entry.fetchedAt > 0 && now() - entry.fetchedAt < cacheMs
    if (!failedRecently && !fresh && !entry.refreshing) {
      const refreshing = refresh(provider, entry)
      entry.refreshing = refreshing
      void refreshing.finally(() => {
        if (entry.refreshing === refreshing) entry.refreshing = undefined
      })
    }
    if (entry.fetchedAt === 0 && entry.refreshing) await entry.refreshing
    return { systems: entry.systems, available: entry.failedAt === undefined }
  }

  async function listSystems(): Promise<MtSystemList> {
    const perProvider = await Promise.all(options.providers.map(async (provider) => ({ provider, ...(await systemsOf(provider)) })))
    return {
      systems: perProvider
        .flatMap(({ systems }) => systems)
        .filter((system) => system.status === RUNNING)
        .sort(generalFirst),
      unavailable: perProvider.filter(({ available }) => !available).map(({ provider }) => provider.name),
    }
  }

  /** The offered (running) system with this id, e.g. to check a posted mt_system; undefined otherwise. */
  async function findSystem(id: string): Promise<MtSystem | undefined> {
    return (await listSystems()).systems.find((system) => system.id === id)
  }

  function providerOf(id: string): { provider: MtProvider; ownId: string } | { error: MtError } {
    const parts = splitSystemId(id)
    const provider = parts && providerNamed.get(parts.provider)
    if (!parts || !provider) return { error: { code: 'unknown-system', provider: parts?.provider ?? '', detail: id } }
    return { provider, ownId: parts.ownId }
  }

  /**
   * Canonical tagged segments in, canonical tagged translations out, same order. Segments without a letter
   * (tags, numbers, punctuation) are not sent and come back as they are. All or nothing: a failed batch fails the call.
   */
  async function translate(id: string, segments: readonly string[]): Promise<MtTranslateResult> {
    const target = providerOf(id)
    if ('error' in target) return { ok: false, error: target.error }
    const translations = [...segments]
    const pending = segments
      .map((segment, index) => ({ index, tokens: parse(segment) }))
      .filter(({ tokens }) => /\p{L}/u.test(plainText(tokens)))
      .map((item) => ({ ...item, mask: maskTags(item.tokens) }))
    for (const batch of batches(pending, options.batchSegments, options.batchCharacters)) {
      try {
        const masked = batch.map(({ mask }) => mask.masked)
        const answers = await target.provider.translate(target.ownId, masked, { signal: AbortSignal.timeout(options.timeoutMs) })
        if (answers.length !== batch.length) {
          throw new MtProviderError({
            code: 'bad-response',
            provider: target.provider.name,
            detail: `${answers.length} translations for ${batch.length} texts`,
          })
        }
        batch.forEach(({ index, mask }, position) => {
          translations[index] = serialize(unmaskTags(answers[position] ?? '', mask))
        })
      } catch (error) {
        const mtError = asMtError(error, target.provider.name)
        logFailure('translate', mtError)
        return { ok: false, error: mtError }
      }
    }
    return { ok: true, translations }
  }

  /** SPEC §2 "send my translations to improve the machine translation system": a confirmed segment to the engine. */
  async function sendFeedback(id: string, source: string, translation: string): Promise<MtFeedbackResult> {
    const target = providerOf(id)
    if ('error' in target) return { ok: false, error: target.error }
    const { provider, ownId } = target
    if (!provider.acceptsFeedback || !provider.sendFeedback) {
      return { ok: false, error: { code: 'not-supported', provider: provider.name } }
    }
    const mask = maskTags(parse(source))
    try {
      await provider.sendFeedback(ownId, mask.masked, maskLike(parse(translation), mask), {
        signal: AbortSignal.timeout(options.timeoutMs),
      })
      return { ok: true }
    } catch (error) {
      const mtError = asMtError(error, provider.name)
      logFailure('send feedback', mtError)
      return { ok: false, error: mtError }
    }
  }

  /** Whether the settings may offer "improve MT" for this system (shown disabled with a reason otherwise). */
  function acceptsFeedback(id: string): boolean {
    const target = providerOf(id)
    return !('error' in target) && target.provider.acceptsFeedback
  }

  return { listSystems, findSystem, translate, sendFeedback, acceptsFeedback, providers: options.providers.map((provider) => provider.name) }
}

/** Consecutive groups of at most `maxCount` items and `maxCharacters` masked characters (a longer item goes alone). */
export function batches<T extends { mask: { masked: string } }>(items: readonly T[], maxCount: number, maxCharacters: number): T[][] {
  const groups: T[][] = []
  let current: T[] = []
  let characters = 0
  for (const item of items) {
    const length = item.mask.masked.length
    if (current.length > 0 && (current.length >= maxCount || characters + length > maxCharacters)) {
      groups.push(current)
      current = []
      characters = 0
    }
    current.push(item)
    characters += length
  }
  if (current.length > 0) groups.push(current)
  return groups
}

function generalFirst(a: MtSystem, b: MtSystem): number {
  const aGeneral = a.domain.toLowerCase() === 'general' ? 0 : 1
  const bGeneral = b.domain.toLowerCase() === 'general' ? 0 : 1
  return aGeneral - bGeneral || a.domain.localeCompare(b.domain) || a.title.localeCompare(b.title)
}

function asMtError(error: unknown, provider: string): MtError {
  if (error instanceof MtProviderError) return error.mtError
  // A provider bug (a throw that is not ours) still must not reach the page.
  return { code: 'bad-response', provider, detail: error instanceof Error ? error.message : String(error) }
}

function logFailure(call: string, error: MtError) {
  console.warn(`[mt] ${call} failed: ${error.provider} ${error.code}${error.detail ? ` — ${error.detail}` : ''}`)
}

/** The providers the environment configures: Apertium when APERTIUM_URL is set, Tilde MT when TILDE_MT_URL is. */
export function providersFromEnv(env: Env): MtProvider[] {
  const providers: MtProvider[] = []
  if (env.APERTIUM_URL) providers.push(apertiumProvider({ url: env.APERTIUM_URL }))
  if (env.TILDE_MT_URL) {
    providers.push(
      tildeProvider({
        url: env.TILDE_MT_URL,
        clientId: env.TILDE_MT_CLIENT_ID,
        appId: env.TILDE_MT_APP_ID,
        uiLanguage: env.TILDE_MT_UI_LANGUAGE,
      }),
    )
  }
  return providers
}

let registry: MtRegistry | undefined

/** The process's registry, built from the environment at first use. */
export function mtRegistry(): MtRegistry {
  if (!registry) {
    const env = getEnv()
    registry = createMtRegistry({
      providers: providersFromEnv(env),
      timeoutMs: env.MT_TIMEOUT_MS,
      cacheSeconds: env.MT_SYSTEMS_CACHE_SECONDS,
      batchSegments: env.MT_BATCH_SEGMENTS,
      batchCharacters: env.MT_BATCH_CHARACTERS,
    })
  }
  return registry
}

/** Tests change the environment between cases; they call this after doing so. */
export function resetMtRegistryForTests() {
  registry = undefined
}
