/**
 * DESIGN.md "MT providers": one interface over every machine-translation engine. Pure types, browser-safe.
 *
 * Providers speak *masked* text (tag-mask.ts): inline tags are `<tN>…</tN>` and `<tN/>`, everything else is text
 * with `&`, `<` and `>` escaped as HTML entities. The registry masks before and unmasks after, so a provider
 * never sees our canonical tag syntax and never has to keep tags valid itself.
 */

/** SPEC §3 "MT system": ID, Domain, Title.Text, SourceLanguage.Code, TargetLanguage.Code, Metadata status. */
export interface MtSystem {
  /** Unique across providers: the provider's name, a colon, then the provider's own id (`apertium:eng|spa`). */
  id: string
  /** Subject as the provider names it (General, Culture, Legal, …); the widget lists General first. */
  domain: string
  title: string
  /** Language codes as our projects use them (two letters where one exists: en, es, lv); SPEC §2 filters on the first two letters. */
  sourceLang: string
  targetLang: string
  /** Only `running` systems are offered (SPEC §2); others are kept for diagnostics. */
  status: string
}

export const RUNNING = 'running'

export type MtErrorCode =
  /** No configured provider owns the id, or the provider does not list it. */
  | 'unknown-system'
  /** Connection refused, DNS failure, a 5xx answer: the engine is down or unreachable. */
  | 'provider-unavailable'
  /** No answer within MT_TIMEOUT_MS. */
  | 'timeout'
  /** An answer we could not read (wrong shape, wrong number of translations, a 4xx refusal). */
  | 'bad-response'
  /** The provider has no such call (e.g. feedback on Apertium). */
  | 'not-supported'

export interface MtError {
  code: MtErrorCode
  provider: string
  /** For logs only; never shown to users (the route maps `code` to a translated message). */
  detail?: string
}

/** Thrown by providers, caught by the registry: routes only ever see `{ ok: false, error }` values. */
export class MtProviderError extends Error {
  constructor(readonly mtError: MtError) {
    super(`${mtError.provider}: ${mtError.code}${mtError.detail ? ` (${mtError.detail})` : ''}`)
    this.name = 'MtProviderError'
  }
}

/** What every call receives: the registry aborts it when MT_TIMEOUT_MS runs out. */
export interface MtCallOptions {
  signal: AbortSignal
}

export interface MtProvider {
  /** Short, lower-case, the prefix of its system ids (`apertium`, `tilde`). */
  readonly name: string
  /** Whether translators' confirmed segments can be sent back to improve the engine (SPEC §2 update_mt). */
  readonly acceptsFeedback: boolean
  listSystems(options: MtCallOptions): Promise<MtSystem[]>
  /**
   * Masked texts in, masked translations out: same length, same order. `systemId` is the provider's own id
   * (without the `name:` prefix). At most one request's worth: the registry splits larger jobs into batches.
   */
  translate(systemId: string, texts: readonly string[], options: MtCallOptions): Promise<string[]>
  /** Masked source and the translator's masked translation; only when `acceptsFeedback`. */
  sendFeedback?(systemId: string, source: string, translation: string, options: MtCallOptions): Promise<void>
}

export function systemId(provider: string, ownId: string): string {
  return `${provider}:${ownId}`
}

/** `apertium:eng|spa` → { provider: 'apertium', ownId: 'eng|spa' }; undefined without a prefix. */
export function splitSystemId(id: string): { provider: string; ownId: string } | undefined {
  const colon = id.indexOf(':')
  if (colon <= 0 || colon === id.length - 1) return undefined
  return { provider: id.slice(0, colon), ownId: id.slice(colon + 1) }
}
