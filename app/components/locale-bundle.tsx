import { useMatches } from '@remix-run/react'
import { useNonce } from './nonce'

/** The name under which the page's head leaves the promise of its strings for app/entry.client.tsx. */
export const LOCALE_BUNDLE = '__tulksLocales'

/** The i18n namespaces the matched routes name in their handles (what remix-i18next's server render uses). */
function pageNamespaces(handles: unknown[]): string[] {
  const names = handles.flatMap((handle) => {
    const i18n = (handle as { i18n?: unknown } | undefined)?.i18n
    return typeof i18n === 'string' ? [i18n] : Array.isArray(i18n) ? i18n.filter((name): name is string => typeof name === 'string') : []
  })
  return [...new Set(names)]
}

/**
 * A script at the top of the page that starts fetching the page's strings in one request while the browser is still
 * reading the page and loading its modules; the client entry waits for it instead of fetching each namespace after
 * the modules ran. Without JavaScript it is a few inert bytes.
 */
export function LocaleBundle({ language }: { language: string }) {
  const nonce = useNonce()
  const namespaces = pageNamespaces(useMatches().map((match) => match.handle))
  const url = `/locales/${encodeURIComponent(language)}/bundle.json?ns=${namespaces.map(encodeURIComponent).join(',')}`
  const script = `window.${LOCALE_BUNDLE}=fetch(${JSON.stringify(url)}).then(function(r){return r.ok?r.json():null}).catch(function(){return null})`
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />
}
