/** What the Express server hands every loader and action (server.mjs getLoadContext). */
export interface TulksLoadContext {
  /** CSP nonce of this response, for the few inline scripts Remix writes. */
  nonce: string
  /** The client's address (behind a proxy only when TRUST_PROXY is on), for sign-in limits. */
  clientAddress?: string
}

declare module '@remix-run/node' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends TulksLoadContext {}
}
