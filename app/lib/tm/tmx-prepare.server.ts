import { parentPort, Worker } from 'node:worker_threads'
import { BACKGROUND_NICENESS, lowerThreadPriority } from '../threads/app-thread.server'
import type { ImportReport, LanguagePair, TmUnit } from './tmx'
import { readTmxUpload } from './tmx-archive.server'
import { contextHash, prepareBatches, type PreparedBatch, type UnitImport } from './units.server'

/**
 * A TMX import on PostgreSQL reads, tokenizes and hashes its units in a thread of its own (decision 0014, ninth
 * addendum): the thread running the task then only reads the stored upload and writes the prepared batches, and the
 * two threads and the database server share the cores. A million units 20,880/22,616 → 26,541/32,351 units/s in two
 * interleaved pairs. On PGlite the database thread is the slower half, and the import stays in one thread.
 *
 *   task thread                           prepare thread
 *   ── { chunk } / { end } ─────────────▶  (asked for with { want })
 *   ◀──────────────── { batch } …          at most BATCHES_AHEAD not yet taken
 *   ── { taken } ──────────────────────▶
 *   ◀──────────────── { report }
 */
type ToPrepare = { chunk: Uint8Array } | { end: true } | { taken: true }
type FromPrepare = { want: true } | { batch: PreparedBatch } | { report: ImportReport }

export interface PrepareThreadData {
  role: 'tmx-prepare'
  pair: LanguagePair
}

const BATCHES_AHEAD = 2

/**
 * The prepare thread's young generation, twice V8's default here (decision 0014, twelfth addendum). A batch of 2,000
 * units is gathered while the thread's young collections run, and with the default most of them found one alive,
 * copied it and later promoted it: a million-unit import made 631–640 young collections and 45–46 full ones; with
 * twice the room, 315–318 and 14–38.
 */
const YOUNG_GENERATION_MB = 96

let entry: { url: URL; fromBytes: number } | undefined

/**
 * The module a prepare thread starts with (thread.mjs, or a benchmark's bundle), and the upload size from which an
 * import uses one (TMX_PREPARE_THREAD_MB, 16 by default: the thread loads the whole built app before it reads a byte,
 * 0.5–0.6 s on a 2-core EPYC, about what it saves on an import of 40,000 units, 16 MB of TMX, at a quarter of the
 * import's time); unset, imports prepare inline.
 */
export function setTmxPrepareEntry(url: URL | undefined, fromBytes = 0): void {
  entry = url && { url, fromBytes }
}

/** The prepare thread's module for an upload of `bytes`, when it is to have one. */
export function tmxPrepareEntry(bytes: number): URL | undefined {
  return entry && bytes >= entry.fromBytes ? entry.url : undefined
}

/** An upload's units (read as readTmxUpload reads it) as prepared batches for PostgreSQL, made in a prepare thread; `outcome` gets the report. */
export async function* preparedInThread(
  threadEntry: URL,
  input: AsyncIterable<Uint8Array>,
  pair: LanguagePair,
  outcome: { report?: ImportReport },
): AsyncGenerator<PreparedBatch> {
  const data: PrepareThreadData = { role: 'tmx-prepare', pair }
  const worker = new Worker(threadEntry, { workerData: data, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } })
  const chunks = input[Symbol.asyncIterator]()
  const ready: PreparedBatch[] = []
  let failure: Error | undefined
  let wake: (() => void) | undefined
  const notify = () => {
    wake?.()
    wake = undefined
  }
  const fail = (error: unknown) => {
    failure ??= error instanceof Error ? error : new Error(String(error))
    notify()
  }
  const send = (message: ToPrepare) => worker.postMessage(message)
  // One chunk read ahead, so that the prepare thread's next question is answered at once.
  const readAhead = () => {
    const chunk = chunks.next()
    // Handled when the thread asks for it.
    chunk.catch(() => {})
    return chunk
  }
  let next = readAhead()
  worker.on('message', (message: FromPrepare) => {
    if ('want' in message) {
      next.then(({ done, value }) => {
        send(done ? { end: true } : { chunk: value })
        if (!done) next = readAhead()
      }, fail)
    } else if ('batch' in message) {
      // Buffers arrive as plain Uint8Arrays; node-postgres sends a Buffer as binary.
      const parameters = (message.batch.parameters as Uint8Array[]).map((view) => Buffer.from(view.buffer, view.byteOffset, view.byteLength))
      ready.push({ parameters, sharesSource: message.batch.sharesSource })
    } else {
      outcome.report = message.report
    }
    notify()
  })
  worker.on('error', fail)
  worker.on('exit', (code) => {
    if (!outcome.report) fail(new Error(`The TMX prepare thread ended (exit code ${code}).`))
  })
  try {
    for (;;) {
      while (ready.length === 0 && !outcome.report && !failure) await new Promise<void>((resolve) => (wake = resolve))
      if (failure) throw failure
      const batch = ready.shift()
      if (!batch) return
      yield batch
      send({ taken: true })
    }
  } finally {
    await worker.terminate()
  }
}

/** The prepare thread's side: the upload's bytes in as asked for, prepared batches out, then the reader's report. */
export async function runTmxPrepareThread(data: PrepareThreadData): Promise<void> {
  lowerThreadPriority(BACKGROUND_NICENESS)
  const port = parentPort
  if (!port) throw new Error('runTmxPrepareThread runs in a worker thread')
  let answer: ((message: ToPrepare) => void) | undefined
  let room = BATCHES_AHEAD
  let roomMade: (() => void) | undefined
  port.on('message', (message: ToPrepare) => {
    if ('taken' in message) {
      room++
      roomMade?.()
      roomMade = undefined
    } else {
      answer?.(message)
    }
  })
  const post = (message: FromPrepare) => port.postMessage(message)
  async function* input(): AsyncGenerator<Uint8Array> {
    for (;;) {
      const message = await new Promise<ToPrepare>((resolve) => {
        answer = resolve
        post({ want: true })
      })
      if (!('chunk' in message)) return
      yield message.chunk
    }
  }
  const reading = readTmxUpload(input(), data.pair)
  for await (const batch of prepareBatches(importedUnits(reading.batches), 'postgres')) {
    while (room === 0) await new Promise<void>((resolve) => (roomMade = resolve))
    room--
    post({ batch })
  }
  // The thread that started this one ends it once the report is in.
  post({ report: reading.importReport })
}

/** Issue 58 point 4: a unit's context as tm_units keeps it, when its TMX carries one. */
function unitContext(unit: TmUnit): { context?: string } {
  if (unit.contextHash) return { context: unit.contextHash }
  if (unit.contextBefore === undefined && unit.contextAfter === undefined) return {}
  return { context: contextHash(unit.contextBefore, unit.contextAfter) }
}

/** A TMX's units as the import writes them. */
export async function* importedUnits(batches: AsyncIterable<TmUnit[]>): AsyncGenerator<UnitImport[]> {
  for await (const units of batches) {
    yield units.map((unit) => ({
      source: unit.source,
      target: unit.target,
      createdBy: unit.creator ?? '',
      ...(unit.created ? { createdAt: unit.created } : {}),
      ...(unit.changed ? { changedAt: unit.changed } : {}),
      ...unitContext(unit),
    }))
  }
}
