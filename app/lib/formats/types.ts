import type { TaggedText } from '../tags/types'

/**
 * DESIGN.md "Format filters": a format is a folder implementing FormatFilter; the original upload is the
 * skeleton for both extraction and merge. Pure with respect to I/O (bytes in, bytes out), server-side only.
 */
export interface Unit {
  /** Stable within the file: the same file always yields the same keys in the same (document) order. */
  key: string
  /** The translatable content, inline formatting as tags (refs point into the filter's own code table). */
  source: TaggedText
  /** An existing translation in the file (XLIFF targets), with its state. */
  target?: TaggedText
  targetState?: 'new' | 'draft' | 'translated' | 'final'
  /**
   * Whether sentence segmentation may split this unit further. False where the file is already segmented
   * (XLIFF 2 <segment>, XLIFF 1.2 <seg-source> <mrk mtype="seg">).
   */
  segmentable: boolean
  /** Where the text lives, for the translator: "footnote", "header", "table", "text box", resname, note. */
  context?: string
  /**
   * Issue 58 point 6: the characters (code points, tags not counted) the unit's translation may hold, as the file
   * says (XLIFF 1.2 maxwidth with size-unit="char", XLIFF 2 slr:sizeRestriction, Android maxLength).
   */
  maxLength?: number
  /** The characters a line of the translation may hold (subtitles: 42). */
  lineLength?: number
}

/** A length limit as a file writes it: a whole number from 1 up, else none. */
export function lengthLimit(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*\d{1,7}\s*$/.test(value)) return undefined
  const limit = Number(value)
  return limit > 0 ? limit : undefined
}

/**
 * Issue 57: text a file holds that Tulks deliberately does not translate (docs/formats.md names it per format), so the
 * file list and the translator can say so once per file: "3 texts are kept as they are: hidden sheet Prices, a chart".
 */
export type KeptKind = 'comment' | 'chart' | 'SmartArt' | 'drawing' | 'hidden sheet' | 'HTML' | 'image'

export interface KeptText {
  kind: KeptKind
  /** The hidden sheet's name. */
  name?: string
  /** How many texts: paragraphs (a comment's, a text box's), a chart's labels, a sheet's text cells. */
  texts: number
  /** How many of the things hold them: comments, charts, drawings, HTML blocks, images (1 for a sheet). */
  items: number
}

/** What a filter may need to know of the project (issue 18: a PO file's plural forms are the target language's). */
export interface FilterOptions {
  targetLang?: string
}

export interface FormatFilter {
  /** Registry key, stored with the project: 'txt', 'html', 'docx', 'xliff12', 'xliff20', 'po', 'json', … */
  id: string
  /** Lower-case extensions without the dot. */
  extensions: string[]
  /** The MIME type used when the file is downloaded. */
  mimeType: string
  /** True when the bytes are this format (content is checked, not only the name). */
  detect(name: string, bytes: Uint8Array): boolean
  /**
   * A zip package (office formats, IDML): a file with this format's extension that starts as a zip but cannot be read
   * as one (cut off, corrupt, a bomb) is this format, broken — refused at conversion with ErrorConvertingFile, not as
   * a file of another type (issue 50).
   */
  container?: 'zip'
  /** Throws FormatError for a broken file. */
  extract(bytes: Uint8Array, options?: FilterOptions): Unit[]
  /**
   * The file with each unit's content replaced by the translation for its key (units without one keep
   * their source). Identity merge (every unit's source as its translation) reproduces the original.
   */
  merge(bytes: Uint8Array, translations: ReadonlyMap<string, TaggedText>, options?: FilterOptions): Uint8Array
  /**
   * Issue 19: the text encoding the file was read in when it is not UTF-8 (a Windows-1257 text, a UTF-16 one), shown
   * with the file so the translator knows it is written back the same way; formats that are always UTF-8 need none.
   */
  encoding?(bytes: Uint8Array): string | undefined
  /**
   * Issue 57: the text the file holds that this format deliberately keeps as it is (comments, charts, hidden sheets;
   * docs/formats.md lists it per format), for the notice shown once per file. None when the method is absent.
   */
  kept?(bytes: Uint8Array): KeptText[]
}

/** A file that cannot be read as its format (SPEC §8 ErrorConvertingFile). */
export class FormatError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'FormatError'
  }
}

/** `detect` for a text format: the name has one of its extensions and `decode` (which throws for anything else) reads it. */
export function textDetector(extension: RegExp, decode: (bytes: Uint8Array) => unknown): FormatFilter['detect'] {
  return (name, bytes) => {
    if (!extension.test(name)) return false
    try {
      decode(bytes)
      return true
    } catch {
      return false
    }
  }
}
