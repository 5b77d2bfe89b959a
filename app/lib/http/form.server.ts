import { FORM_MAX_MEGABYTES } from './form-limit'

/**
 * The most a form without a file may send: 1 MiB, far above its longest field (a segment's translation). Files go
 * through readMultipart with their own limits; this bounds what a form read whole can make the server hold.
 */
export const FORM_MAX_BYTES = FORM_MAX_MEGABYTES * 2 ** 20

/**
 * A request's form, or an empty one when the body is not a form (another content type, multipart without its
 * boundary, a broken body): the action then refuses it as it refuses a form left empty — translated, never a 500.
 * A body over FORM_MAX_BYTES is not kept: `tooLarge`'s answer is thrown (by default a bare 413, which the
 * error page explains in the user's language; the API answers its own JSON refusal).
 */
export async function formOf(request: Request, tooLarge: () => Promise<Response> = async () => new Response(null, { status: 413 })): Promise<FormData> {
  const bytes = await bodyWithin(request.body, Number(request.headers.get('Content-Length')) > FORM_MAX_BYTES ? 0 : FORM_MAX_BYTES)
  if (!bytes) throw await tooLarge()
  const form = new Response(bytes, { headers: { 'Content-Type': request.headers.get('Content-Type') ?? '' } })
  return form.formData().catch(() => new FormData())
}

/**
 * The body's bytes, or undefined once they pass `maxBytes`: the rest is then read and dropped, as a refused upload's
 * file is (readMultipart), since a client answered before it finished sending may wait for its body to go out first.
 */
async function bodyWithin(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<ArrayBuffer | undefined> {
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = body?.getReader()
  for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
    size += read.value.byteLength
    if (size <= maxBytes) chunks.push(read.value)
  }
  if (size > maxBytes) return undefined
  const bytes = Buffer.concat(chunks)
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer
}
