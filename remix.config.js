/** Remix classic compiler (DESIGN.md "Stack"). */
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}'],
  serverModuleFormat: 'esm',
  serverPlatform: 'node',
  // i18next's ESM build and remix-i18next are ESM-only; let the compiler bundle them.
  serverDependenciesToBundle: [/^remix-i18next/],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    // The whole route manifest as one cached file rather than a partial one computed for every page (decision 0021).
    v3_lazyRouteDiscovery: false,
    v3_singleFetch: true,
  },
}
