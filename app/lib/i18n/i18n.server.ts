import { createCookie } from '@remix-run/node'
import { createInstance, type i18n as I18next, type TFunction } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { RemixI18Next } from 'remix-i18next/server'
import { defaultLanguage, i18nConfig, isSupportedLanguage, namespaces, supportedLanguages, type Language, type Namespace } from './config'
import { resources } from './resources.server'

/** SPEC: the interface language is chosen from a culture cookie. */
export const cultureCookie = createCookie('culture', {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  maxAge: 60 * 60 * 24 * 365,
})

export const i18n = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage: defaultLanguage,
    cookie: cultureCookie,
    // Only the cookie decides; without it the interface is Latvian whatever the browser prefers.
    order: ['cookie'],
  },
  i18next: { ...i18nConfig, resources },
})

export async function getLanguage(request: Request): Promise<Language> {
  const language = await i18n.getLocale(request)
  return isSupportedLanguage(language) ? language : defaultLanguage
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
