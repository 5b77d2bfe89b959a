import { Parser } from 'htmlparser2'

/**
 * The translator screen as a browser uses it, over HTTP. It relies only on the URL
 * (`/translate/{id}/{password}?segment=X`, Remix single fetch's `.data` twin of it), the form field names
 * (`intent`, `segmentId`, `target`, `source`, `renderedAt`) and the page HTML — the route is free to change
 * everything else.
 */
export interface TranslatorClient {
  /** GET the page (full server render); the HTML. */
  page(segmentId: number): Promise<string>
  /** GET what a client-side navigation to the segment loads (single fetch). */
  pageData(segmentId: number): Promise<void>
  /** No-JS confirm: POST the form, then GET the page the redirect names; the two times in ms and that page. */
  confirmWithoutJs(form: ActiveForm): Promise<{ post: number; follow: number; html: string }>
  /** JS confirm: POST to `.data`, then the revalidation GET of `.data` at the redirect's URL; the two times in ms. */
  confirmWithJs(form: ActiveForm): Promise<{ post: number; follow: number }>
}

/** The active segment's form fields as the page renders them. */
export interface ActiveForm {
  segmentId: string
  source: string
  renderedAt: string
  target: string
}

async function expectOk(response: Response, what: string): Promise<string> {
  const body = await response.text()
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${body.slice(0, 300)}`)
  return body
}

/** Signs in through the real /sign-in form; returns the Cookie header value. */
export async function signIn(origin: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${origin}/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password, redirectTo: '/' }),
  })
  await response.arrayBuffer()
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith('tulks_session='))
  if (!session) throw new Error(`sign-in gave no session cookie (status ${response.status})`)
  return session.split(';')[0] ?? ''
}

export function translatorClient(origin: string, base: string, cookie: string): TranslatorClient {
  const headers = { Cookie: cookie }
  const formHeaders = { ...headers, Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' }
  const at = (segmentId: number | string, data = false) => `${origin}${base}${data ? '.data' : ''}?segment=${segmentId}`
  const confirmBody = (form: ActiveForm) =>
    // Confirming the source as the translation: valid tags whatever the segment holds.
    new URLSearchParams({ intent: 'confirm', segmentId: form.segmentId, target: form.source, source: form.source, renderedAt: form.renderedAt })

  return {
    async page(segmentId) {
      return expectOk(await fetch(at(segmentId), { headers }), `GET ${base}?segment=${segmentId}`)
    },
    async pageData(segmentId) {
      await expectOk(await fetch(at(segmentId, true), { headers }), `GET ${base}.data?segment=${segmentId}`)
    },
    async confirmWithoutJs(form) {
      const start = performance.now()
      const posted = await fetch(at(form.segmentId), { method: 'POST', redirect: 'manual', headers: formHeaders, body: confirmBody(form) })
      await posted.arrayBuffer()
      const location = posted.headers.get('Location')
      if (posted.status < 300 || posted.status > 303 || !location) throw new Error(`confirm (no JS) answered ${posted.status}, not a redirect`)
      const post = performance.now() - start
      const html = await expectOk(await fetch(new URL(location, origin), { headers }), `GET ${location}`)
      return { post, follow: performance.now() - start - post, html }
    },
    async confirmWithJs(form) {
      const start = performance.now()
      const posted = await fetch(at(form.segmentId, true), { method: 'POST', headers: formHeaders, body: confirmBody(form) })
      const body = await expectOk(posted, `POST ${base}.data`)
      // Single fetch answers an action's redirect with a 202 whose body names the URL; the client then
      // revalidates by loading that URL's `.data`.
      const location = redirectIn(body, base)
      if (!location) throw new Error(`confirm (JS) answered ${posted.status} with no redirect to ${base}: ${body.slice(0, 300)}`)
      const post = performance.now() - start
      const next = new URL(location, origin)
      next.pathname = `${next.pathname}.data`
      next.hash = ''
      await expectOk(await fetch(next, { headers }), `GET ${next.pathname}${next.search}`)
      return { post, follow: performance.now() - start - post }
    },
  }
}

/** The first string in a turbo-stream body that is a URL of this translator page. */
function redirectIn(body: string, base: string): string | undefined {
  for (const match of body.matchAll(/"((?:[^"\\]|\\.)*)"/g)) {
    const text = JSON.parse(`"${match[1]}"`) as string
    if (text.startsWith(`${base}?`) || text === base) return text
  }
  return undefined
}

/** The hidden fields of the page's active segment form (the one holding `segmentId`). */
export function activeForm(html: string): ActiveForm | undefined {
  const forms: Record<string, string>[] = []
  let current: Record<string, string> | undefined
  let textareaName: string | undefined
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'form') current = {}
      if (!current || !attributes.name) return
      if (name === 'input') current[attributes.name] = attributes.value ?? ''
      if (name === 'textarea') {
        textareaName = attributes.name
        current[textareaName] = ''
      }
    },
    ontext(text) {
      if (current && textareaName) current[textareaName] += text
    },
    onclosetag(name) {
      if (name === 'textarea') textareaName = undefined
      if (name === 'form' && current) {
        forms.push(current)
        current = undefined
      }
    },
  })
  parser.end(html)
  // The segment's own form holds its source; the settings menu's form posts the active segment's id too.
  const fields = forms.find((form) => form.segmentId !== undefined && form.source !== undefined)
  if (!fields?.segmentId || fields.source === undefined) return undefined
  return { segmentId: fields.segmentId, source: fields.source, renderedAt: fields.renderedAt ?? '0', target: fields.target ?? '' }
}
