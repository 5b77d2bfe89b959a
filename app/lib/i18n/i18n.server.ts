import { createInstance, type i18n as I18next, type TFunction } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { RemixI18Next } from 'remix-i18next/server'
import { defaultLanguage, i18nConfig, namespaces, supportedLanguages, type Language, type Namespace } from './config'
import { cookieValue, cultureValue, languageOfCulture } from './culture.server'
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

/** An i18next for one server render, in that request's language (entry.server.tsx). */
export function renderI18next(language: Language, ns: string[]): I18next {
  return serverI18next.cloneInstance({ lng: language, ns })
}

/** A message key ("files:delete.done") in a language, with its values: the flash message's text. */
export function flashText(language: Language, key: string, values?: Record<string, string | number>): string {
  return serverI18next.getFixedT(language)(key, values ?? {}) as string
}
