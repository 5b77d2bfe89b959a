import type { BackendModule, ResourceLanguage } from 'i18next'
import { localeBundleUrl } from './config'

/** Each language's strings, asked for once: every namespace of it comes in the same answer. */
const languages = new Map<string, Promise<ResourceLanguage>>()

function languageBundle(language: string): Promise<ResourceLanguage> {
  let bundle = languages.get(language)
  if (!bundle) {
    bundle = fetch(localeBundleUrl(language)).then((response) =>
      response.ok ? (response.json() as Promise<ResourceLanguage>) : Promise.reject(new Error(`${response.status} ${response.url}`)),
    )
    // A failed answer is asked for again the next time, not kept.
    bundle.catch(() => languages.delete(language))
    languages.set(language, bundle)
  }
  return bundle
}

/**
 * The browser's i18next backend (i18next-http-backend would ship a fetch polyfill the file list's script budget has
 * no room for). The page starts with every namespace of its language (components/locale-bundle.tsx); another
 * language — the interface language switched without a new page — comes as one bundle too, not a request per
 * namespace, and every namespace of it at once, so no later page waits for one.
 */
export const fetchBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    languageBundle(language).then(
      (bundle) => (bundle[namespace] ? callback(null, bundle[namespace]) : callback(new Error(`no namespace ${namespace} in ${language}`), false)),
      (error: Error) => callback(error, false),
    )
  },
}
