/** A web stream that pulls chunks from an async generator one at a time, and stops it when the reader goes away. */
export function streamOf(chunks: AsyncGenerator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next()
      if (next.done) controller.close()
      else controller.enqueue(next.value)
    },
    async cancel() {
      await chunks.return(undefined)
    },
  })
}

const CHUNK_CHARACTERS = 256 * 1024

/** Written text as UTF-8 chunks of about 256 KiB, so a download of any size is sent as it is written. */
export async function* utf8Chunks(texts: AsyncIterable<string>): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder()
  let pending: string[] = []
  let pendingLength = 0
  for await (const text of texts) {
    pending.push(text)
    pendingLength += text.length
    if (pendingLength >= CHUNK_CHARACTERS) {
      yield encoder.encode(pending.join(''))
      pending = []
      pendingLength = 0
    }
  }
  if (pending.length > 0) yield encoder.encode(pending.join(''))
}
