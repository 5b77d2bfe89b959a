import { PassThrough } from 'node:stream'
import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { NonceProvider } from './components/nonce'
import { getLanguage, i18n, renderI18next } from './lib/i18n/i18n.server'

export { boot, shutdown, forbiddenText, formTargets, securityHeaders, isForeignOrigin } from './lib/boot.server'

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
  return new Promise<Response>((resolve, reject) => {
    let didError = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={instance}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          const chunks: Buffer[] = []
          const body = new PassThrough()
          body.on('data', (chunk: Buffer) => chunks.push(chunk))
          body.on('end', () => {
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
            resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: didError ? 500 : responseStatusCode }))
          })
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          didError = true
          console.error(error)
        },
      },
    )
    setTimeout(abort, ABORT_DELAY)
  })
}

export function handleError(error: unknown, { request }: { request: Request }) {
  // Aborted requests (the user navigated away) are not errors worth a log line.
  if (request.signal.aborted) return
  console.error(error)
}
