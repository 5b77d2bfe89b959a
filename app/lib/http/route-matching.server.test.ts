import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { remembered, rememberedBuild, rememberRouteMatches, rememberServerRoutes, remixRoutesModule, routerModule } from './route-matching.server'

/** A route tree shaped like Remix's (a root, an index, dynamic and optional segments, a splat). */
const routes = [
  {
    id: 'root',
    path: '',
    children: [
      { id: 'routes/_index', index: true },
      { id: 'routes/translate', path: 'translate/:projectId/:password' },
      { id: 'routes/translate.save', path: 'translate/:projectId/:password/save' },
      { id: 'routes/locales', path: 'locales/:language/bundle.json' },
      {
        id: 'routes/memories',
        path: 'memories',
        children: [
          { id: 'routes/memories._index', index: true },
          { id: 'routes/memories.$id', path: ':memoryId/export' },
        ],
      },
      { id: 'routes/optional', path: 'help/:topic?' },
      { id: 'routes/$', path: '*' },
    ],
  },
]

const paths = [
  ...['/', '/translate/1/abc', '/translate/1/abc/save', '/translate/1/abc/', '/locales/lv/bundle.json', '/memories', '/memories/7/export'],
  ...['/help', '/help/tags', '/nowhere/at/all', '/%E0', '/translate/%C4%81/x'],
]

describe('remembered route matches (issue 53)', () => {
  const original = routerModule().matchRoutes

  it('gives what matchRoutes gives, the first time and every time after', () => {
    const remember = remembered(original)
    for (const round of [1, 2, 3]) {
      for (const path of paths) {
        expect([round, path, remember(routes, path)]).toEqual([round, path, original(routes, path)])
        expect([round, path, remember(routes, path, '/app')]).toEqual([round, path, original(routes, path, '/app')])
      }
    }
    expect(remember(routes, '/translate/1/abc')?.map((match) => (match.route as { id: string }).id)).toEqual(['root', 'routes/translate'])
    expect(remember(routes, { pathname: '/memories' })).toEqual(original(routes, { pathname: '/memories' }))
  })

  it("gives each caller its own matches: one request's params never reach the next", () => {
    const remember = remembered(original)
    const first = remember(routes, '/translate/1/abc')!
    first[1]!.params.projectId = 'changed'
    first.pop()
    const second = remember(routes, '/translate/1/abc')!
    expect(second).toHaveLength(2)
    expect(second[1]!.params).toEqual({ projectId: '1', password: 'abc' })
    // The routes themselves are the app's, shared.
    expect(second[1]!.route).toBe(routes[0]!.children[1])
  })

  it('keeps the matches of one route tree apart from another', () => {
    const remember = remembered(original)
    const other = [{ id: 'other', path: 'translate/:id/:secret' }]
    expect(remember(routes, '/translate/1/abc')?.at(-1)?.params).toEqual({ projectId: '1', password: 'abc' })
    expect(remember(other, '/translate/1/abc')?.at(-1)?.params).toEqual({ id: '1', secret: 'abc' })
  })

  it("gives a copy of the tree (a request's render builds one) the same matches, of the copy's own routes", () => {
    const remember = remembered(original)
    for (const path of paths) remember(routes, path)
    const copy = structuredClone(routes)
    for (const path of paths) {
      const matches = remember(copy, path)
      expect([path, matches]).toEqual([path, original(copy, path)])
      for (const match of matches ?? []) expect(JSON.stringify(copy)).toContain(JSON.stringify(match.route))
    }
    const memories = copy[0]!.children[4]!
    expect(remember(copy, '/memories/7/export')?.map((match) => match.route)).toEqual([copy[0], memories, memories.children![1]])
    expect(remember(copy, '/memories/7/export')?.at(-1)?.route).toBe(copy[0]!.children[4]!.children![1])
    expect(remember(copy, { pathname: '/help/tags' })).toEqual(original(copy, { pathname: '/help/tags' }))
    expect(remember(copy, { pathname: '/help/tags' })?.at(-1)?.route).toBe(copy[0]!.children[5])
  })

  it('tells trees apart by what matching reads: a route made case-sensitive, a path changed', () => {
    const remember = remembered(original)
    expect(remember(routes, '/MEMORIES')?.at(-1)?.route).toBe(routes[0]!.children[4]!.children![0])
    const sensitive = structuredClone(routes)
    Object.assign(sensitive[0]!.children[4]!, { caseSensitive: true })
    expect(remember(sensitive, '/MEMORIES')).toEqual(original(sensitive, '/MEMORIES'))
    expect(remember(sensitive, '/MEMORIES')?.at(-1)?.route).toBe(sensitive[0]!.children[6])
    const renamed = structuredClone(routes)
    renamed[0]!.children[1]!.path = 'translate/:id/:secret'
    expect(remember(renamed, '/translate/1/abc')?.at(-1)?.params).toEqual({ id: '1', secret: 'abc' })
    expect(remember(routes, '/translate/1/abc')?.at(-1)?.params).toEqual({ projectId: '1', password: 'abc' })
  })

  it('keeps a text location and a location object with the same text apart', () => {
    const remember = remembered(original)
    expect(remember(routes, '/memories?sort=name')).toEqual(original(routes, '/memories?sort=name'))
    expect(remember(routes, { pathname: '/memories?sort=name' })).toEqual(original(routes, { pathname: '/memories?sort=name' }))
    expect(remember(routes, '/memories?sort=name')?.at(-1)?.route).toBe(routes[0]!.children[4]!.children![0])
    expect(remember(routes, { pathname: '/memories?sort=name' })?.at(-1)?.route).toBe(routes[0]!.children[6])
  })

  it("is what Remix's server runtime calls once installed, installed once", async () => {
    rememberRouteMatches()
    const installed = routerModule().matchRoutes
    expect(installed).not.toBe(original)
    rememberRouteMatches()
    expect(routerModule().matchRoutes).toBe(installed)
    const runtime = createRequire(createRequire(import.meta.url).resolve('@remix-run/server-runtime'))
    type MatchServerRoutes = (routes: unknown[], path: string) => { params: object }[] | null
    const { matchServerRoutes } = runtime('./routeMatching.js') as { matchServerRoutes: MatchServerRoutes }
    expect(matchServerRoutes(routes, '/translate/2/xyz')?.at(-1)?.params).toEqual({ projectId: '2', password: 'xyz' })
    const expected = original(routes, '/translate/2/xyz')?.map(({ params, pathname, route }) => ({ params, pathname, route }))
    expect(matchServerRoutes(routes, '/translate/2/xyz')).toEqual(expected)
  })
})

describe("remembered server routes, RemixServer's for every render (issue 53)", () => {
  const original = remixRoutesModule().createServerRoutes
  const manifest = {
    root: { id: 'root', path: '', hasLoader: true },
    'routes/_index': { id: 'routes/_index', parentId: 'root', index: true, hasLoader: true },
    'routes/translate': { id: 'routes/translate', parentId: 'root', path: 'translate/:projectId/:password', hasLoader: true },
  }
  const Page = () => null
  const routeModules = { root: { default: Page }, 'routes/_index': { default: Page }, 'routes/translate': { default: Page } }
  const modules = () => ({ ...routeModules })
  const future = {}
  /** What a route tree says, its components included (its loaders are new functions on every build). */
  type Built = { id: string; path?: string; index?: boolean; Component?: unknown; children?: Built[] }
  const said = (routes: unknown[]): unknown[] =>
    (routes as Built[]).map(({ id, path, index, Component, children }) => ({ id, path, index, Component, children: children && said(children) }))

  it('builds once for a build, though each request gives its route modules in a new object', () => {
    const remember = rememberedBuild(original)
    const first = remember(manifest, modules(), future, false)
    expect(said(first)).toEqual(said(original(manifest, modules(), future, false)))
    expect(remember(manifest, modules(), future, false)).toBe(first)
    expect(JSON.stringify(first, ['id', 'path', 'index', 'children'])).toContain('translate/:projectId/:password')
  })

  it('builds again for other modules, another manifest, future flags or SPA mode', () => {
    const remember = rememberedBuild(original)
    const first = remember(manifest, modules(), future, false)
    const Other = () => null
    const changed = { ...routeModules, 'routes/translate': { default: Other } }
    const rebuilt = remember(manifest, changed, future, false)
    expect(rebuilt).not.toBe(first)
    expect(said(rebuilt)).toEqual(said(original(manifest, changed, future, false)))
    expect((rebuilt as Built[])[0]!.children![1]!.Component).toBe(Other)
    expect(remember(manifest, { ...changed, 'routes/more': { default: Page } }, future, false)).not.toBe(rebuilt)
    expect(remember({ ...manifest }, changed, future, false)).not.toBe(rebuilt)
    expect(remember(manifest, changed, {}, false)).not.toBe(rebuilt)
    expect(remember(manifest, changed, future, true)).not.toBe(rebuilt)
    expect(remember(manifest, changed, future, false)).not.toBe(first)
  })

  it('is what RemixServer calls once installed, installed once', () => {
    rememberServerRoutes()
    const installed = remixRoutesModule().createServerRoutes
    expect(installed).not.toBe(original)
    rememberServerRoutes()
    expect(remixRoutesModule().createServerRoutes).toBe(installed)
    const server = createRequire(import.meta.url).resolve('@remix-run/react/dist/server.js')
    expect(createRequire(server)('./routes.js')).toBe(remixRoutesModule())
  })
})
