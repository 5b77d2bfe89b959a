import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { Parser } from 'htmlparser2'

/**
 * The JavaScript a browser downloads for the file list page: build the app, start the production server on a
 * fresh database, create the first account, load `/` and gzip (level 9) every script and module preload
 * the page names. Inline scripts (loader data, the route imports) are measured apart: they change per page.
 */
export interface ShippedScript {
  url: string
  bytes: number
  gzipBytes: number
}

export interface ShippedJs {
  pageStatus: number
  pageTitle: string
  scripts: ShippedScript[]
  inlineGzipBytes: number
}

const REPO = path.resolve(new URL('../..', import.meta.url).pathname)

export function buildApp(): void {
  const result = spawnSync('npx', ['remix', 'build'], { cwd: REPO, encoding: 'utf8', env: { ...process.env, VITE_CJS_IGNORE_WARNING: 'true' } })
  if (result.status !== 0) throw new Error(`remix build failed:\n${result.stdout}\n${result.stderr}`)
}

async function freePort(preferred: number): Promise<number> {
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

/** The `tulks_session` cookie of a freshly created first account. */
async function signUp(origin: string): Promise<string> {
  const response = await fetch(`${origin}/sign-up`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: 'Bench', email: 'bench@example.org', password: 'bench-password-1', confirm: 'bench-password-1' }),
  })
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith('tulks_session='))
  if (!session) throw new Error(`sign-up gave no session cookie (status ${response.status})`)
  return session.split(';')[0] ?? ''
}

interface PageScripts {
  urls: string[]
  inline: string[]
  title: string
}

function scriptsOf(html: string): PageScripts {
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

export async function measureShippedJs(preferredPort = 3990): Promise<ShippedJs> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tulks-bench-data-'))
  const port = await freePort(preferredPort)
  const origin = `http://127.0.0.1:${port}`
  const server = spawn('node', ['server.mjs'], {
    cwd: REPO,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  try {
    await waitForListening(server, 60_000)
    const cookie = await signUp(origin)
    const page = await fetch(`${origin}/`, { headers: { Cookie: cookie }, redirect: 'manual' })
    const { urls, inline, title } = scriptsOf(await page.text())
    const scripts: ShippedScript[] = []
    for (const url of urls) {
      const response = await fetch(new URL(url, origin), { headers: { Cookie: cookie } })
      if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`)
      const body = new Uint8Array(await response.arrayBuffer())
      scripts.push({ url, bytes: body.byteLength, gzipBytes: gzipSync(body, { level: 9 }).byteLength })
    }
    const inlineGzipBytes = gzipSync(Buffer.from(inline.join('\n')), { level: 9 }).byteLength
    return { pageStatus: page.status, pageTitle: title.trim(), scripts, inlineGzipBytes }
  } finally {
    await stopServer(server)
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
