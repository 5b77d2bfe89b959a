/**
 * React's web-streams renderer (decision 0012), loaded with an encoder that takes its bytes from Node's buffer pool.
 * The renderer turns every piece of a page into bytes with the `TextEncoder` it makes when it loads; Node's own
 * encoder allocates a new buffer for each piece, which made a fifth of a translator page's render (decision 0031).
 */
import type { renderToReadableStream as Render } from 'react-dom/server.browser'

/**
 * The longest text given pooled bytes: 3 bytes a UTF-16 unit at most, so at most 510 bytes, which the renderer copies
 * into its own 512-byte views. It hands longer pieces to its byte stream as they are, and a byte stream takes (detaches)
 * a chunk's whole `ArrayBuffer`: a pooled buffer's would be the pool's, under every other `Buffer` cut from it.
 */
const POOLED_UNITS = 170

/** A `TextEncoder` whose `encode` gives the same bytes, a short text's from a pooled `Buffer` (a `Uint8Array`). */
export class PooledTextEncoder extends TextEncoder {
  static made = 0

  constructor() {
    super()
    PooledTextEncoder.made++
  }

  override encode(input = ''): Uint8Array<ArrayBuffer> {
    // The pool's buffers are ArrayBuffers (Buffer's type allows shared memory too).
    return input.length <= POOLED_UNITS ? (Buffer.from(input, 'utf8') as Uint8Array<ArrayBuffer>) : super.encode(input)
  }
}

async function loadRenderer(): Promise<typeof Render> {
  // Only while the renderer's module runs: it makes its encoder then, and nothing else gets this one.
  const original = globalThis.TextEncoder
  globalThis.TextEncoder = PooledTextEncoder
  try {
    return (await import('react-dom/server.browser')).renderToReadableStream
  } finally {
    globalThis.TextEncoder = original
  }
}

export const renderToReadableStream = await loadRenderer()

/**
 * A rendered page's bytes, read once everything is ready (entry.server.tsx). The renderer hands its page on in views of
 * 512 bytes, and a default reader takes one a read, each a round of promises (0.2 ms of a 50 KB page as a Response's
 * `arrayBuffer`); a reader that brings its own buffer gets every queued view copied into it in one read.
 *
 * The first read is a default one: it has the renderer write the whole page and close, so every later read finds the
 * rest queued. A reader's own buffer waiting while the stream closes with nothing more is never given back (the
 * stream's source would have to answer it, and React does not), which is what an empty page would do.
 */
export async function renderedBytes(stream: ReadableStream<Uint8Array>): Promise<Uint8Array<ArrayBuffer>> {
  const first = stream.getReader()
  const head = await first.read()
  if (head.done) return new Uint8Array(0)
  first.releaseLock()
  const reader = stream.getReader({ mode: 'byob' })
  let buffer = new ArrayBuffer(Math.max(FIRST_BUFFER, head.value.byteLength * 2))
  new Uint8Array(buffer).set(head.value)
  let length = head.value.byteLength
  for (;;) {
    if (length === buffer.byteLength) {
      const larger = new ArrayBuffer(buffer.byteLength * 2)
      new Uint8Array(larger).set(new Uint8Array(buffer))
      buffer = larger
    }
    // The buffer given is taken (transferred) by the read, and comes back with what was written.
    const { done, value } = await reader.read(new Uint8Array(buffer, length))
    if (value) {
      buffer = value.buffer as ArrayBuffer
      length += value.byteLength
    }
    if (done) return new Uint8Array(buffer, 0, length)
  }
}

/** Room for a translator page (about 50 KB) and more; a larger page doubles it as it goes. */
const FIRST_BUFFER = 128 * 1024
