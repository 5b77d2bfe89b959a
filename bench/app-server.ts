import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { Parser } from 'htmlparser2'

/**
 * The built app as benchmarks and process-level tests use it: `node server.mjs` (and `node worker.mjs`) as child
 * processes on a loopback port, and the scripts a page names. Shared by bench/import, bench/translator, bench/load and
 * the tests that kill servers (test/durability*.test.ts, test/scale-out.test.ts).
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

function waitForOutput(server: ChildProcess, text: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => reject(new Error(`the process did not start within ${timeoutMs} ms:\n${output}`)), timeoutMs)
    const watch = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes(text)) {
        clearTimeout(timer)
        resolve()
      }
    }
    server.stdout?.on('data', watch)
    server.stderr?.on('data', watch)
    server.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the process exited with ${code}:\n${output}`))
    })
  })
}

export interface RunningProcess {
  /** SIGTERM, then SIGKILL after 10 s (120 s when profiled); resolves when it has exited. */
  stop(): Promise<void>
  /** SIGKILL at once (no clean-up at all); resolves when it has exited. */
  kill(): Promise<void>
  /** Everything it printed so far. */
  output(): string
  /** CPU time the process has used so far, every thread of it, in milliseconds (Linux: /proc/PID/stat). */
  cpuMs(): number
}

export interface RunningServer extends RunningProcess {
  origin: string
}

/**
 * Starts `node server.mjs` (production mode, 127.0.0.1) with `env` added; resolves once it listens. `checkout` is
 * another built checkout of Tulks to run instead of this one (bench/load's `--before`).
 */
export async function startServer(env: Record<string, string>, preferredPort: number, checkout = REPO): Promise<RunningServer> {
  const port = await freePort(preferredPort)
  const flags = [
    ...(process.env.BENCH_SERVER_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_SERVER_PROFILE] : []),
    ...(process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ') : []),
  ]
  const running = await startProcess([...flags, 'server.mjs'], { ...env, PORT: String(port), HOST: '127.0.0.1' }, 'listening', checkout)
  return { ...running, origin: `http://127.0.0.1:${port}` }
}

/** Starts `node worker.mjs` (background tasks only, PostgreSQL) with `env` added; resolves once it runs. */
export function startWorkerProcess(env: Record<string, string>): Promise<RunningProcess> {
  return startProcess(['worker.mjs'], env, 'worker is running')
}

async function startProcess(args: string[], env: Record<string, string>, readyText: string, cwd = REPO): Promise<RunningProcess> {
  const child = spawn('node', args, {
    cwd,
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const running: RunningProcess = {
    stop: () => stopProcess(child, 'SIGTERM'),
    kill: () => stopProcess(child, 'SIGKILL'),
    output: () => output,
    cpuMs: () => processCpuMs(child.pid),
  }
  try {
    await waitForOutput(child, readyText, 60_000)
  } catch (error) {
    await running.kill()
    throw error
  }
  return running
}

/** utime + stime of /proc/PID/stat (fields 14 and 15, after the parenthesised name), in clock ticks of 10 ms. */
function processCpuMs(pid: number | undefined): number {
  if (pid === undefined) return 0
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

function stopProcess(child: ChildProcess, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    // A profiled server writes its profiles as it exits, after closing the database: given longer.
    const force = setTimeout(() => child.kill('SIGKILL'), process.env.BENCH_SERVER_PROFILE ? 120_000 : 10_000)
    child.once('exit', () => {
      clearTimeout(force)
      resolve()
    })
    child.kill(signal)
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
