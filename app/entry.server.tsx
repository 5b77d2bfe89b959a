import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { isRouteErrorResponse, RemixServer } from '@remix-run/react'
import { I18nextProvider } from 'react-i18next'
import { NonceProvider } from './components/nonce'
// The web-streams renderer, not renderToPipeableStream: React 18.3.1's Node renderer sends its whole 2,048-byte
// buffer when the next character does not fit in what is left of it, so a page carried a U+0000 wherever a
// two- or three-byte character met a buffer boundary (react/react#31134; fixed only in React 19). This one
// encodes every piece to bytes first and splits bytes, never characters (docs/decisions/0012), short pieces from Node's
// buffer pool (0031).
import { renderedBytes, renderToReadableStream } from './lib/render/page-renderer.server'
import { getLanguage, i18n, renderI18next } from './lib/i18n/i18n.server'

export { addressWithoutNul, boot, bootWorkerProcess, runThread, shutdown, forbiddenText, formTargets, securityHeaders, isForeignOrigin } from './lib/boot.server'

const ABORT_DELAY = 5_000

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const instance = renderI18next(await getLanguage(request), i18n.getRouteNamespaces(remixContext))
  const nonce = loadContext.nonce

  // The whole document at once, as one buffer: every loader has finished before rendering starts (no deferred
  // data), so streaming the shell would only cut the page into small writes, each compressed and sent apart.
  let didError = false
  const abort = new AbortController()
  const timer = setTimeout(() => abort.abort(), ABORT_DELAY)
  let body: Uint8Array<ArrayBuffer>
  try {
    const stream = await renderToReadableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={instance}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        signal: abort.signal,
        onError(error: unknown) {
          didError = true
          console.error(error)
        },
      },
    )
    await stream.allReady
    body = await renderedBytes(stream)
  } finally {
    clearTimeout(timer)
  }
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  return new Response(body, { headers: responseHeaders, status: didError ? 500 : responseStatusCode })
}

export function handleError(error: unknown, { request }: { request: Request }) {
  // Aborted requests (the user navigated away) are not errors worth a log line, nor a client's own mistake that
  // the router answers itself (a POST to a page without a form: 405), which would log a stack for every one.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return
  console.error(error)
}
