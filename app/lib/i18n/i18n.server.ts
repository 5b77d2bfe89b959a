import { createInstance, type i18n as I18next, type TFunction } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { RemixI18Next } from 'remix-i18next/server'
import { defaultLanguage, i18nConfig, namespaces, supportedLanguages, type Language, type Namespace } from './config'
import { cookieValue, cultureValue, languageOfCulture } from './culture.server'
import { formatNumber } from './format'
import { resources } from './resources.server'

/**
 * SPEC: the interface language is chosen from a culture cookie — read in the forms other systems on the domain write
 * it (culture.server.ts; ASP.NET Core's own cookie name too), written in ASP.NET's form. A value that names no
 * language of ours is no choice: the default language.
 */
export const cultureCookie = {
  name: 'culture',
  parse(header: string | null | undefined): Language | undefined {
    return languageOfCulture(cookieValue(header, 'culture')) ?? languageOfCulture(cookieValue(header, '.AspNetCore.Culture'))
  },
  serialize(language: Language, { secure = false }: { secure?: boolean } = {}): string {
    return `culture=${encodeURIComponent(cultureValue(language))}; Max-Age=${60 * 60 * 24 * 365}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
  },
}

export const i18n = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage: defaultLanguage,
    // Only the cookie decides; without it the interface is Latvian whatever the browser prefers.
    order: ['custom'],
    findLocale: async (request) => getLanguage(request),
  },
  i18next: { ...i18nConfig, resources },
})

export async function getLanguage(request: Request): Promise<Language> {
  return cultureCookie.parse(request.headers.get('Cookie')) ?? defaultLanguage
}

export async function cultureCookieHeader(language: Language, request: Request): Promise<string> {
  return cultureCookie.serialize(language, { secure: new URL(request.url).protocol === 'https:' })
}

/**
 * One i18next for the whole server, every language's strings in memory (they ship with the build). Setting up
 * an instance per request cost about a millisecond a page; a clone shares the strings and only keeps its own
 * language, and a fixed t changes nothing.
 */
const serverI18next = createInstance()
void serverI18next.use(initReactI18next).init({ ...i18nConfig, resources, ns: [...namespaces], initImmediate: false })

/** The request's language and strings for one namespace, for loaders (page titles, messages). */
export async function getFixedT(request: Request, namespace: Namespace): Promise<TFunction> {
  return serverI18next.getFixedT(await getLanguage(request), namespace)
}

/**
 * An i18next for one server render, in that request's language (entry.server.tsx). Its `t` functions remember
 * what a key without values says (`t('toolbar.confirm')`, most of a page's calls), for every render after: the
 * strings never change while the server runs, and i18next's lookup took a tenth of the request thread's time
 * under bench/load. Calls with values (counts, names) are looked up each time.
 */
export function renderI18next(language: Language, ns: string[]): I18next {
  const instance = serverI18next.cloneInstance({ lng: language, ns })
  const fixedT = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => TFunction
  instance.getFixedT = ((lng: unknown, namespace: unknown, keyPrefix: unknown) =>
    rememberingT(fixedT(lng, namespace, keyPrefix), `${String(lng ?? language)}\u0000${String(namespace ?? '')}\u0000${String(keyPrefix ?? '')}\u0000`)) as I18next['getFixedT']
  return instance
}

/** What plain keys said, per language, namespace and key prefix; bounded, in case a key is ever built from input. */
const plainTexts = new Map<string, string>()
const PLAIN_TEXTS_KEPT = 20_000

function rememberingT(t: TFunction, scope: string): TFunction {
  const remembering = (...args: unknown[]) => {
    const [key, options] = args
    if (typeof key !== 'string' || args.length > 2 || options !== undefined) return (t as unknown as (...rest: unknown[]) => unknown)(...args)
    const known = plainTexts.get(scope + key)
    if (known !== undefined) return known
    const text = t(key)
    if (typeof text === 'string' && plainTexts.size < PLAIN_TEXTS_KEPT) plainTexts.set(scope + key, text)
    return text
  }
  // i18next hangs lng, ns and keyPrefix on its t; they come along.
  return Object.assign(remembering, t) as unknown as TFunction
}

/** A message key ("files:delete.done") in a language, with its values: the flash message's text. */
export function flashText(language: Language, key: string, values?: Record<string, string | number>): string {
  // A count is also offered written as the language writes numbers ("50 002"), for messages that show large ones.
  const count = values?.count
  const formatted = typeof count === 'number' && values?.formatted === undefined ? { formatted: formatNumber(count, language) } : {}
  return serverI18next.getFixedT(language)(key, { ...values, ...formatted }) as string
}
