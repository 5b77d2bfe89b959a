// Runs a benchmark as the app runs in production: bundled by esbuild the way the server build is, not through tsx.
// tsx's transform keeps function names (esbuild's keepNames), so every closure a hot loop makes also pays a call that
// defines its name: reading a 100,000-unit TMX took 2.5–2.6 s through tsx against 1.9 s built (decision 0014,
// fourth addendum). The built server (build/) has no such calls.
//
//   node bench/built.mjs bench/tm/run.ts [arguments…]
//
// The entry and any `*.thread.ts` beside it (a worker thread's entry) are bundled into the entry's own directory as
// `<name>.built.mjs`, so paths the benchmark finds from import.meta.url still hold; packages stay in node_modules.
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'

const [entry, ...args] = process.argv.slice(2)
if (!entry) {
  console.error('usage: node bench/built.mjs <benchmark.ts> [arguments…]')
  process.exit(2)
}
const repo = path.resolve(import.meta.dirname, '..')
const directory = path.dirname(path.resolve(entry))
const threads = fs.readdirSync(directory).filter((name) => name.endsWith('.thread.ts'))
const entryPoints = Object.fromEntries(
  [path.resolve(entry), ...threads.map((name) => path.join(directory, name))].map((file) => [`${path.basename(file, '.ts')}.built`, file]),
)
await build({
  entryPoints,
  outdir: directory,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  alias: { '~': path.join(repo, 'app') },
  sourcemap: 'inline',
  logLevel: 'warning',
})
process.argv = [process.argv[0], path.resolve(entry), ...args]
await import(pathToFileURL(path.join(directory, `${path.basename(entry, '.ts')}.built.mjs`)).href)
