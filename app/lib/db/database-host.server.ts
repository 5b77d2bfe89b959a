import type { MessagePort } from 'node:worker_threads'
import type { CopyRunner, StatementRunner } from './pglite-statements.server'

/**
 * The embedded database's own thread (DESIGN "Scale", docs/decisions/0013). PGlite is one session that runs one
 * statement at a time, so every thread of the process sends its statements here over a MessagePort and this module
 * decides which runs next:
 *
 * - a transaction, once begun, has the session until it commits or rolls back (its client's statements only); it
 *   begins with its first statement, which carries the transaction's number (`begin`), so that the session is not held
 *   while the answer to a lone BEGIN travels back to a busy request thread and its first statement comes here; its
 *   last statement may carry `commit`, and COMMIT runs right after it (ROLLBACK when it failed) for the same reason;
 * - otherwise the request thread's statements (foreground) go first, and a task thread's (background) run only when
 *   no foreground statement has arrived for LINGER_MS — a page's loader sends its next statement a fraction of a
 *   millisecond after the last one answered, and should not find a background batch started in between.
 *
 * Background work therefore keeps its statements and transactions short (bounded batches); a request waits at most
 * for the one background statement that is running when it arrives.
 */
export type Priority = 'foreground' | 'background'

export type HostRequest =
  | { id: number; op: 'query'; sql: string; params: (string | null | Uint8Array)[]; tx?: number; begin?: number; commit?: true }
  | { id: number; op: 'copy'; sql: string; rows: string }
  | { id: number; op: 'commit' | 'rollback'; tx: number }

export interface SerializedError {
  message: string
  code?: string
  detail?: string
  constraint?: string
  table?: string
  column?: string
}

export type HostAnswer = { id: number; rows: unknown[] } | { id: number; error: SerializedError }

const ENDED = 'The transaction has ended; its statements cannot run.'

/** How long background work waits after the last foreground statement before it may take the session. */
export const LINGER_MS = 2

interface Client {
  port: MessagePort
  priority: Priority
  closed: boolean
}

interface Item {
  client: Client
  request: HostRequest
}

export interface DatabaseHost {
  attach(port: MessagePort, priority: Priority): void
  /** Stops taking statements; resolves when the running one has finished. */
  close(): Promise<void>
}

export function hostDatabase(run: StatementRunner, { lingerMs = LINGER_MS, copy }: { lingerMs?: number; copy?: CopyRunner } = {}): DatabaseHost {
  const waiting: Record<Priority, Item[]> = { foreground: [], background: [] }
  let transaction: { id: number; client: Client; statements: Item[] } | undefined
  let running: Promise<void> | undefined
  let lastForeground = 0
  let lingerTimer: NodeJS.Timeout | undefined
  let closed = false

  function answer(client: Client, message: HostAnswer) {
    if (!client.closed) client.port.postMessage(message)
  }

  /** The next item that may run now, or undefined (and a timer set when background work waits out the linger). */
  function next(): Item | undefined {
    if (transaction) return transaction.statements.shift()
    const foreground = waiting.foreground.shift()
    if (foreground) return foreground
    if (waiting.background.length === 0) return undefined
    const quiet = performance.now() - lastForeground
    if (quiet >= lingerMs) return waiting.background.shift()
    lingerTimer ??= setTimeout(() => {
      lingerTimer = undefined
      pump()
    }, Math.ceil(lingerMs - quiet))
    return undefined
  }

  function pump() {
    if (running || closed) return
    const item = next()
    if (!item) return
    running = execute(item).finally(() => {
      running = undefined
      pump()
    })
  }

  async function execute({ client, request }: Item): Promise<void> {
    try {
      switch (request.op) {
        case 'query': {
          if (request.begin !== undefined) {
            await run('begin', [], false)
            // Numbered by its client: the client is checked with the number, so the numbers of two clients never meet.
            transaction = { id: request.begin, client, statements: [] }
          }
          if (request.commit && transaction) {
            // Anything its client sent after the last statement is refused (a client sends nothing after it).
            for (const late of transaction.statements.splice(0)) answer(late.client, { id: late.request.id, error: { message: ENDED } })
            transaction = undefined
            const rows = await run(request.sql, request.params, false).catch(async (error: unknown) => {
              await run('rollback', [], true).catch(() => {})
              throw error
            })
            await run('commit', [], true)
            answer(client, { id: request.id, rows })
            break
          }
          const rows = await run(request.sql, request.params, transaction === undefined)
          answer(client, { id: request.id, rows })
          break
        }
        case 'copy': {
          if (!copy) throw new Error('This database takes no COPY.')
          await copy(request.sql, request.rows)
          answer(client, { id: request.id, rows: [] })
          break
        }
        case 'commit':
        case 'rollback': {
          transaction = undefined
          await run(request.op, [], true)
          answer(client, { id: request.id, rows: [] })
          break
        }
      }
    } catch (error) {
      answer(client, { id: request.id, error: serializeError(error) })
    } finally {
      if (client.priority === 'foreground') lastForeground = performance.now()
    }
  }

  function receive(client: Client, request: HostRequest) {
    if (closed) return answer(client, { id: request.id, error: { message: 'The database is closing.' } })
    const inTransaction = request.op === 'commit' || request.op === 'rollback' || (request.op === 'query' && request.tx !== undefined)
    if (inTransaction) {
      const tx = request.op === 'query' ? request.tx : request.tx
      if (!transaction || transaction.id !== tx || transaction.client !== client) return answer(client, { id: request.id, error: { message: ENDED } })
      transaction.statements.push({ client, request })
    } else {
      waiting[client.priority].push({ client, request })
    }
    pump()
  }

  /** A thread that went away: its queued statements are dropped and an open transaction of its is rolled back. */
  function detach(client: Client) {
    client.closed = true
    for (const priority of ['foreground', 'background'] as const) waiting[priority] = waiting[priority].filter((item) => item.client !== client)
    if (transaction?.client === client) {
      transaction.statements = [{ client, request: { id: 0, op: 'rollback', tx: transaction.id } }]
      pump()
    }
  }

  return {
    attach(port, priority) {
      const client: Client = { port, priority, closed: false }
      port.on('message', (request: HostRequest) => receive(client, request))
      port.on('close', () => detach(client))
    },
    async close() {
      closed = true
      clearTimeout(lingerTimer)
      await running
      if (transaction) {
        transaction = undefined
        await run('rollback', [], true).catch(() => {})
      }
    },
  }
}

function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error) }
  const fields = error as Error & Partial<Record<'code' | 'detail' | 'constraint' | 'table' | 'column', string>>
  const serialized: SerializedError = { message: error.message }
  for (const key of ['code', 'detail', 'constraint', 'table', 'column'] as const) {
    if (typeof fields[key] === 'string') serialized[key] = fields[key]
  }
  return serialized
}
