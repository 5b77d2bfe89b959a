import { unstable_parseMultipartFormData, type UploadHandler } from '@remix-run/node'
import { getEnv } from '../env.server'
import { allowedExtensions, detectFormat } from '../formats/registry.server'
import { checkFile, type UploadErrorCode, type UploadLimits } from './upload-rules'

/**
 * Reads a multipart upload without ever holding more than the size limit per file: a file that grows past
 * it is drained and refused (FileSizeTooBig) instead of being buffered.
 */
export interface ReceivedFile {
  name: string
  bytes: Uint8Array
}

export interface ReceivedUpload {
  fields: Record<string, string>
  files: ReceivedFile[]
  refused: { name: string; code: UploadErrorCode }[]
}

export function uploadLimits(): UploadLimits {
  const env = getEnv()
  return {
    maxBytes: env.UPLOAD_MAX_MB * 1024 * 1024,
    minBytes: 1,
    maxNameLength: env.UPLOAD_MAX_NAME_LENGTH,
    maxFiles: env.UPLOAD_MAX_FILES,
    allowedExtensions: env.UPLOAD_EXTENSIONS ? env.UPLOAD_EXTENSIONS.split(',') : allowedExtensions,
  }
}

export async function receiveUpload(request: Request, limits: UploadLimits): Promise<ReceivedUpload> {
  const received: { name: string; bytes?: Uint8Array; tooBig: boolean }[] = []
  const handler: UploadHandler = async ({ name, filename, data }) => {
    if (name !== 'files' || filename === undefined) {
      // Ordinary fields: small by nature; cap them anyway.
      let text = ''
      const decoder = new TextDecoder()
      for await (const chunk of data) if (text.length < 10_000) text += decoder.decode(chunk, { stream: true })
      return text.slice(0, 10_000)
    }
    const chunks: Uint8Array[] = []
    let size = 0
    let tooBig = false
    for await (const chunk of data) {
      size += chunk.byteLength
      if (size > limits.maxBytes) tooBig = true
      else chunks.push(chunk)
    }
    received.push({ name: filename, bytes: tooBig ? undefined : concat(chunks, size), tooBig })
    return `file:${received.length - 1}`
  }
  const form = await unstable_parseMultipartFormData(request, handler)
  const fields: Record<string, string> = {}
  for (const [key, value] of form) if (key !== 'files' && typeof value === 'string') fields[key] = value

  const chosen = received.filter((file) => !(file.name === '' && (file.bytes?.byteLength ?? 0) === 0))
  const upload: ReceivedUpload = { fields, files: [], refused: [] }
  if (chosen.length === 0) {
    upload.refused.push({ name: '', code: 'MissingFileName' })
    return upload
  }
  if (chosen.length > limits.maxFiles) {
    upload.refused.push(...chosen.map((file) => ({ name: file.name, code: 'TooManyFiles' as const })))
    return upload
  }
  for (const file of chosen) {
    const size = file.tooBig ? limits.maxBytes + 1 : (file.bytes?.byteLength ?? 0)
    const code = checkFile({ name: file.name, size }, limits)
    if (code) upload.refused.push({ name: file.name, code })
    else if (!file.bytes || !detectFormat(file.name, file.bytes)) upload.refused.push({ name: file.name, code: 'MimeTypeNotAllowed' })
    else upload.files.push({ name: file.name.trim(), bytes: file.bytes })
  }
  return upload
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}
