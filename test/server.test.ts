import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
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
})
