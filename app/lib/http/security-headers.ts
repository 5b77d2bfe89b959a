/**
 * Security headers for every response (issue #2): our own scripts and styles only (Remix's inline boot
 * scripts carry the per-response nonce), no framing, no MIME sniffing, no referrer to other sites.
 */
export function securityHeaders(nonce: string, extraFormTargets: string[] = []): Record<string, string> {
  const formAction = ["'self'", ...extraFormTargets].join(' ')
  return {
    'Content-Security-Policy': [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self'",
      "img-src 'self' data:",
      "font-src 'self'",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      `form-action ${formAction}`,
      "frame-ancestors 'none'",
    ].join('; '),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
  }
}
