import { getFixedT, getLanguage } from '../i18n/i18n.server'

/**
 * What a download or export link answers when it cannot give the file: a small page in the interface language, with a
 * title and the way back (a resource route has no error boundary; a bare "Not found" was English on every page).
 * Other thrown responses (a redirect to sign in) pass through.
 */
export async function withRefusalPage(request: Request, answer: () => Promise<Response>): Promise<Response> {
  try {
    return await answer()
  } catch (thrown) {
    if (!(thrown instanceof Response) || (thrown.status !== 404 && thrown.status !== 409)) throw thrown
    return refusalPage(request, thrown.status)
  }
}

async function refusalPage(request: Request, status: 404 | 409): Promise<Response> {
  const t = await getFixedT(request, 'common')
  const [title, message] = status === 404 ? [t('errors.notFoundTitle'), t('errors.notFound')] : [t('errors.notReadyTitle'), t('errors.notReady')]
  const html = `<!DOCTYPE html>
<html lang="${await getLanguage(request)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">${escapeHtml(t('errors.backToFiles'))}</a></p></main></body></html>
`
  return new Response(html, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } })
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!)
}
