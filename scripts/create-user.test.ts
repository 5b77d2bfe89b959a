import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '~/lib/db/database.server'

/**
 * `npm run user:create` end to end: a real process, the password on stdin, against a fresh PGlite
 * directory or (TEST_DATABASE_URL) a fresh PostgreSQL schema.
 */
const script = path.resolve(import.meta.dirname, 'create-user.ts')
let env: Record<string, string>
let inspect: () => Promise<Database>
let cleanup: () => Promise<void>

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL
  if (url) {
    const schema = `cli_${crypto.randomBytes(5).toString('hex')}`
    const admin = await openDatabase({ kind: 'postgres', url, poolSize: 1 })
    await admin.query(`create schema ${schema}`)
    const withSchema = new URL(url)
    withSchema.searchParams.set('options', `-c search_path=${schema}`)
    env = { DATABASE_URL: withSchema.toString() }
    inspect = () => openDatabase({ kind: 'postgres', url, poolSize: 1, schema })
    cleanup = async () => {
      await admin.query(`drop schema ${schema} cascade`)
      await admin.close()
    }
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tulks-cli-'))
    env = { DATA_DIR: dataDir, DATABASE_URL: '' }
    inspect = () => openDatabase({ kind: 'pglite', dataDir })
    cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true })
  }
})

afterAll(() => cleanup())

function run(args: string[], password: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    input: `${password}\n`,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  })
}

describe('user:create', () => {
  it('creates an account whose password then verifies', async () => {
    const result = run(['--email', 'Anna@Example.lv', '--name', 'Anna Kalniņa'], 'a long password')
    expect(result.stderr).toBe('')
    expect(result.stdout).toMatch(/Created account \d+ for Anna@Example.lv/)
    expect(result.status).toBe(0)
    const database = await inspect()
    try {
      const rows = await database.query<{ name: string; password_hash: string }>('select name, password_hash from users')
      expect(rows).toHaveLength(1)
      expect(rows[0]?.name).toBe('Anna Kalniņa')
      const { verifyPassword } = await import('~/lib/auth/password.server')
      expect(await verifyPassword('a long password', rows[0]!.password_hash)).toBe(true)
    } finally {
      await database.close()
    }
  })

  it('refuses a duplicate email (any case) with exit code 1', () => {
    const result = run(['--email', 'anna@example.lv', '--name', 'Other'], 'a long password')
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('already exists')
  })

  it('refuses a short password and missing arguments with exit code 2 and says why', () => {
    const short = run(['--email', 'b@example.lv', '--name', 'B'], 'short')
    expect(short.status).toBe(2)
    expect(short.stderr).toContain('at least 8 characters')
    const missing = run(['--email', 'b@example.lv'], 'a long password')
    expect(missing.status).toBe(2)
    expect(missing.stderr).toContain('Usage')
  })
})
