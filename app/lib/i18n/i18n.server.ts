import { createInstance, type i18n as I18next, type TFunction } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { RemixI18Next } from 'remix-i18next/server'
import { defaultLanguage, i18nConfig, namespaces, supportedLanguages, type Language, type Namespace } from './config'
import { cookieValue, cultureValue, languageOfCulture } from './culture.server'
import { formatNumber } from './format'
import { resources } from './resources.server'
import { keptOrMade } from '../kept'

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
 * The i18next for server renders in a language with a route's namespaces (entry.server.tsx), shared by every such
 * render. Its `t` functions (one per namespace and key prefix, made once) remember what a key says with the values it
 * was given (`t('toolbar.confirm')`, `t('activate', { number: '12' })`: a page calls several hundred), for every render
 * after: the strings never change while the server runs, and i18next's lookup and interpolation took a tenth of the
 * request thread's time under bench/load. Calls with anything but plain values (objects, functions) are looked up each
 * time.
 */
export function renderI18next(language: Language, ns: string[]): I18next {
  return keptOrMade(renderInstances, `${language}\u0000${ns.join('\u0000')}`, INSTANCES_KEPT, () => renderInstance(language, ns))
}

/**
 * The instances renders share, one per language and namespaces (a route's): a render only reads its instance, and
 * cloning one for every page took 0.25 ms of a translator page's server time (issue 53).
 */
const renderInstances = new Map<string, I18next>()
const INSTANCES_KEPT = 500

function renderInstance(language: Language, ns: string[]): I18next {
  const instance = serverI18next.cloneInstance({ lng: language, ns })
  const fixedT = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => TFunction
  // One t per language, namespace and key prefix, made once: every component's useTranslation asks for one.
  const made = new Map<string, TFunction>()
  instance.getFixedT = ((lng: unknown, namespace: unknown, keyPrefix: unknown) => {
    const scope = `${String(lng ?? language)}\u0000${String(namespace ?? '')}\u0000${String(keyPrefix ?? '')}\u0000`
    return keptOrMade(made, scope, SCOPES_KEPT, () => rememberingT(fixedT(lng, namespace, keyPrefix), scope))
  }) as I18next['getFixedT']
  return instance
}

const SCOPES_KEPT = 1_000

/**
 * What keys said, per language, namespace, key prefix and values; bounded (values can be a file's name or a number of
 * thousands of segments): emptied when full.
 */
const texts = new Map<string, string>()
const TEXTS_KEPT = 20_000

function rememberingT(t: TFunction, scope: string): TFunction {
  /** Texts of keys without values, by the key alone: a key is a literal, whose hash its string keeps. */
  const plain = new Map<string, string>()
  const translate = t as unknown as (...args: unknown[]) => unknown
  const remembering = (...args: unknown[]) => {
    const [key, options] = args
    // Without options i18next answers a key with text (the key itself when it has none).
    if (typeof key === 'string' && args.length === 1) return keptOrMade(plain, key, TEXTS_KEPT, () => String(translate(key)))
    const name = typeof key === 'string' && args.length <= 2 ? textName(scope + key, options) : undefined
    if (name === undefined) return translate(...args)
    const known = texts.get(name)
    if (known !== undefined) return known
    const text = translate(...args)
    if (typeof text === 'string') {
      if (texts.size >= TEXTS_KEPT) texts.clear()
      texts.set(name, text)
    }
    return text
  }
  // i18next hangs lng, ns and keyPrefix on its t; they come along.
  return Object.assign(remembering, t) as unknown as TFunction
}

/**
 * The name a text is remembered by: the key and each value with its name, type and length, so that no two calls with
 * different values share one (a value cannot pass for another value's end); undefined when a value is not plain.
 */
function textName(scopedKey: string, options: unknown): string | undefined {
  if (options === undefined) return scopedKey
  if (typeof options !== 'object' || options === null) return undefined
  let name = scopedKey
  for (const [option, value] of Object.entries(options)) {
    const type = typeof value
    if (type !== 'string' && type !== 'number' && type !== 'boolean') return undefined
    const text = String(value)
    name += `\u0001${option.length}:${option}${type[0]}${text.length}:${text}`
  }
  return name
}

/** A message key ("files:delete.done") in a language, with its values: the flash message's text. */
export function flashText(language: Language, key: string, values?: Record<string, string | number>): string {
  // A count is also offered written as the language writes numbers ("50 002"), for messages that show large ones.
  const count = values?.count
  const formatted = typeof count === 'number' && values?.formatted === undefined ? { formatted: formatNumber(count, language) } : {}
  return serverI18next.getFixedT(language)(key, { ...values, ...formatted }) as string
}
