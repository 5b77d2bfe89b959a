/**
 * Which uploads are refused and why, as SPEC §8 codes (pure: the action checks, the browser queue can
 * check the same before sending). The bounds are configuration (env UPLOAD_*); SPEC does not show them.
 */
export type UploadErrorCode =
  | 'InvalidFileName'
  | 'MimeTypeNotAllowed'
  | 'FileExtensionNotAllowed'
  | 'MissingFileName'
  | 'FileNameTooLong'
  | 'FileSizeTooBig'
  | 'FileSizeTooSmall'
  | 'TooManyFiles'
  | 'ErrorConvertingFile'
  | 'ErrorCreatingProject'
  /** Issue 6: the chosen MT system is not offered (any more) for the chosen languages. */
  | 'UnknownMtSystem'
  /** Issue 50: a segment longer than MAX_SEGMENT_CHARACTERS that no rule could cut (found at conversion). */
  | 'SegmentTooLong'

export interface UploadLimits {
  maxBytes: number
  minBytes: number
  maxNameLength: number
  maxFiles: number
  allowedExtensions: readonly string[]
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
}

/**
 * Checks what can be checked from the name and size alone, in SPEC §8's order of concern.
 * The content check (is it really that type?) comes after, with the bytes.
 */
export function checkFile(file: { name: string; size: number }, limits: UploadLimits): UploadErrorCode | undefined {
  const name = file.name.trim()
  const nameCode = nameProblem(name, limits)
  if (nameCode) return nameCode
  if (!limits.allowedExtensions.includes(extensionOf(name))) return 'FileExtensionNotAllowed'
  if (file.size < limits.minBytes) return 'FileSizeTooSmall'
  if (file.size > limits.maxBytes) return 'FileSizeTooBig'
  return undefined
}

export type RenameProblem = 'empty' | 'invalid' | 'too-long' | 'extension'

/** Issue 19: a new name for a file follows the upload's name rules and keeps the extension (the format stays). */
export function checkNewName(current: string, wanted: string, limits: Pick<UploadLimits, 'maxNameLength'>): RenameProblem | undefined {
  const problems = { MissingFileName: 'empty', InvalidFileName: 'invalid', FileNameTooLong: 'too-long' } as const
  const code = nameProblem(wanted, limits)
  if (code) return problems[code]
  if (extensionOf(wanted) !== extensionOf(current)) return 'extension'
  return undefined
}

/** The name rules an upload and a rename share. */
function nameProblem(name: string, limits: Pick<UploadLimits, 'maxNameLength'>): 'MissingFileName' | 'InvalidFileName' | 'FileNameTooLong' | undefined {
  if (name === '') return 'MissingFileName'
  // Path separators, control characters (C0, DEL, C1, line and paragraph separators), or names made only of dots are not
  // file names; nor are bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which make a
  // name show as another
  // ("invoice\u202Efdp.exe" reads "invoiceexe.pdf") and turn the text after it on every page and label that names it.
  // eslint-disable-next-line no-control-regex -- control characters are what we refuse
  if (/[/\\\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/.test(name) || /^\.+$/.test(name)) return 'InvalidFileName'
  if ([...name].length > limits.maxNameLength) return 'FileNameTooLong'
  return undefined
}
