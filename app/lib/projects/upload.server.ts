import { wakeWorker } from '../jobs/wake.server'
import { getEnv } from '../env.server'
import { MalformedUpload, partText, readMultipart } from '../http/multipart.server'
import { allowedExtensions } from '../formats/registry.server'
import { loadProfileSafely } from '../profile/profile.server'
import { mtRegistry } from '../mt/registry.server'
import { systemsForPair } from '../mt/systems'
import { swapLanguages, widgetLanguages } from './languages'
import { storeUpload } from '../threads/helper-thread.server'
import { holdUpload, takeHeldUploads, type TakenUpload } from './held-uploads.server'
import { createProjectWithFile } from './projects.server'
import { uploadFields } from './upload-fields'
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
  /** Issue 19: the held files ticked in the form (held-uploads.server.ts); they count against the file limit. */
  held: number[]
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
  // Past the file limit the upload is refused whole (TooManyFiles): further files are only drained, never kept.
  const kept = () => received.filter((file) => file.bytes !== undefined).length
  const values = await readMultipart(request, async ({ name, filename, data }) => {
    if (name !== 'files' && name !== 'files[]') return partText(data)
    if (filename === undefined) return partText(data)
    const chunks: Uint8Array[] = []
    let size = 0
    let tooBig = false
    const keep = kept() <= limits.maxFiles
    for await (const chunk of data) {
      size += chunk.byteLength
      if (size > limits.maxBytes) tooBig = true
      else if (keep) chunks.push(chunk)
    }
    received.push({ name: filename, bytes: tooBig ? undefined : concat(chunks, size), tooBig })
    return `file:${received.length - 1}`
  })
  const fields: Record<string, string> = {}
  for (const [key, [value]] of values) if (key !== 'files' && key !== 'files[]' && value !== undefined) fields[key] = value
  const held = (values.get('held') ?? []).map(Number).filter((id) => Number.isSafeInteger(id) && id > 0)

  const chosen = received.filter((file) => !(file.name === '' && (file.bytes?.byteLength ?? 0) === 0))
  const upload: ReceivedUpload = { fields, held, files: [], refused: [] }
  if (chosen.length === 0) {
    upload.refused.push({ name: '', code: 'MissingFileName' })
    return upload
  }
  if (chosen.length + held.length > limits.maxFiles) {
    upload.refused.push(...chosen.map((file) => ({ name: file.name, code: 'TooManyFiles' as const })))
    return upload
  }
  for (const file of chosen) {
    const size = file.tooBig ? limits.maxBytes + 1 : (file.bytes?.byteLength ?? 0)
    const code = checkFile({ name: file.name, size }, limits)
    if (code) upload.refused.push({ name: file.name, code })
    else if (!file.bytes) upload.refused.push({ name: file.name, code: 'MimeTypeNotAllowed' })
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

/** The upload's own fields, as SPEC §7 files/upload names them (the files come apart, streamed). */
const uploadFieldsSchema = uploadFields

/** One file's outcome: a project, or the SPEC §8 code that refused it. */
export interface UploadResult {
  name: string
  code?: UploadErrorCode
  project?: { id: number; password: string }
}

/** The form's swap and "show domains" buttons without JavaScript: the files are held, not analysed (issue 19). */
function holding(fields: Record<string, string>): boolean {
  return fields.intent === 'swap' || fields.intent === 'languages'
}

/** The languages the form comes back with after holding its files (swapped by the swap button). */
export interface HeldForm {
  source: string
  target: string
}

/**
 * The whole upload (issue #3 "Upload"): read the files, refuse what breaks the rules, create a project per
 * accepted file (with the uploader's pretranslation settings), wake the worker. Undefined when the form's
 * own fields are invalid (a forged request). From the file list's form (`form`), without JavaScript, the swap and
 * "show domains" buttons send the files too: they are held (`held` is set) for the form shown again, and Analyze
 * takes the ticked ones.
 */
export async function uploadFiles(request: Request, ownerId: number, { form = false } = {}): Promise<(UploadResult[] & { held?: HeldForm }) | undefined> {
  let received: ReceivedUpload
  try {
    received = await receiveUpload(request, uploadLimits())
  } catch (error) {
    if (error instanceof MalformedUpload) return error.inPartHeader ? [{ name: '', code: 'InvalidFileName' }] : undefined
    throw error
  }
  const fields = uploadFieldsSchema.safeParse(received.fields)
  if (!fields.success) return undefined
  // The widget offers SPEC §2's languages and those of running MT systems; the system must fit the languages.
  const { systems } = await mtRegistry().listSystems()
  const languages = widgetLanguages(systems)
  if (!languages.sources.includes(fields.data.source_language) || !languages.targets.includes(fields.data.target_language)) return undefined
  // No file picked is no refusal from the form while it holds files or has held ones ticked.
  const excused = form && (holding(received.fields) || received.held.length > 0)
  const refused = received.refused.filter((refusal) => !(excused && refusal.code === 'MissingFileName'))
  const results: UploadResult[] & { held?: HeldForm } = refused.map((refusal) => ({ ...refusal }))
  // Stored, their format recognised: each becomes a project (or is held).
  const accepted: TakenUpload[] = []
  for (const file of received.files) {
    try {
      // Recognised (a 10 MB text is decoded whole to check it) and stored off this thread.
      const stored = await storeUpload(file.name, file.bytes)
      if ('refused' in stored) results.push({ name: file.name, code: stored.refused })
      else accepted.push({ name: file.name, ...stored })
    } catch (error) {
      console.error('[upload] could not store', file.name, error)
      results.push({ name: file.name, code: 'ErrorCreatingProject' })
    }
  }
  if (form && holding(received.fields)) {
    for (const file of accepted) await holdUpload(ownerId, file)
    const chosen = { source: fields.data.source_language, target: fields.data.target_language }
    results.held = received.fields.intent === 'swap' ? swapLanguages(chosen, languages) : chosen
    return results
  }
  if (form) accepted.unshift(...(await takeHeldUploads(ownerId, received.held)))
  const mtSystemId = fields.data.mt_system || undefined
  if (mtSystemId && !systemsForPair(systems, fields.data.source_language, fields.data.target_language).some((system) => system.id === mtSystemId)) {
    return [...results, ...accepted.map((file) => ({ name: file.name, code: 'UnknownMtSystem' as const }))]
  }
  const profile = fields.data.tm_pretranslate === undefined || fields.data.mt_pretranslate === undefined ? await loadProfileSafely(ownerId) : undefined
  for (const file of accepted) {
    try {
      const project = await createProjectWithFile({
        ownerId,
        name: file.name,
        format: file.format,
        sourceLang: fields.data.source_language,
        targetLang: fields.data.target_language,
        mtSystemId,
        tmPretranslate: fields.data.tm_pretranslate ?? profile?.tmPretranslate ?? false,
        mtPretranslate: fields.data.mt_pretranslate ?? profile?.mtPretranslate ?? false,
      }, file.fileId)
      results.push({ name: file.name, project })
    } catch (error) {
      console.error('[upload] could not create a project for', file.name, error)
      results.push({ name: file.name, code: 'ErrorCreatingProject' })
    }
  }
  // Every ticked held file had expired (or was another user's), and none was picked.
  if (results.length === 0) results.push({ name: '', code: 'MissingFileName' })
  wakeWorker()
  return results
}
