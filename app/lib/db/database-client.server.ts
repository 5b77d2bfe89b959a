import type { MessagePort } from 'node:worker_threads'
import type { Database, Queryable } from './database.server'
import type { HostAnswer, HostRequest, SerializedError } from './database-host.server'
import { asParameter } from './pglite-statements.server'

/**
 * A thread's handle on the embedded database, which runs in its own thread (database-host.server.ts). Parameters
 * travel as they go to the server (asParameter: text, or bytes for the binary format), rows come back parsed; a
 * statement's error keeps PostgreSQL's SQLSTATE and detail.
 */
type Pending = { resolve: (answer: HostAnswer) => void; reject: (error: Error) => void }

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never

export function databaseOverPort(port: MessagePort): Database {
  const pending = new Map<number, Pending>()
  let nextId = 1
  let nextTransaction = 1
  let gone: Error | undefined

  port.on('message', (message: HostAnswer) => {
    const waiter = pending.get(message.id)
    if (!waiter) return
    pending.delete(message.id)
    if ('error' in message) waiter.reject(databaseError(message.error))
    else waiter.resolve(message)
  })
  port.on('close', () => {
    gone = new Error('The database thread has stopped.')
    for (const waiter of pending.values()) waiter.reject(gone)
    pending.clear()
  })

  function call(request: WithoutId<HostRequest>): Promise<HostAnswer> {
    if (gone) return Promise.reject(gone)
    const id = nextId++
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject })
      port.postMessage({ ...request, id })
    })
  }

  type Within = { tx: number } | { begin: number }
  const statement = async <Row>(sql: string, params: readonly unknown[] = [], within?: Within & { commit?: true }): Promise<Row[]> => {
    const answer = await call({ op: 'query', sql, params: params.map(asParameter), ...within })
    return (answer as { rows: Row[] }).rows
  }

  return {
    kind: 'pglite',
    query: (sql, params) => statement(sql, params),
    /**
     * The transaction begins with its first statement (the host runs BEGIN just before it): the session is held from
     * there, and one trip to the host and back fewer. Its other statements are sent once the first has answered, so
     * that they find it begun; one that never sends a statement holds nothing. A statement sent with queryLast
     * commits it on the host, one trip fewer again.
     */
    async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
      const tx = nextTransaction++
      let begun: Promise<unknown> | undefined
      let last: Promise<unknown> | undefined
      let open = true
      const ended = () => Promise.reject(new Error('The transaction has ended; its statements cannot run.'))
      const send = async <Row>(sql: string, params: unknown[] | undefined, commit?: true): Promise<Row[]> => {
        if (!open) return ended()
        if (commit) open = false
        if (!begun) {
          const first = statement<Row>(sql, params, { begin: tx, commit })
          begun = first.catch(() => {})
          return first
        }
        await begun
        return statement<Row>(sql, params, { tx, commit })
      }
      const query = <Row>(sql: string, params?: unknown[]) => send<Row>(sql, params)
      const queryLast = <Row>(sql: string, params?: unknown[]) => {
        if (!open) return ended()
        const sent = send<Row>(sql, params, true)
        last = sent
        return sent
      }
      try {
        const result = await work({ query, queryLast })
        open = false
        if (last) await last
        else if (begun) {
          await begun
          await call({ op: 'commit', tx })
        }
        return result
      } catch (error) {
        open = false
        // After a last statement the host ends the transaction itself: committed, or rolled back when anything failed.
        if (last) await last.catch(() => {})
        else if (begun) await call({ op: 'rollback', tx }).catch(() => {})
        throw error
      }
    },
    async copyIn(sql, rows) {
      await call({ op: 'copy', sql, rows })
    },
    async close() {
      port.close()
    },
  }
}

function databaseError(serialized: SerializedError): Error {
  const { message, ...fields } = serialized
  return Object.assign(new Error(message), fields)
}
