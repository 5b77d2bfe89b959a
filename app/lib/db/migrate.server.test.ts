import { describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../../test/database'
import { migrate, splitStatements } from './migrate.server'
import { migrations } from './migrations.server'

describe('migrations', () => {
  it('are numbered 1, 2, 3… without gaps and split into statements cleanly', () => {
    expect(migrations.map((m) => m.version)).toEqual(migrations.map((_, index) => index + 1))
    for (const migration of migrations) {
      for (const statement of splitStatements(migration.sql)) expect(statement).toMatch(/^(create|alter|drop|insert|update|delete|comment|do)\b/i)
    }
  })

  it('apply once: a second run applies nothing and keeps the data', async () => {
    const { database, dispose } = await openTestDatabase()
    try {
      await database.query(`insert into users (email, name, password_hash) values ('a@b.lv', 'A', 'x')`)
      expect(await migrate(database)).toEqual([])
      const versions = await database.query<{ version: number }>('select version from schema_migrations order by version')
      expect(versions.map((row) => row.version)).toEqual(migrations.map((m) => m.version))
      expect(await database.query('select * from users')).toHaveLength(1)
    } finally {
      await dispose()
    }
  })

  it('apply a new migration after the existing ones, and roll back a failing one whole', async () => {
    const { database, dispose } = await openTestDatabase()
    try {
      const next = migrations.length + 1
      const extra = { version: next, name: 'test', sql: 'create table extra_a (id int); create table extra_b (id int)' }
      expect(await migrate(database, [...migrations, extra])).toEqual([next])
      const broken = { version: next + 1, name: 'broken', sql: 'create table extra_c (id int); select * from no_such_table' }
      await expect(migrate(database, [...migrations, extra, broken])).rejects.toThrow(/no_such_table/)
      const tables = await database.query<{ name: string }>(
        `select table_name as name from information_schema.tables where table_name like 'extra_%' order by 1`,
      )
      expect(tables.map((t) => t.name)).toEqual(['extra_a', 'extra_b'])
    } finally {
      await dispose()
    }
  })

  it('run concurrently (several instances starting at once) apply each migration exactly once', async () => {
    const { database, dispose } = await openTestDatabase()
    try {
      const next = migrations.length + 1
      const extra = { version: next, name: 'concurrent', sql: 'create table concurrent_once (id int)' }
      const results = await Promise.all([1, 2, 3].map(() => migrate(database, [...migrations, extra])))
      expect(results.flat()).toEqual([next])
    } finally {
      await dispose()
    }
  })
})
