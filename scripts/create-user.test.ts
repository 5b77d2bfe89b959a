import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '~/lib/db/database.server'
import { databaseForProcesses } from '../test/database'

/**
 * `npm run user:create` end to end: a real process, the password on stdin, against a fresh PGlite
 * directory or (TEST_DATABASE_URL) a fresh PostgreSQL schema.
 */
const script = path.resolve(import.meta.dirname, 'create-user.ts')
let env: Record<string, string>
let inspect: () => Promise<Database>
let cleanup: () => Promise<void>

beforeAll(async () => {
  const place = await databaseForProcesses('cli')
  env = place.env
  inspect = place.open
  cleanup = place.dispose
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
