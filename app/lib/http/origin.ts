/**
 * DESIGN "Security": POSTs from a foreign Origin are refused. Browsers send Origin on every POST;
 * "null" (sandboxed frames, cross-site redirects) counts as foreign. A request without Origin comes from a
 * non-browser client (curl, scripts), which cannot carry a victim's SameSite=Lax cookie anyway.
 */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export function isForeignOrigin(method: string, origin: string | null | undefined, ownOrigin: string): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false
  if (origin === undefined || origin === null || origin === '') return false
  return origin !== ownOrigin
}
