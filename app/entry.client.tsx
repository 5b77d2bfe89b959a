import { RemixBrowser } from '@remix-run/react'
import i18next, { type ResourceLanguage } from 'i18next'
import { StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { LOCALE_BUNDLE } from './components/locale-bundle'
import { i18nConfig, namespaces } from './lib/i18n/config'
import { fetchBackend } from './lib/i18n/fetch-backend'

async function hydrate() {
  const language = document.documentElement.lang
  // The page's head started fetching its strings (components/locale-bundle.tsx); a namespace it lacks is fetched alone.
  const bundle = (await (window as unknown as Record<string, Promise<ResourceLanguage | null> | undefined>)[LOCALE_BUNDLE]) ?? undefined
  await i18next
    .use(initReactI18next)
    .use(fetchBackend)
    .init({
      ...i18nConfig,
      // The server already chose the language (culture cookie) and wrote it into <html lang>.
      lng: language,
      // Every namespace: the page's head fetched them all (components/locale-bundle.tsx), and a language switched
      // to later is loaded whole (lib/i18n/fetch-backend.ts), not only the namespaces of the page it was switched on.
      ns: [...namespaces],
      resources: bundle && { [language]: bundle },
      partialBundledLanguages: true,
      // Every key exists in every language (lib/i18n/locales.test.ts): no default-language files to fetch as a fallback.
      fallbackLng: false,
    })

  // Hydrated at once rather than in a transition's 5 ms slices: nothing can be typed before the editor exists, and
  // on a slow machine the slices only made the page ready later (bench/low-end).
  hydrateRoot(
    document,
    <I18nextProvider i18n={i18next}>
      <StrictMode>
        <RemixBrowser />
      </StrictMode>
    </I18nextProvider>,
  )
}

void hydrate()
