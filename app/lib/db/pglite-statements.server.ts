import { protocol, type PGlite } from '@electric-sql/pglite'

/**
 * Statements on PGlite, each in one call into the engine. PGlite's own `query()` makes six calls per statement
 * (parse, describe the parameters, bind, describe the portal, execute, sync) and copies its whole table of type
 * parsers for every result; on the translator's short statements that was a third of their time (bench/translator).
 * Here one statement is its extended-protocol messages sent together (docs/decisions/0009): parameters travel as
 * text (bytes in the binary format: asParameter) and the server types them from the statement, as PostgreSQL does
 * for any client that leaves their types unspecified; rows are read with PGlite's parsers directly.
 *
 * PGlite runs one statement at a time synchronously, so only transactions need ordering: a transaction holds the
 * lock from BEGIN to COMMIT, and a statement outside one waits for it.
 */
export type StatementRunner = <Row>(sql: string, params: readonly unknown[], syncToFs: boolean) => Promise<Row[]>

/** Statements ending in `copy … from '/dev/blob'`, as one simple query reading `rows` (Database.copyIn). */
export type CopyRunner = (sql: string, rows: string) => Promise<void>

export interface PgliteStatements {
  query<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]>
  transaction<T>(work: (query: <Row>(sql: string, params?: readonly unknown[]) => Promise<Row[]>) => Promise<T>): Promise<T>
  copyIn: CopyRunner
}

/** How many statements a runner keeps prepared (the app has a few hundred distinct ones; a dynamic text ages out). */
export const PREPARED_STATEMENTS = 400

/**
 * One statement in one call; `syncToFs` writes PGlite's files out after it (every statement outside a transaction,
 * and COMMIT). The database thread schedules these itself (database-host.server.ts).
 *
 * Each statement text is parsed once and kept as a named prepared statement (the last `keep` used ones): a later run
 * only binds and executes it, and after five runs PostgreSQL may keep its plan when a generic one costs no more. The
 * translator's window statement spent 1.8 ms planning and 2.3 ms running (bench/translator, issue 58). A statement
 * whose run fails is closed and parsed afresh next time (its text may never have parsed, or a table it reads may
 * have changed its columns).
 */
/** Prepared statements' names, unique in the process: several runners may share one PGlite session. */
let named = 0

/**
 * A statement text that begins with this is planned once on PGlite, at its first run, and that plan serves every run
 * after (decision 0034). PGlite gathers no statistics, so a plan made for a run's values only folds them in as
 * constants; yet PostgreSQL's `auto` kept planning many statements anew each run, and planning took longer than
 * running. Only statements whose best plan cannot depend on which file or memory they read are marked: a translator's
 * window over an 18 MB one-line file ran 344–374 ms under a plan kept from another file (decision 0033, withdrawn).
 * On PostgreSQL it is a comment.
 */
export const KEPT_PLAN = '/* kept plan */ '

export function pgliteRunner(pglite: PGlite, keep = PREPARED_STATEMENTS): StatementRunner {
  const { serialize } = protocol
  /** Statement text → its prepared statement's name, least recently used first. */
  const prepared = new Map<string, string>()
  const execute = (message: Uint8Array) => pglite.execProtocol(message, { syncToFs: false })

  return async function run<Row>(sql: string, params: readonly unknown[], syncToFs: boolean): Promise<Row[]> {
    const known = prepared.get(sql)
    const name = known ?? `tulks_${++named}`
    prepared.delete(sql)
    prepared.set(sql, name)
    const evicted = prepared.size > keep ? prepared.entries().next().value : undefined
    if (evicted) prepared.delete(evicted[0])
    // A kept plan: the mode is set for this run's bind alone, in the same implicit transaction, so a failure (which
    // skips the rest until the sync) rolls the setting back with it.
    const kept = sql.startsWith(KEPT_PLAN)
    const message = concat([
      ...(evicted ? [serialize.close({ type: 'S', name: evicted[1] })] : []),
      ...(known ? [] : [serialize.parse({ text: sql, name })]),
      ...(kept ? PLAN_ONCE : []),
      serialize.bind({ statement: name, values: params.map(asParameter) }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      ...(kept ? PLAN_AUTO : []),
      serialize.sync(),
    ])
    let messages: Awaited<ReturnType<typeof execute>>['messages']
    try {
      ;({ messages } = await execute(message))
    } catch (error) {
      prepared.delete(sql)
      await execute(concat([serialize.close({ type: 'S', name }), serialize.sync()])).catch(() => {})
      // A table read by a kept statement changed its columns (a migration): outside a transaction, run it afresh.
      if (known && syncToFs && isChangedResultType(error)) return run(sql, params, syncToFs)
      throw error
    }
    if (syncToFs) await pglite.syncToFs()
    return rowsOf<Row>(messages, pglite.parsers)
  }
}

/** A `set` as extended-protocol messages of the unnamed statement, run between a statement's other messages. */
function setting(text: string): Uint8Array[] {
  const { serialize } = protocol
  return [serialize.parse({ text }), serialize.bind({}), serialize.execute({})]
}

const PLAN_ONCE = setting('set plan_cache_mode = force_generic_plan')
const PLAN_AUTO = setting('set plan_cache_mode = auto')

function isChangedResultType(error: unknown): boolean {
  return (error as { code?: string }).code === '0A000' && String((error as Error).message).includes('cached plan')
}

/**
 * PGlite's own `exec` with its `blob` option: the one public way to hand COPY its rows (a simple query; our other
 * statements never use PGlite's own locks, so taking them here waits for nothing). Files are written out after it.
 */
export function pgliteCopier(pglite: PGlite): CopyRunner {
  return async (sql, rows) => {
    await pglite.exec(sql, { blob: new Blob([rows]) })
  }
}

/**
 * Rows in COPY's text format: values apart by tabs, one row a line, null as \N, and a backslash, tab, newline or
 * carriage return in a value escaped with a backslash. Numbers and strings only: what a conversion writes.
 */
export function copyRows(rows: readonly (readonly (string | number | null)[])[]): string {
  let text = ''
  for (const row of rows) {
    row.forEach((value, column) => {
      if (column > 0) text += '\t'
      text += value === null ? '\\N' : typeof value === 'number' ? String(value) : value.replace(/[\\\t\n\r]/g, escapeCopied)
    })
    text += '\n'
  }
  return text
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' }
const escapeCopied = (character: string) => COPY_ESCAPES[character]!

export function pgliteStatements(pglite: PGlite): PgliteStatements {
  let queue: Promise<unknown> = Promise.resolve()
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const result = queue.then(work)
    queue = result.catch(() => {})
    return result
  }
  const run = pgliteRunner(pglite)
  const copy = pgliteCopier(pglite)

  return {
    query: (sql, params = []) => exclusive(() => run(sql, params, true)),
    copyIn: (sql, rows) => exclusive(() => copy(sql, rows)),
    transaction: (work) =>
      exclusive(async () => {
        let open = true
        // Statements sent together (a save's write-back beside its write) run one after the other, in the order sent.
        let last: Promise<unknown> = Promise.resolve()
        const query = <Row>(sql: string, params: readonly unknown[] = []) => {
          if (!open) return Promise.reject(new Error('The transaction has ended; its statements cannot run.'))
          const result = last.then(() => run<Row>(sql, params, false))
          last = result.catch(() => {})
          return result
        }
        await run('begin', [], false)
        try {
          const result = await work(query)
          open = false
          await run('commit', [], true)
          return result
        } catch (error) {
          open = false
          await run('rollback', [], true).catch(() => {})
          throw error
        }
      }),
  }
}

/**
 * A parameter as it goes to the server: bytes (a Uint8Array, a Buffer) in the binary format, as node-postgres sends
 * a Buffer — a bytea's own bytes, or an array in array_recv's layout (binary-arrays.ts), which the server reads by
 * lengths instead of parsing a literal —, anything else as text.
 */
export function asParameter(value: unknown): string | null | Uint8Array {
  return value instanceof Uint8Array ? value : asText(value)
}

/** A parameter as PostgreSQL's text input reads it (bytes as a bytea's hex text: an array's elements). */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'bigint') return String(value)
  if (typeof value === 'boolean') return value ? 't' : 'f'
  if (value instanceof Date) return value.toISOString()
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`
  if (Array.isArray(value)) return arrayLiteral(value)
  return JSON.stringify(value)
}

function arrayLiteral(values: readonly unknown[]): string {
  const items = values.map((value) => {
    if (value === null || value === undefined) return 'NULL'
    if (Array.isArray(value)) return arrayLiteral(value)
    return `"${asText(value)!.replace(/[\\"]/g, (character) => `\\${character}`)}"`
  })
  return `{${items.join(',')}}`
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0))
  let at = 0
  for (const part of parts) {
    whole.set(part, at)
    at += part.length
  }
  return whole
}

type Parsers = Record<number | string, ((text: string, typeId: number) => unknown) | undefined>

interface Field {
  name: string
  dataTypeID: number
}

function rowsOf<Row>(messages: readonly { name: string }[], parsers: Parsers): Row[] {
  let fields: readonly Field[] = []
  const rows: Row[] = []
  for (const message of messages) {
    if (message.name === 'rowDescription') {
      fields = (message as unknown as { fields: Field[] }).fields
    } else if (message.name === 'dataRow') {
      const values = (message as unknown as { fields: (string | null)[] }).fields
      const row: Record<string, unknown> = {}
      fields.forEach((field, index) => {
        const text = values[index] ?? null
        const parse = parsers[field.dataTypeID]
        row[field.name] = text === null ? null : parse ? parse(text, field.dataTypeID) : text
      })
      rows.push(row as Row)
    }
  }
  return rows
}
