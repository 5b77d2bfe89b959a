/** What the Express server hands every loader and action (server.mjs getLoadContext). */
export interface TulksLoadContext {
  /** CSP nonce of this response, for the few inline scripts Remix writes. */
  nonce: string
  /** The client's address (behind a proxy only when TRUST_PROXY is on), for sign-in limits. */
  clientAddress?: string
  /**
   * A new object for each HTTP request, so that what every loader of the request needs is read once (the
   * session: readSession). Absent (tests, scripts) means nothing is shared.
   */
  requestScope?: object
}

declare module '@remix-run/node' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends TulksLoadContext {}
}
