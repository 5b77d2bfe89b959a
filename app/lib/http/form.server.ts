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
  return withoutNul(await form.formData().catch(() => new FormData()))
}

/**
 * Issue 56: a U+0000 (text pasted from a PDF or a Word field can hold one) never reaches the database, which cannot
 * store it in text: removed from what a person wrote (translations, comments, terms, names, searches), the rest kept.
 * In ids and passwords it stays, so that such a value is wrong like any other — no row has it (findProject).
 */
const NAMED_ROW = /(^id$|Ids?$|password|token)/i

export function withoutNul(form: FormData): FormData {
  let clean: FormData | undefined
  for (const [name, value] of form) {
    if (typeof value === 'string' && value.includes('\u0000') && !NAMED_ROW.test(name)) {
      clean ??= new FormData()
      break
    }
  }
  if (!clean) return form
  for (const [name, value] of form) clean.append(name, typeof value === 'string' && !NAMED_ROW.test(name) ? value.replaceAll('\u0000', '') : value)
  return clean
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
