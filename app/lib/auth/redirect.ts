/**
 * Where to send the user after signing in: only a path on this site ("/…"), never "//host" or "/\host",
 * which browsers read as another site. Anything else falls back.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) {
    return fallback
  }
  // Control characters (tabs, newlines) are stripped by URL parsers and could smuggle "//" in.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we look for
  if (/[\u0000-\u001f\u007f]/.test(to)) return fallback
  return to
}

/** The sign-in address with the current location (or `returnTo`) appended (SPEC §6: a 401 redirects there). */
export function signInAddress(signInUrl: string, request: Request, returnTo?: string): string {
  const url = new URL(request.url)
  const here = returnTo ?? `${url.pathname}${url.search}`
  const target = new URL(signInUrl, url.origin)
  if (here !== '/' && here !== target.pathname) target.searchParams.set('redirectTo', here)
  return target.origin === url.origin ? `${target.pathname}${target.search}` : target.toString()
}

/** An auth page's address that carries the place to return to ("/" is the default and is left out). */
export function withRedirectTo(path: string, redirectTo: string): string {
  return redirectTo === '/' ? path : `${path}?redirectTo=${encodeURIComponent(redirectTo)}`
}
