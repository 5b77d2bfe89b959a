import type { Database } from './database.server'
import { migrations as allMigrations, type Migration } from './migrations.server'

// Any constant will do; it only has to be the same for every Tulks instance sharing a database.
const MIGRATION_LOCK = 7_301_202_611

/**
 * Applies every migration newer than the database, in one transaction, under an advisory lock so that
 * several instances starting at once against one PostgreSQL apply each migration exactly once.
 * Returns the versions applied.
 */
export async function migrate(db: Database, migrations: Migration[] = allMigrations): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await tx.query(`
      create table if not exists schema_migrations (
        version integer primary key,
        name text not null,
        applied_at timestamptz not null default now()
      )`)
    const rows = await tx.query<{ version: number }>('select version from schema_migrations')
    const done = new Set(rows.map((row) => row.version))
    const applied: number[] = []
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (done.has(migration.version)) continue
      for (const statement of splitStatements(migration.sql)) await tx.query(statement)
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ])
      applied.push(migration.version)
    }
    return applied
  })
}

/**
 * Splits a migration into statements (parameterised queries take one statement each). Semicolons inside a
 * $$-quoted function body belong to the body; our migrations keep semicolons out of strings, and a test checks
 * that every one splits cleanly.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = []
  let current = ''
  let inBody = false
  for (const piece of sql.replace(/--[^\n]*/g, '').split(/(\$\$|;)/)) {
    if (piece === '$$') inBody = !inBody
    if (piece === ';' && !inBody) {
      statements.push(current)
      current = ''
    } else {
      current += piece
    }
  }
  statements.push(current)
  return statements.map((statement) => statement.trim()).filter((statement) => statement.length > 0)
}
