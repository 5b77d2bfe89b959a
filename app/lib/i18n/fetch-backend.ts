import type { BackendModule } from 'i18next'

/**
 * The browser's i18next backend: the locale JSON the server also uses, fetched with the browser's own
 * fetch (i18next-http-backend would ship a fetch polyfill the file list's script budget has no room for).
 */
export const fetchBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    fetch(`/locales/${language}/${namespace}.json`)
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`${response.status} ${response.url}`))))
      .then(
        (resources: Record<string, unknown>) => callback(null, resources),
        (error: Error) => callback(error, false),
      )
  },
}
