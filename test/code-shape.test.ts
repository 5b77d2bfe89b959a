import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * Issue 54: the shape of the code, kept from drifting back (docs/decisions/0023-layers-of-the-code.md).
 * - a route module is thin: at most ROUTE_MAX_LINES (its loader, its dispatch by intent and the page's outline);
 * - no import circle among app/'s modules (type imports count: a circle of types is still a circle to read);
 * - routes → components → lib, never back up; inside app/lib, the edge areas (what a route or a call talks to) are
 *   imported by no domain area, and the foundation areas import nothing above them.
 */

const ROOT = path.resolve(import.meta.dirname, '..')
const APP = path.join(ROOT, 'app')
const ROUTE_MAX_LINES = 250
/** Any other module: past this, it holds two things (the translator's editor was 699 lines, the API 604). */
const MODULE_MAX_LINES = 600
/** A list that grows by appending and is read as one: the database's migrations, in order. */
const LONG_BY_NATURE = new Set(['app/lib/db/migrations.server.ts'])

/** app/lib's areas that face the outside: the API calls, the translator page's intents, the page frame, the start. */
const EDGE = new Set(['api', 'translator', 'shell', 'boot.server.ts'])
/** app/lib's foundation: pure text models, the database, HTTP and i18n plumbing — they know no domain. */
const FOUNDATION = new Set(['tags', 'segmentation', 'analysis', 'formats', 'db', 'http', 'i18n', 'env.server.ts', 'kept.ts'])

function modulesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const at = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : modulesUnder(at)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [at] : []
  })
}

const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join('/')

function resolveImport(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('~/') ? path.join(APP, specifier.slice(2)) : specifier.startsWith('.') ? path.resolve(path.dirname(from), specifier) : undefined
  if (!base) return undefined
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
    (candidate) => candidate.startsWith(APP) && fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
  )
}

const modules = modulesUnder(APP)
const imports = new Map(
  modules.map((file) => {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true)
    return [file, [...new Set(importedFiles.flatMap(({ fileName }) => resolveImport(file, fileName) ?? []))]] as const
  }),
)

type Layer = 'app' | 'routes' | 'components' | 'lib'
function layerOf(file: string): Layer {
  const [top] = relative(file).split('/').slice(1)
  return top === 'routes' || top === 'components' || top === 'lib' ? top : 'app'
}
const RANK: Record<Layer, number> = { app: 3, routes: 3, components: 2, lib: 1 }

/** app/lib/<area>/… → area; app/lib/env.server.ts → env.server.ts. */
const areaOf = (file: string) => relative(file).split('/')[2] ?? ''

describe('the shape of the code (issue 54)', () => {
  it(`keeps every route module at ${ROUTE_MAX_LINES} lines or fewer, every other at ${MODULE_MAX_LINES}`, () => {
    const long = modules.flatMap((file) => {
      const lines = fs.readFileSync(file, 'utf8').split('\n').length
      const max = layerOf(file) === 'routes' ? ROUTE_MAX_LINES : MODULE_MAX_LINES
      return lines > max && !LONG_BY_NATURE.has(relative(file)) ? [`${relative(file)}: ${lines} lines (at most ${max})`] : []
    })
    expect(long).toEqual([])
  })

  it('has no import circle', () => {
    expect(circlesIn(imports).map((circle) => circle.map(relative))).toEqual([])
  })

  it('imports only down: routes → components → lib, the edge of app/lib above its domain above its foundation', () => {
    const upward = [...imports].flatMap(([file, imported]) =>
      imported.flatMap((target) => {
        const why = wrongWay(file, target)
        return why ? [`${relative(file)} → ${relative(target)} (${why})`] : []
      }),
    )
    expect(upward).toEqual([])
  })

  it('finds what it checks: a planted circle and an upward import are caught', () => {
    const planted = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
    ])
    expect(circlesIn(planted)).toEqual([['a', 'b', 'c']])
    const lib = path.join(APP, 'lib')
    expect(wrongWay(path.join(lib, 'tm/units.server.ts'), path.join(lib, 'api/calls.ts'))).toBe('a domain area imports the edge')
    expect(wrongWay(path.join(lib, 'db/db.server.ts'), path.join(lib, 'tm/units.server.ts'))).toBe('the foundation imports a domain area')
    expect(wrongWay(path.join(lib, 'tm/units.server.ts'), path.join(APP, 'components/file-table.tsx'))).toBe('lib imports components')
    expect(wrongWay(path.join(lib, 'tm/units.server.ts'), path.join(lib, 'db/db.server.ts'))).toBeUndefined()
  })
})

function wrongWay(file: string, target: string): string | undefined {
  const from = layerOf(file)
  const to = layerOf(target)
  if (RANK[to] > RANK[from] || (from === 'routes' && to === 'app' && !relative(target).startsWith('app/styles'))) return `${from} imports ${to}`
  if (from !== 'lib' || to !== 'lib') return undefined
  const fromArea = areaOf(file)
  const toArea = areaOf(target)
  if (fromArea === toArea) return undefined
  if (EDGE.has(toArea) && !EDGE.has(fromArea)) return 'a domain area imports the edge'
  if (FOUNDATION.has(fromArea) && !FOUNDATION.has(toArea)) return 'the foundation imports a domain area'
  return undefined
}

/** Tarjan's strongly connected components of the import graph: each of two or more modules is a circle. */
function circlesIn(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const circles: string[][] = []
  const visit = (file: string) => {
    index.set(file, next)
    low.set(file, next++)
    stack.push(file)
    onStack.add(file)
    for (const imported of graph.get(file) ?? []) {
      if (!index.has(imported)) {
        visit(imported)
        low.set(file, Math.min(low.get(file)!, low.get(imported)!))
      } else if (onStack.has(imported)) low.set(file, Math.min(low.get(file)!, index.get(imported)!))
    }
    if (low.get(file) !== index.get(file)) return
    const component: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      component.push(member)
    } while (member !== file)
    if (component.length > 1) circles.push(component.sort())
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return circles
}
