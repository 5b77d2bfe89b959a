import { localeBundleUrl } from '~/lib/i18n/config'
import { useNonce } from './nonce'

/** The name under which the page's head leaves the promise of its strings for app/entry.client.tsx. */
export const LOCALE_BUNDLE = '__tulksLocales'

/**
 * A script at the top of the page that starts fetching the language's strings in one request while the browser is
 * still reading the page and loading its modules; the client entry waits for it instead of fetching each namespace
 * after the modules ran. Without JavaScript it is a few inert bytes.
 *
 * Every namespace, not only the page's: with JavaScript a link to another page renders it without a new document,
 * and a namespace fetched then would show that page's raw keys ("actions.confirm", "targetLabel") until it came —
 * opening a file from the file list did, for a frame or two, and named the editor "targetLabel" for a screen reader.
 * All of a language is 38–65 KB (10–14 KB compressed).
 */
export function LocaleBundle({ language }: { language: string }) {
  const nonce = useNonce()
  const url = localeBundleUrl(language)
  const script = `window.${LOCALE_BUNDLE}=fetch(${JSON.stringify(url)}).then(function(r){return r.ok?r.json():null}).catch(function(){return null})`
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />
}
