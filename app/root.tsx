import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
} from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useChangeLanguage } from 'remix-i18next/react'
import { FlashRegion } from './components/flash-message'
import { KeptFormNotice } from './components/kept-form-notice'
import { LocaleBundle } from './components/locale-bundle'
import { useNonce } from './components/nonce'
import { SiteHeader } from './components/site-header'
import { useRootData } from './components/use-root-data'
import { FORM_MAX_MEGABYTES } from './lib/http/form-limit'
import { rootData } from './lib/shell/root-data.server'
import stylesheet from './styles/app.css'

export const handle = { i18n: ['common'] }

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader(args: LoaderFunctionArgs) {
  return rootData(args)
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData()
  const { t, i18n } = useTranslation()
  const nonce = useNonce()
  const language = root?.language ?? i18n.language
  // A page that failed has no route title (its loader gave no data): it is named by what went wrong.
  const error = useRouteError()
  const errorTitle = error == null ? undefined : t(errorKeys(error).title)
  return (
    <html lang={language} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <LocaleBundle language={language} />
        {errorTitle ? <title>{errorTitle}</title> : <Meta />}
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          {t('shell.skipToContent')}
        </a>
        <SiteHeader user={root?.user} language={language} />
        <main id="main" tabIndex={-1}>
          <FlashRegion flash={root?.flash} />
          {root?.keptForm ? <KeptFormNotice kept={root.keptForm} /> : null}
          {children}
        </main>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  const root = useRootData()
  useChangeLanguage(root?.language ?? 'lv')
  useFocusMainOnNavigation()
  useEffect(() => {
    // The page is running: end-to-end tests wait for this before pressing keys (see e2e/helpers.ts `hydrated`).
    document.documentElement.dataset.hydrated = ''
  }, [])
  return <Outlet />
}

/**
 * A client-side navigation does not reset focus the way a page load does; move it to <main> so keyboard and
 * screen-reader users start at the new page's content (unless the page already focused something, such as
 * a form error).
 */
function useFocusMainOnNavigation() {
  const location = useLocation()
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    const main = document.getElementById('main')
    if (main && !main.contains(document.activeElement)) main.focus()
  }, [location.key])
}

/** What a failed page says: not found, the owner's only (issue 52), too much sent (formOf's 413), or an unexpected error. */
function errorKeys(error: unknown) {
  const status = isRouteErrorResponse(error) ? error.status : 500
  if (status === 404) return { title: 'errors.notFoundTitle', text: 'errors.notFound' } as const
  if (status === 403) return { title: 'errors.forbiddenTitle', text: 'errors.forbidden' } as const
  if (status === 413) return { title: 'errors.tooLargeTitle', text: 'errors.tooLarge' } as const
  return { title: 'errors.title', text: 'errors.unexpected' } as const
}

/** The one error boundary (issue #2): a translated message, never a stack trace outside development. */
export function ErrorBoundary() {
  const error = useRouteError()
  const { t } = useTranslation()
  const keys = errorKeys(error)
  const showDetails = process.env.NODE_ENV === 'development' && error instanceof Error
  return (
    <section className="error-page" aria-labelledby="error-title">
      <h1 id="error-title">{t(keys.title)}</h1>
      <p role="alert">{t(keys.text, { megabytes: FORM_MAX_MEGABYTES })}</p>
      <p>
        <a href="/">{t('errors.backToFiles')}</a>
      </p>
      {showDetails ? <pre className="error-details">{error.stack}</pre> : null}
    </section>
  )
}
