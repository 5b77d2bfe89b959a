import { RemixBrowser } from '@remix-run/react'
import i18next from 'i18next'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { getInitialNamespaces } from 'remix-i18next/client'
import { i18nConfig } from './lib/i18n/config'
import { fetchBackend } from './lib/i18n/fetch-backend'

async function hydrate() {
  await i18next
    .use(initReactI18next)
    .use(fetchBackend)
    .init({
      ...i18nConfig,
      // The server already chose the language (culture cookie) and wrote it into <html lang>.
      lng: document.documentElement.lang,
      ns: getInitialNamespaces(),
    })

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    )
  })
}

void hydrate()
