import { MessageChannel, type MessagePort } from 'node:worker_threads'
import { setDatabase } from '../db/db.server'
import { exchangeChunks, type ExchangeFormat, type ExchangeProject } from '../exchange/exchange-export.server'
import { detectFormat } from '../formats/registry.server'
import { streamOf } from '../http/stream-of'
import { translatedFile } from '../projects/pipeline.server'
import { storeFile } from '../projects/stored-files.server'
import type { Memory } from '../tm/memories.server'
import { tmxExportChunks } from '../tm/tmx-export.server'
import { lowerThreadPriority, serveThread, startAppThread, type AppThread } from './app-thread.server'
import { openThreadDatabase, transferOf, type ThreadDatabase } from './thread-database.server'

/**
 * The helper thread does what a request asks for that takes more than a few milliseconds of CPU, so the request
 * thread only passes bytes on (docs/decisions/0013):
 * - downloads: a translated document (reading every segment and merging them back into the original: 2–3 s for
 *   77,000 segments), a TMX export and a bilingual (XLIFF or TMX) export of projects, pulled a chunk at a time;
 * - an uploaded file: recognising its format (a 10 MB text is decoded whole to check it) and storing it in chunks.
 * Its statements run at background priority: other translators' pages go first. Without the thread (tests, scripts)
 * the same work is done in the calling thread.
 */
export type Download =
  | { kind: 'translated-file'; projectId: number; format: string }
  | { kind: 'tmx-export'; memory: Memory; version: string }
  | { kind: 'exchange-export'; projects: ExchangeProject[]; format: ExchangeFormat; version: string }

/** An uploaded file, recognised and stored (the id of its stored file), or refused: its format is not what it claims. */
export type StoredUpload = { format: string; fileId: number } | { refused: 'MimeTypeNotAllowed' }

type Call = { kind: 'store-upload'; name: string; bytes: Uint8Array }

type Answer = { chunk: Uint8Array } | { done: true } | { error: string }

const CHUNK_BYTES = 1024 * 1024

/** Someone waits for this work: below the request and database threads, above background tasks. */
const HELPER_NICENESS = 5

let thread: AppThread | undefined

export async function startHelperThread(entry: URL, database: ThreadDatabase, onCrash: (error: Error) => void): Promise<void> {
  thread = await startAppThread(entry, { role: 'helper', database }, transferOf(database), (error) => {
    thread = undefined
    onCrash(error)
  })
}

export async function stopHelperThread(): Promise<void> {
  const running = thread
  thread = undefined
  await running?.stop()
}

/** The download's bytes, made in the helper thread when there is one. */
export function downloadStream(download: Download): ReadableStream<Uint8Array> {
  if (!thread) return streamOf(produce(download))
  const { port1, port2 } = new MessageChannel()
  thread.post({ download, port: port2 }, [port2])
  let ended = false
  const end = () => {
    ended = true
    port1.close()
  }
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      return new Promise<void>((resolve) => {
        const onClose = () => {
          if (!ended) controller.error(new Error('The helper thread stopped.'))
          resolve()
        }
        port1.once('close', onClose)
        port1.once('message', (answer: Answer) => {
          port1.off('close', onClose)
          if ('chunk' in answer) controller.enqueue(answer.chunk)
          else if ('done' in answer) {
            end()
            controller.close()
          } else {
            end()
            controller.error(new Error(answer.error))
          }
          resolve()
        })
        port1.postMessage('pull')
      })
    },
    cancel() {
      port1.postMessage('cancel')
      end()
    },
  })
}

/** Recognises and stores an uploaded file (the bytes are handed over to the helper thread, not copied). */
export function storeUpload(name: string, bytes: Uint8Array): Promise<StoredUpload> {
  const handed = owned(bytes)
  return call<StoredUpload>({ kind: 'store-upload', name, bytes: handed }, [handed.buffer as ArrayBuffer])
}

function call<T>(request: Call, transfer: ArrayBuffer[]): Promise<T> {
  if (!thread) return perform(request) as Promise<T>
  // Handed over: the caller's bytes are gone from this thread once posted.
  const { port1, port2 } = new MessageChannel()
  thread.post({ call: request, port: port2 }, [port2, ...transfer])
  return new Promise<T>((resolve, reject) => {
    port1.once('close', () => reject(new Error('The helper thread stopped.')))
    port1.once('message', (answer: { value: T } | { error: string }) => {
      port1.close()
      if ('value' in answer) resolve(answer.value)
      else reject(new Error(answer.error))
    })
  })
}

async function perform(request: Call): Promise<StoredUpload> {
  const format = detectFormat(request.name, request.bytes)
  if (!format) return { refused: 'MimeTypeNotAllowed' }
  return { format: format.id, fileId: await storeFile(request.bytes) }
}

async function* produce(download: Download): AsyncGenerator<Uint8Array> {
  if (download.kind === 'tmx-export') {
    yield* tmxExportChunks(download.memory, download.version)
    return
  }
  if (download.kind === 'exchange-export') {
    yield* exchangeChunks(download.projects, download.format, download.version)
    return
  }
  const bytes = await translatedFile(download.projectId, download.format)
  for (let offset = 0; offset < bytes.byteLength; offset += CHUNK_BYTES) yield bytes.subarray(offset, offset + CHUNK_BYTES)
}

/** Bytes that own their whole buffer, so that the buffer can be handed over (a Buffer's slice is a view of a larger one). */
function owned(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes)
}

/** The thread's side: each download or call gets its own port. */
export async function runHelperThread(data: { database: ThreadDatabase }): Promise<void> {
  lowerThreadPriority(HELPER_NICENESS)
  const database = await openThreadDatabase(data.database)
  setDatabase(database)
  serveThread(
    (message) => {
      if (message.download) serveDownload(message.download as Download, message.port as MessagePort)
      if (message.call) void serveCall(message.call as Call, message.port as MessagePort)
    },
    async () => {
      setDatabase(undefined)
      await database.close()
    },
  )
}

async function serveCall(request: Call, port: MessagePort) {
  try {
    port.postMessage({ value: await perform(request) })
  } catch (error) {
    console.error('[helper] a call failed:', error)
    port.postMessage({ error: error instanceof Error ? error.message : String(error) })
  } finally {
    port.close()
  }
}

function serveDownload(download: Download, port: MessagePort) {
  const chunks = produce(download)
  port.on('message', async (message: 'pull' | 'cancel') => {
    if (message === 'cancel') {
      port.close()
      await chunks.return(undefined).catch(() => {})
      return
    }
    try {
      const next = await chunks.next()
      if (next.done) {
        port.postMessage({ done: true } satisfies Answer)
        port.close()
        return
      }
      const chunk = owned(next.value)
      port.postMessage({ chunk } satisfies Answer, [chunk.buffer as ArrayBuffer])
    } catch (error) {
      console.error('[helper] could not make a download:', error)
      port.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies Answer)
      port.close()
    }
  })
}
