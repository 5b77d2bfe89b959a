import { createRequire } from 'node:module'
import { keptOrMade } from '../kept'

/**
 * Remix matches every request's path against the app's routes (`matchServerRoutes`, once, twice for a `.data` request)
 * with React Router's `matchRoutes`, which flattens and ranks the whole route tree and builds a regular expression for
 * each route it tries, every time: 0.25 ms of the request thread's 5 a request, the largest part of the framework's own
 * work (issue 53, docs/benchmarks.md). React Router's render matches the same path once more, against a copy of the
 * tree built for that request (another 0.26 ms of a file list's 8). The routes never change while the server runs, so
 * the matches of a path are remembered: a path asked again gets what it got the first time.
 *
 * Remix and React Router call the function through the router module's exports, so the remembering one is put there
 * (the router's own call inside its static handler goes on as before). Matches are kept per tree shape — what matching
 * reads of a route: its path, whether it is an index, case sensitivity, its children — as the positions of their
 * routes in the tree, and each caller gets new matches of the routes of the tree it gave. Only a path given as text,
 * or as a location's pathname, is remembered, in a bounded number.
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

type CreateServerRoutes = (manifest: unknown, routeModules: unknown, future: unknown, isSpaMode: unknown, ...rest: unknown[]) => unknown[]

/**
 * Remix's RemixServer builds React Router's routes from the build's manifest and route modules for every render
 * (`createServerRoutes`, 0.14 ms of a translator page's server time); the routes it builds depend on nothing else, and
 * nothing changes them (the static router copies them into its own), so the ones built first are given again. Put in
 * place of the export of @remix-run/react's routes module that RemixServer calls, as for `matchRoutes`.
 */
export function rememberServerRoutes(): void {
  const routes = remixRoutesModule()
  if (!rememberingBuilds.has(routes.createServerRoutes)) routes.createServerRoutes = rememberedBuild(routes.createServerRoutes)
}

/** The routes module of @remix-run/react, the one its RemixServer requires. */
export function remixRoutesModule(): { createServerRoutes: CreateServerRoutes } {
  const fromApp = createRequire(import.meta.url)
  return createRequire(fromApp.resolve('@remix-run/react'))('./routes.js') as { createServerRoutes: CreateServerRoutes }
}

const rememberingBuilds = new WeakSet<CreateServerRoutes>()

/**
 * The routes last built, given again while the manifest, the future flags and SPA mode are the same objects (one build
 * has one of each) and the route modules are the same: Remix gives them in a new object for every request, so they are
 * compared module by module.
 */
export function rememberedBuild(create: CreateServerRoutes): CreateServerRoutes {
  let last: { manifest: unknown; future: unknown; isSpaMode: unknown; modules: Record<string, unknown>; routes: unknown[] } | undefined
  const remember: CreateServerRoutes = (manifest, routeModules, future, isSpaMode, ...rest) => {
    const usual = rest.length === 0 && typeof routeModules === 'object' && routeModules !== null
    if (!usual) return create(manifest, routeModules, future, isSpaMode, ...rest)
    const modules = routeModules as Record<string, unknown>
    const same = last && last.manifest === manifest && last.future === future && last.isSpaMode === isSpaMode && sameModules(last.modules, modules)
    if (same) return last!.routes
    const routes = create(manifest, routeModules, future, isSpaMode)
    last = { manifest, future, isSpaMode, modules: { ...modules }, routes }
    return routes
  }
  rememberingBuilds.add(remember)
  return remember
}

function sameModules(kept: Record<string, unknown>, given: Record<string, unknown>): boolean {
  const ids = Object.keys(given)
  return ids.length === Object.keys(kept).length && ids.every((id) => Object.hasOwn(kept, id) && kept[id] === given[id])
}

export function remembered(matchRoutes: MatchRoutes): MatchRoutes {
  /** Per tree shape, per basename and path: the matches with their routes' positions (null: no route matched). */
  const known = new Map<string, Map<string, KeptMatch[] | null>>()
  const remember: MatchRoutes = (routes, location, basename) => {
    const path = pathOf(location)
    if (path === undefined || (basename !== undefined && typeof basename !== 'string')) return matchRoutes(routes, location, basename)
    const paths = keptOrMade(known, shapeOf(routes), SHAPES_KEPT, () => new Map<string, KeptMatch[] | null>())
    const name = `${basename ?? ''}\u0000${path}`
    const kept = paths.get(name)
    if (kept !== undefined) {
      // New matches, so that nothing done with one request's (their params) reaches the next.
      return kept && kept.map(({ at, params, ...match }) => ({ ...match, params: { ...params }, route: routeAt(routes, at) }))
    }
    const matches = matchRoutes(routes, location, basename)
    const positions = matches && positionsOf(routes, matches)
    if (paths.size >= PATHS_KEPT) paths.clear()
    if (positions !== undefined) {
      paths.set(name, matches && matches.map((match, depth) => ({ ...match, params: { ...match.params }, at: positions!.slice(0, depth + 1) })))
    }
    return matches
  }
  remembering.add(remember)
  return remember
}

interface Route {
  children?: readonly Route[]
}

/** A remembered match: its route's position in a tree of this shape, the index of each route on the way down. */
interface KeptMatch extends Omit<Match, 'route'> {
  at: readonly number[]
}

/** Shapes of route trees kept (one for the app's routes; a test's or another router's trees add a few). */
const SHAPES_KEPT = 20

/** What a match depends on besides the tree: a text location's whole text, or a location object's pathname. */
function pathOf(location: unknown): string | undefined {
  if (typeof location === 'string') return `text\u0000${location}`
  const pathname = typeof location === 'object' && location !== null ? (location as { pathname?: unknown }).pathname : null
  return pathname === undefined || typeof pathname === 'string' ? `pathname\u0000${pathname ?? ''}` : undefined
}

const shapes = new WeakMap<object, string>()

/** A route tree as matching reads it, the same for every copy of the app's routes (a request's render builds one). */
function shapeOf(routes: readonly unknown[]): string {
  let shape = shapes.get(routes)
  if (shape === undefined) shapes.set(routes, (shape = JSON.stringify(routes, ['path', 'index', 'caseSensitive', 'children'])))
  return shape
}

/**
 * Each match's index among its siblings: a match's route is a child of the one before (the first a top-level route).
 * Undefined when one is not where expected, and then nothing is remembered.
 */
function positionsOf(routes: readonly unknown[], matches: readonly Match[]): number[] | undefined {
  const positions: number[] = []
  let level = routes as readonly Route[]
  for (const match of matches) {
    const index = level.indexOf(match.route as Route)
    if (index < 0) return undefined
    positions.push(index)
    level = (match.route as Route).children ?? []
  }
  return positions
}

/** The route at these positions of a tree of the remembered shape. */
function routeAt(routes: readonly unknown[], at: readonly number[]): Route {
  let route = (routes as readonly Route[])[at[0]!]!
  for (const index of at.slice(1)) route = route.children![index]!
  return route
}
