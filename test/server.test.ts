import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { startServer } from '../bench/app-server'
import { engine } from './database'

/** The real `node server.mjs` start-up: configuration errors and the embedded database's lock. */
const root = path.resolve(import.meta.dirname, '..')

beforeAll(() => {
  if (!fs.existsSync(path.join(root, 'build/index.js'))) throw new Error('Build the app first: npx remix build')
})

function start(env: Record<string, string>) {
  return spawnSync(process.execPath, ['server.mjs'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  })
}

describe('server start', () => {
  it('refuses bad configuration with every problem named and no stack trace', () => {
    const result = start({ PORT: 'abc', ALLOW_SIGNUP: 'maybe' })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('Tulks could not start.')
    expect(result.stderr).toContain('PORT="abc": expected a port number')
    expect(result.stderr).toContain('ALLOW_SIGNUP="maybe": expected true or false')
    expect(result.stderr).not.toMatch(/\n\s+at /)
  })

  it.runIf(engine() === 'pglite')('refuses a second server on the same embedded data directory', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tulks-server-'))
    const first = spawn(process.execPath, ['server.mjs'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: '3917' },
    })
    try {
      await new Promise<void>((resolve, reject) => {
        let output = ''
        first.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString()
          if (output.includes('listening')) resolve()
        })
        first.on('exit', (code) => reject(new Error(`first server exited with ${code}`)))
      })
      const second = start({ DATA_DIR: dataDir, PORT: '3918' })
      expect(second.status).toBe(1)
      expect(second.stderr).toContain(`The database directory is in use by process ${first.pid}`)
    } finally {
      first.kill('SIGTERM')
      await new Promise((resolve) => first.once('exit', resolve))
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
    // A fresh data directory is created and migrated first: 13 s here on a quiet machine, over 30 s on a busy one.
  }, 120_000)

  it.runIf(engine() === 'pglite')('keeps an idle connection open longer than a translator pauses', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tulks-server-'))
    const server = await startServer({ DATABASE_URL: '', DATA_DIR: dataDir }, 3919)
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const get = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const request = http.get(`${server.origin}/favicon.svg`, { agent }, (response) => {
          response.resume()
          response.on('end', () => resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }))
        })
        request.on('error', reject)
      })
    try {
      expect(await get()).toEqual({ status: 200, reused: false })
      // Node's default closes the connection after 5 s idle; the next request then needs a new one.
      await new Promise((resolve) => setTimeout(resolve, 6_000))
      expect(await get()).toEqual({ status: 200, reused: true })
    } finally {
      agent.destroy()
      await server.stop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }, 120_000)
})
