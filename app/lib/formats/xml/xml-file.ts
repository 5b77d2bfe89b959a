import { type TextEncoding, decodeText, encodeText } from '../txt/text-encoding'
import { FormatError } from '../types'
import { type XmlDocument, XmlSyntaxError, parseXml } from './xml-tree'

/** An XML file read for a skeleton filter: the parsed tree plus the encoding to write it back in. */
export interface XmlFile {
  document: XmlDocument
  encoding: TextEncoding
}

/** The encoding named in the XML declaration, if any. */
function declaredEncoding(bytes: Uint8Array): string | undefined {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200))
  return /^(?:\uFEFF|ï»¿)?<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1]
}

/** Decodes and parses; any failure is a FormatError with a short reason. */
export function readXmlFile(bytes: Uint8Array): XmlFile {
  const { text, encoding } = decodeText(bytes, declaredEncoding(bytes))
  try {
    return { document: parseXml(text), encoding }
  } catch (error) {
    if (error instanceof XmlSyntaxError) throw new FormatError(`not well-formed XML: ${error.message}`)
    throw error
  }
}

/** A replacement of the decoded text [start, end). Edits must not overlap. */
export interface TextEdit {
  start: number
  end: number
  text: string
}

/** Applies edits in offset order, copying everything between them unchanged. */
export function applyEdits(text: string, edits: TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end)
  const out: string[] = []
  let copied = 0
  for (const edit of sorted) {
    if (edit.start < copied) throw new Error(`overlapping edits at ${edit.start}`)
    out.push(text.slice(copied, edit.start), edit.text)
    copied = edit.end
  }
  out.push(text.slice(copied))
  return out.join('')
}

/** Writes the merged text back; unchanged files are returned as they came. */
export function writeXmlFile(original: Uint8Array, file: XmlFile, edits: TextEdit[]): Uint8Array {
  if (edits.length === 0) return original
  return encodeText(applyEdits(file.document.text, edits), file.encoding)
}
