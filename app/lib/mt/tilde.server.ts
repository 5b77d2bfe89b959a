import { z } from 'zod'
import { callJson, endpoint } from './http-call.server'
import { toProjectLanguage } from './language-codes'
import { MtProviderError, systemId, type MtCallOptions, type MtProvider, type MtSystem } from './provider'

/**
 * Tilde MT / LetsMT-compatible API (SPEC §7 "systems list"; Tilde's published client examples), below a base
 * URL such as `https://www.letsmt.eu/ws/service.svc/json`, every call carrying the `client-id` header:
 *   GET  GetSystemList?appID=…&uiLanguageID=…&options=public
 *          → { System: [{ ID, Domain, Title: { Text }, SourceLanguage: { Code }, TargetLanguage: { Code },
 *                         Metadata: [{ Key: 'status', Value: 'running' }, …] }] }
 *   POST TranslateEx        { appID, systemID, text, options }               → { translation, … }
 *   POST UpdateTranslation  { appID, systemID, text, translation, options }  → 200 (the "improve MT" feedback)
 * It cannot be reached from the test machines: tilde.server.test.ts runs it against a local server that answers
 * in this format. Text may carry HTML/XML inline tags, which the engine keeps (our placeholders are such tags).
 */
export const TILDE = 'tilde'

/** Texts of one batch in flight at once: TranslateEx takes one text per call. */
const PARALLEL_CALLS = 4

export interface TildeConfig {
  url: string
  clientId?: string
  appId: string
  /** The language of system titles (uiLanguageID). */
  uiLanguage: string
}

const code = z.object({ Code: z.string().min(1) })
/** Metadata is a key/value list in LetsMT answers; a plain object is read too. */
const metadata = z
  .union([z.array(z.object({ Key: z.string(), Value: z.unknown() })), z.record(z.unknown())])
  .optional()
  .transform((value): Record<string, unknown> =>
    Array.isArray(value) ? Object.fromEntries(value.map(({ Key, Value }) => [Key.toLowerCase(), Value])) : value ?? {},
  )
const systemsAnswer = z.object({
  System: z.array(
    z.object({
      ID: z.string().min(1),
      Domain: z.string().nullish(),
      Title: z.object({ Text: z.string() }).nullish(),
      SourceLanguage: code,
      TargetLanguage: code,
      Metadata: metadata,
    }),
  ),
})
/** TranslateEx answers an object; the older Translate call a bare JSON string. */
const translateAnswer = z.union([z.string(), z.object({ translation: z.string() }).transform((answer) => answer.translation)])

export function tildeProvider(config: TildeConfig): MtProvider {
  const headers = (json: boolean): Record<string, string> => ({
    ...(json ? { 'content-type': 'application/json' } : {}),
    ...(config.clientId ? { 'client-id': config.clientId } : {}),
  })
  const post = (call: string, payload: Record<string, string>, signal: AbortSignal) =>
    callJson(TILDE, endpoint(config.url, call), {
      method: 'POST',
      headers: headers(true),
      body: JSON.stringify({ appID: config.appId, ...payload }),
      signal,
    })

  async function translateOne(systemID: string, text: string, { signal }: MtCallOptions): Promise<string> {
    const parsed = translateAnswer.safeParse(await post('TranslateEx', { systemID, text, options: '' }, signal))
    if (!parsed.success) throw new MtProviderError({ code: 'bad-response', provider: TILDE, detail: parsed.error.message })
    return parsed.data
  }

  return {
    name: TILDE,
    acceptsFeedback: true,

    async listSystems({ signal }) {
      const url = endpoint(config.url, 'GetSystemList')
      url.search = new URLSearchParams({ appID: config.appId, uiLanguageID: config.uiLanguage, options: 'public' }).toString()
      const parsed = systemsAnswer.safeParse(await callJson(TILDE, url, { headers: headers(false), signal }))
      if (!parsed.success) throw new MtProviderError({ code: 'bad-response', provider: TILDE, detail: parsed.error.message })
      return parsed.data.System.map(
        (system): MtSystem => ({
          id: systemId(TILDE, system.ID),
          domain: system.Domain || 'General',
          title: system.Title?.Text || system.ID,
          sourceLang: toProjectLanguage(system.SourceLanguage.Code),
          targetLang: toProjectLanguage(system.TargetLanguage.Code),
          status: typeof system.Metadata.status === 'string' ? system.Metadata.status.toLowerCase() : 'unknown',
        }),
      )
    },

    async translate(systemID, texts, options) {
      const translations: string[] = new Array<string>(texts.length)
      let next = 0
      let failed = false
      const worker = async () => {
        // After one failure the call has failed: the other workers take no new texts.
        for (let index = next++; !failed && index < texts.length; index = next++) {
          try {
            translations[index] = await translateOne(systemID, texts[index] ?? '', options)
          } catch (error) {
            failed = true
            throw error
          }
        }
      }
      await Promise.all(Array.from({ length: Math.min(PARALLEL_CALLS, texts.length) }, worker))
      return translations
    },

    async sendFeedback(systemID, text, translation, { signal }) {
      await post('UpdateTranslation', { systemID, text, translation, options: '' }, signal)
    },
  }
}
