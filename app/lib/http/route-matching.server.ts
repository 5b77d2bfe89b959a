import { createRequire } from 'node:module'

/**
 * Remix matches every request's path against the app's routes (`matchServerRoutes`, once, twice for a `.data` request)
 * with React Router's `matchRoutes`, which flattens and ranks the whole route tree and builds a regular expression for
 * each route it tries, every time: 0.25 ms of the request thread's 5 a request, the largest part of the framework's own
 * work (issue 53, docs/benchmarks.md). The routes never change while the server runs, so the matches of a path are
 * remembered: a path asked again gets a copy of what it got the first time.
 *
 * Remix calls the function through the router module's exports, so the remembering one is put there (the router's own
 * calls inside its static handler, and React Router's while rendering, go on as before). Only a path given as text is
 * remembered, per route tree (Remix keeps one for the server's life) and in a bounded number.
 */
type Match = { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; route: unknown }
type MatchRoutes = (routes: readonly unknown[], location: unknown, basename?: string) => Match[] | null

const PATHS_KEPT = 2_000

/** The remembering functions made here: installing twice does not wrap the first one again. */
const remembering = new WeakSet<MatchRoutes>()

export function rememberRouteMatches(): void {
  const router = routerModule()
  if (remembering.has(router.matchRoutes)) return
  router.matchRoutes = remembered(router.matchRoutes)
}

/** The router module as Remix's server runtime requires it (resolved from there, so it is the same module). */
export function routerModule(): { matchRoutes: MatchRoutes } {
  const fromApp = createRequire(import.meta.url)
  return createRequire(fromApp.resolve('@remix-run/server-runtime'))('@remix-run/router') as { matchRoutes: MatchRoutes }
}

export function remembered(matchRoutes: MatchRoutes): MatchRoutes {
  const known = new WeakMap<object, Map<string, Match[] | null>>()
  const remember: MatchRoutes = (routes, location, basename) => {
    if (typeof location !== 'string' || (basename !== undefined && typeof basename !== 'string')) return matchRoutes(routes, location, basename)
    let paths = known.get(routes)
    if (!paths) known.set(routes, (paths = new Map()))
    const name = `${basename ?? ''}\u0000${location}`
    let matches = paths.get(name)
    if (matches === undefined) {
      matches = matchRoutes(routes, location, basename)
      if (paths.size >= PATHS_KEPT) paths.clear()
      paths.set(name, matches)
    }
    // A copy, so that nothing done with one request's matches (their params) reaches the next.
    return matches && matches.map((match) => ({ ...match, params: { ...match.params } }))
  }
  remembering.add(remember)
  return remember
}
