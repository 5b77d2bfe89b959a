/** Shared i18next settings for the server render and the browser (isomorphic, no Node imports). */
export const supportedLanguages = ['lv', 'en', 'ru'] as const
export type Language = (typeof supportedLanguages)[number]

/** SPEC, opening paragraph: Latvian is the default. */
export const defaultLanguage: Language = 'lv'

export const namespaces = ['common', 'auth', 'files', 'translate', 'comments', 'editor', 'memories', 'suggestions', 'glossaries', 'qa', 'exchange'] as const
export type Namespace = (typeof namespaces)[number]

/**
 * Every string of a language in one answer (app/routes/locales.$language.bundle[.]json.ts): what the browser holds,
 * fetched by the page's head and, for another language, by the client's backend (lib/i18n/fetch-backend.ts). One
 * address for every page, so the browser's cache answers it after the first.
 */
export function localeBundleUrl(language: string): string {
  return `/locales/${encodeURIComponent(language)}/bundle.json?ns=${namespaces.join(',')}`
}

export const i18nConfig = {
  supportedLngs: [...supportedLanguages],
  fallbackLng: defaultLanguage,
  defaultNS: 'common',
  ns: ['common'],
  interpolation: { escapeValue: false }, // React escapes
  react: { useSuspense: false },
}

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (supportedLanguages as readonly string[]).includes(value)
}

/** Names of the languages in their own language, for the switcher. */
export const languageNames: Record<Language, string> = {
  lv: 'Latviešu',
  en: 'English',
  ru: 'Русский',
}
