import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { measureScripts, REPO, startServer, type ShippedScript } from '../app-server'

/**
 * The JavaScript a browser downloads for the file list page: build the app, start the production server on a
 * fresh database, create the first account, load `/` and gzip (level 9) every script and module preload
 * the page names. Inline scripts (loader data, the route imports) are measured apart: they change per page.
 */
export interface ShippedJs {
  pageStatus: number
  pageTitle: string
  scripts: ShippedScript[]
  inlineGzipBytes: number
}

export function buildApp(): void {
  const result = spawnSync('npx', ['remix', 'build'], { cwd: REPO, encoding: 'utf8', env: { ...process.env, VITE_CJS_IGNORE_WARNING: 'true' } })
  if (result.status !== 0) throw new Error(`remix build failed:\n${result.stdout}\n${result.stderr}`)
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

export async function measureShippedJs(preferredPort = 3990): Promise<ShippedJs> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tulks-bench-data-'))
  const server = await startServer({ DATA_DIR: dataDir }, preferredPort)
  try {
    const cookie = await signUp(server.origin)
    const page = await fetch(`${server.origin}/`, { headers: { Cookie: cookie }, redirect: 'manual' })
    const { scripts, inlineGzipBytes, title } = await measureScripts(server.origin, await page.text(), cookie)
    return { pageStatus: page.status, pageTitle: title, scripts, inlineGzipBytes }
  } finally {
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
