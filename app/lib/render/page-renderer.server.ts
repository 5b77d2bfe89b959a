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
