/**
 * A TMX upload as it comes: plain .tmx, .tmx.gz, or a .zip holding one .tmx. Told apart by their first bytes,
 * not by the file name, and unpacked as a stream (node:zlib for gzip, fflate's Unzip for zip).
 */
import { pipeline, Readable } from 'node:stream'
import { createGunzip } from 'node:zlib'
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate'
import { readTmx, TmxReadError, type LanguagePair, type TmxReading } from './tmx'

export function readTmxUpload(input: AsyncIterable<Uint8Array>, pair: LanguagePair): TmxReading {
  return readTmx(unpackTmx(input), pair)
}

/** The TMX bytes inside the upload; failures are TmxReadError values, which readTmx puts in its report. */
export async function* unpackTmx(input: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const iterator = input[Symbol.asyncIterator]()
  let head: Uint8Array = new Uint8Array(0)
  while (head.length < 4) {
    const next = await iterator.next()
    if (next.done) break
    const joined = new Uint8Array(head.length + next.value.length)
    joined.set(head)
    joined.set(next.value, head.length)
    head = joined
  }
  const rest = (async function* () {
    if (head.length > 0) yield head
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value
  })()
  if (head[0] === 0x1f && head[1] === 0x8b) yield* gunzip(rest)
  else if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) yield* unzipOneTmx(rest)
  else yield* rest
}

async function* gunzip(input: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const unzipped = createGunzip()
  // pipeline, not pipe: a failing upload must end the reading with its error rather than leave it waiting.
  pipeline(Readable.from(input), unzipped, () => {})
  try {
    for await (const chunk of unzipped as AsyncIterable<Buffer>) {
      yield new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)
    }
  } catch (error) {
    if (!isZlibError(error)) throw error
    throw new TmxReadError('invalid-gzip', error.message)
  }
}

function isZlibError(error: unknown): error is Error {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('Z_')
}

/** fflate calls back synchronously while each chunk is pushed; what it hands over is yielded before the next push. */
async function* unzipOneTmx(input: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let pending: Uint8Array[] = []
  let tmxFiles = 0
  let failure: TmxReadError | undefined
  const unzip = new Unzip((file: UnzipFile) => {
    if (!file.name.toLowerCase().endsWith('.tmx') || file.name.endsWith('/')) return
    tmxFiles++
    if (tmxFiles > 1) {
      failure ??= new TmxReadError('zip-with-several-tmx', file.name)
      return
    }
    file.ondata = (error, data) => {
      if (error) failure ??= new TmxReadError('invalid-zip', error.message)
      else if (data.length > 0) pending.push(data)
    }
    file.start()
  })
  unzip.register(UnzipInflate)
  const push = (chunk: Uint8Array, final: boolean) => {
    try {
      unzip.push(chunk, final)
    } catch (error) {
      failure ??= new TmxReadError('invalid-zip', error instanceof Error ? error.message : undefined)
    }
  }
  const drain = function* () {
    const chunks = pending
    pending = []
    yield* chunks
    if (failure) throw failure
  }
  for await (const chunk of input) {
    push(chunk, false)
    yield* drain()
  }
  push(new Uint8Array(0), true)
  yield* drain()
  if (tmxFiles === 0) throw new TmxReadError('zip-without-tmx')
}
