import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import pg from 'pg'
import { pgliteStatements } from './pglite-statements.server'

export { KEPT_PLAN } from './pglite-statements.server'

/**
 * One database handle for the whole app (STYLE "one way to do a thing"): embedded PGlite by default,
 * a PostgreSQL server when DATABASE_URL is set. Both speak the same SQL; callers never know which.
 */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>
  /**
   * In a transaction of the embedded database: its last statement, committed in the same trip to the database thread
   * (a failure in it or before it rolls the transaction back instead). The transaction takes no statement after it.
   * Absent elsewhere (lastStatement gives `query` then, and the transaction commits when its work resolves).
   */
  queryLast?<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>
}

/** A transaction's last statement: Queryable.queryLast where there is one, else `query`. */
export function lastStatement(using: Queryable): Queryable['query'] {
  return using.queryLast ?? using.query
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
  /**
   * PGlite only (absent on PostgreSQL, whose driver has no COPY): runs `sql`, statements ending in
   * `copy … from '/dev/blob'`, as one simple query reading `rows` in COPY's text format (`copyRows`). A conversion's
   * units and segments go in this way, with less of the embedded database's time than as array parameters
   * (docs/decisions/0013's 2026-11-28 addendum). Never inside a transaction; the statements run as one.
   */
  copyIn?(sql: string, rows: string): Promise<void>
  close(): Promise<void>
}

export type DatabaseLocation =
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory'; image?: Blob }
  | PostgresLocation

export interface PostgresLocation {
  kind: 'postgres'
  url: string
  poolSize?: number
  schema?: string
  /**
   * A server's pool: every connection is opened before the first request and kept while idle, so that many users
   * arriving at once do not each wait for a new PostgreSQL backend to start. Scripts and tests leave it off.
   */
  keepOpen?: boolean
}

export class DataDirLockedError extends Error {
  constructor(readonly lockFile: string, readonly pid: number) {
    super(
      `The database directory is in use by process ${pid} (${lockFile}). ` +
        'Only one process may open an embedded database: stop the other one first, ' +
        'or delete the lock file if that process no longer exists.',
    )
    this.name = 'DataDirLockedError'
  }
}

// int8 (count(*), sums) as a JS number in both engines: our counts stay far below 2^53.
const INT8 = 20
const BYTEA = 17
/**
 * bytea from PGlite's text ("\x" and hex) decoded by Buffer: PGlite's own parser builds the bytes one character pair
 * at a time, which held the database thread 4.5 s for the 41 MB of a TMX upload's chunks (0.6 s this way).
 */
function byteaFromHex(value: string): Uint8Array {
  const bytes = new Uint8Array((value.length - 2) / 2)
  Buffer.from(bytes.buffer).write(value.slice(2), 'hex')
  return bytes
}
const pgliteParsers = { [INT8]: (value: string) => Number.parseInt(value, 10), [BYTEA]: byteaFromHex }
pg.types.setTypeParser(INT8, pgliteParsers[INT8])

/** PostgreSQL extensions the migrations create, compiled for PGlite (on PostgreSQL they come with the server). */
const extensions = { pg_trgm }

export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  switch (location.kind) {
    case 'pglite':
      return openPglite(location.dataDir)
    case 'pglite-memory':
      return wrapPglite(await pgliteInMemory(location.image), () => {})
    case 'postgres':
      return openPostgres(location)
  }
}

/** An embedded database in memory (tests), from `image` (a dumped data directory) when given, with the app's parsers. */
export function pgliteInMemory(image?: Blob): Promise<PGlite> {
  return PGlite.create({ parsers: pgliteParsers, extensions, loadDataDir: image })
}

async function openPglite(dataDir: string): Promise<Database> {
  const { pglite, release } = await openPgliteDirectory(dataDir)
  return wrapPglite(pglite, release)
}

/**
 * Opens the embedded database in `dataDir` in this thread, holding the directory's lock file until `release`
 * (after closing). The app's server does this in its database thread (database-thread.server.ts).
 */
export async function openPgliteDirectory(dataDir: string): Promise<{ pglite: PGlite; release: () => void }> {
  fs.mkdirSync(dataDir, { recursive: true })
  // PGlite does not lock its directory and a second process silently loses writes (DESIGN.md facts).
  const release = takeDirectoryLock(path.join(dataDir, 'db.lock'))
  try {
    const pglite = new PGlite(path.join(dataDir, 'db'), { parsers: pgliteParsers, extensions })
    await pglite.waitReady
    return { pglite, release }
  } catch (error) {
    release()
    throw error
  }
}

function wrapPglite(pglite: PGlite, release: () => void): Database {
  const statements = pgliteStatements(pglite)
  return {
    kind: 'pglite',
    query: (sql, params) => statements.query(sql, params),
    transaction: (work) => statements.transaction((query) => work({ query })),
    copyIn: (sql, rows) => statements.copyIn(sql, rows),
    async close() {
      try {
        await pglite.close()
      } finally {
        release()
      }
    },
  }
}

function takeDirectoryLock(lockFile: string): () => void {
  for (;;) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' })
      return () => fs.rmSync(lockFile, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const holder = Number.parseInt(fs.readFileSync(lockFile, 'utf8'), 10)
    if (Number.isInteger(holder) && holder !== process.pid && processIsAlive(holder)) {
      throw new DataDirLockedError(lockFile, holder)
    }
    // Left behind by a process that died: take it over.
    fs.rmSync(lockFile, { force: true })
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}


async function openPostgres(location: PostgresLocation): Promise<Database> {
  const size = location.poolSize ?? 10
  const pool = new pg.Pool({
    connectionString: location.url,
    max: size,
    min: location.keepOpen ? size : 0,
    ...(location.schema ? { options: `-c search_path=${location.schema}` } : {}),
  })
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error('[db] idle PostgreSQL client failed:', error.message))
  if (location.keepOpen) {
    const opened = await Promise.allSettled(Array.from({ length: size }, () => pool.connect()))
    for (const client of opened) if (client.status === 'fulfilled') client.value.release()
    const failed = opened.find((client) => client.status === 'rejected')
    if (failed) {
      await pool.end()
      throw failed.reason
    }
  }
  return {
    kind: 'postgres',
    async query<Row>(sql: string, params?: unknown[]) {
      const result = await pool.query(sql, params)
      return result.rows as Row[]
    },
    async transaction(work) {
      const client = await pool.connect()
      try {
        await client.query('begin')
        const result = await work({
          async query<Row>(sql: string, params?: unknown[]) {
            const answer = await client.query(sql, params)
            return answer.rows as Row[]
          },
        })
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}
