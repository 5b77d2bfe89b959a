import { createCookie } from '@remix-run/node'
import { RemixI18Next } from 'remix-i18next/server'
import { defaultLanguage, i18nConfig, isSupportedLanguage, supportedLanguages, type Language } from './config'
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
