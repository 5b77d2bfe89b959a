import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { Parser } from 'htmlparser2'

/**
 * The built app as benchmarks use it: `node server.mjs` as a child process on a loopback port, and the scripts
 * a page names. Shared by bench/import (file list JavaScript) and bench/translator.
 */
export const REPO = path.resolve(new URL('..', import.meta.url).pathname)

/** Throws a message that says what to run when `npx remix build` has not run in this checkout. */
export function requireBuild(): void {
  const missing = ['build/index.js', 'public/build'].filter((file) => !fs.existsSync(path.join(REPO, file)))
  if (missing.length > 0) throw new Error(`The app is not built (${missing.join(', ')} missing in ${REPO}): run \`npx remix build\` first.`)
}

export async function freePort(preferred: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | undefined>((resolve) => {
      const server = net.createServer()
      server.once('error', () => resolve(undefined))
      server.listen(port, '127.0.0.1', () => {
        const address = server.address()
        server.close(() => resolve(typeof address === 'object' && address ? address.port : undefined))
      })
    })
  return (await tryPort(preferred)) ?? (await tryPort(0)) ?? preferred
}

function waitForListening(server: ChildProcess, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => reject(new Error(`the server did not start within ${timeoutMs} ms:\n${output}`)), timeoutMs)
    const watch = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('listening')) {
        clearTimeout(timer)
        resolve()
      }
    }
    server.stdout?.on('data', watch)
    server.stderr?.on('data', watch)
    server.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the server exited with ${code}:\n${output}`))
    })
  })
}

export interface RunningServer {
  origin: string
  stop(): Promise<void>
}

/** Starts `node server.mjs` (production mode, 127.0.0.1) with `env` added; resolves once it listens. */
export async function startServer(env: Record<string, string>, preferredPort: number): Promise<RunningServer> {
  const port = await freePort(preferredPort)
  const server = spawn('node', [...(process.env.BENCH_SERVER_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_SERVER_PROFILE] : []), ...(process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ') : []), 'server.mjs'], {
    cwd: REPO,
    env: { ...process.env, NODE_ENV: 'production', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  try {
    await waitForListening(server, 60_000)
  } catch (error) {
    await stopServer(server)
    throw error
  }
  return { origin: `http://127.0.0.1:${port}`, stop: () => stopServer(server) }
}

function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const force = setTimeout(() => server.kill('SIGKILL'), 10_000)
    server.once('exit', () => {
      clearTimeout(force)
      resolve()
    })
    server.kill('SIGTERM')
  })
}

export interface PageScripts {
  /** Every `<script src>` and `<link rel="modulepreload">`, once each, in page order. */
  urls: string[]
  inline: string[]
  title: string
}

export function pageScripts(html: string): PageScripts {
  const page: PageScripts = { urls: [], inline: [], title: '' }
  let inScript = false
  let inTitle = false
  let inlineText = ''
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'script' && attributes.src) page.urls.push(attributes.src)
      else if (name === 'script') inScript = true
      if (name === 'link' && attributes.rel === 'modulepreload' && attributes.href) page.urls.push(attributes.href)
      if (name === 'title') inTitle = true
    },
    ontext(text) {
      if (inScript) inlineText += text
      if (inTitle) page.title += text
    },
    onclosetag(name) {
      if (name === 'script' && inScript) {
        page.inline.push(inlineText)
        inlineText = ''
        inScript = false
      }
      if (name === 'title') inTitle = false
    },
  })
  parser.end(html)
  return { ...page, urls: [...new Set(page.urls)] }
}

export interface ShippedScript {
  url: string
  bytes: number
  gzipBytes: number
}

/** Gzip (level 9) sizes of every script and module preload `html` names, fetched from `origin`. */
export async function measureScripts(origin: string, html: string, cookie: string): Promise<{ scripts: ShippedScript[]; inlineGzipBytes: number; title: string }> {
  const { urls, inline, title } = pageScripts(html)
  const scripts: ShippedScript[] = []
  for (const url of urls) {
    const response = await fetch(new URL(url, origin), { headers: { Cookie: cookie } })
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`)
    const body = new Uint8Array(await response.arrayBuffer())
    scripts.push({ url, bytes: body.byteLength, gzipBytes: gzipSync(body, { level: 9 }).byteLength })
  }
  const inlineGzipBytes = gzipSync(Buffer.from(inline.join('\n')), { level: 9 }).byteLength
  return { scripts, inlineGzipBytes, title: title.trim() }
}
