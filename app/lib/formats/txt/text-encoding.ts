import { FormatError } from '../types'

/**
 * How a text file's bytes become a string and back, so that a merge can write the file in the encoding (and
 * with the byte order mark) it came in. Shared by every text-based filter (txt, html, xliff).
 *
 * Supported: UTF-8 with or without BOM, UTF-16LE/BE with BOM, and single-byte legacy charsets (windows-1252,
 * windows-1257, …) when a filter names one (HTML's meta charset) or, for plain text and subtitles, when the bytes read
 * best as Baltic or Cyrillic Windows text (issue 19: files from older systems, guessLegacyEncoding). Decoding is strict, so decode → encode gives
 * back the same bytes: a file that is not valid in its encoding is refused rather than silently altered.
 */
export interface TextEncoding {
  /** WHATWG label as TextDecoder reports it: 'utf-8', 'utf-16le', 'utf-16be', 'windows-1252', … */
  label: string
  bom: boolean
}

export interface DecodedText {
  text: string
  encoding: TextEncoding
}

const utf8Bom = [0xef, 0xbb, 0xbf]

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte)
}

/** The encoding a BOM announces, if any. */
function bomEncoding(bytes: Uint8Array): TextEncoding | undefined {
  if (startsWith(bytes, utf8Bom)) return { label: 'utf-8', bom: true }
  if (startsWith(bytes, [0xff, 0xfe])) return { label: 'utf-16le', bom: true }
  if (startsWith(bytes, [0xfe, 0xff])) return { label: 'utf-16be', bom: true }
  return undefined
}

function strictDecode(bytes: Uint8Array, encoding: TextEncoding): string | undefined {
  try {
    // ignoreBOM: true keeps the BOM in the string; we strip it ourselves so the byte count stays exact.
    const text = new TextDecoder(encoding.label, { fatal: true, ignoreBOM: true }).decode(bytes)
    return encoding.bom ? text.slice(1) : text
  } catch {
    return undefined
  }
}

/**
 * Decodes a text file: a BOM decides; otherwise UTF-8 when the bytes are valid UTF-8, otherwise `fallback` (a
 * charset the file declares) when it is a single-byte charset. Throws FormatError when nothing fits.
 */
export function decodeText(bytes: Uint8Array, fallback?: string): DecodedText {
  const announced = bomEncoding(bytes)
  const candidates: TextEncoding[] = announced ? [announced] : [{ label: 'utf-8', bom: false }]
  if (!announced && fallback) {
    const label = singleByteLabel(fallback)
    if (label) candidates.push({ label, bom: false })
  }
  for (const encoding of candidates) {
    const text = strictDecode(bytes, encoding)
    if (text !== undefined) return { text, encoding }
  }
  throw new FormatError(announced ? `not valid ${announced.label} text` : 'not valid UTF-8 text')
}

/** Encodes a string back into the file's encoding; characters a single-byte charset lacks go through `escape`. */
export function encodeText(text: string, encoding: TextEncoding, escape: (char: string) => string = numericReference): Uint8Array {
  switch (encoding.label) {
    case 'utf-8':
      return withBom(new TextEncoder().encode(text), encoding.bom ? utf8Bom : [])
    case 'utf-16le':
    case 'utf-16be':
      return encodeUtf16(text, encoding.label === 'utf-16le', encoding.bom)
    default:
      return encodeSingleByte(text, encoding.label, escape)
  }
}

function withBom(body: Uint8Array, bom: number[]): Uint8Array {
  if (bom.length === 0) return body
  const out = new Uint8Array(bom.length + body.length)
  out.set(bom)
  out.set(body, bom.length)
  return out
}

function encodeUtf16(text: string, littleEndian: boolean, bom: boolean): Uint8Array {
  const offset = bom ? 2 : 0
  const out = new Uint8Array(offset + text.length * 2)
  const view = new DataView(out.buffer)
  if (bom) view.setUint16(0, 0xfeff, littleEndian)
  for (let i = 0; i < text.length; i++) view.setUint16(offset + i * 2, text.charCodeAt(i), littleEndian)
  return out
}

/** `&#x…;` — valid in HTML and XML text and attribute values, the only places a translation is written. */
export function numericReference(char: string): string {
  return `&#x${(char.codePointAt(0) ?? 0).toString(16).toUpperCase()};`
}

const singleByteTables = new Map<string, Map<string, number> | null>()

/**
 * Char → byte for a single-byte charset: each byte it defines decodes to its own single character (lossless both
 * ways). Bytes a charset leaves undefined (Windows-1257 has a few) are not in the table: a file holding one is not
 * valid in that charset (strict decoding refuses it).
 */
function singleByteTable(label: string): Map<string, number> | undefined {
  if (!singleByteTables.has(label)) {
    let table: Map<string, number> | null = null
    try {
      const decoder = new TextDecoder(label, { fatal: true })
      const candidate = new Map<string, number>()
      let defined = 0
      for (let byte = 0; byte < 256; byte++) {
        let char: string
        try {
          char = decoder.decode(new Uint8Array([byte]))
        } catch {
          continue
        }
        defined++
        candidate.set(char, byte)
      }
      if ([...candidate.keys()].every((char) => char.length === 1) && candidate.size === defined && defined >= 128 + 64) table = candidate
    } catch {
      table = null
    }
    singleByteTables.set(label, table)
  }
  return singleByteTables.get(label) ?? undefined
}

/** The WHATWG label of a declared charset when it is single-byte, e.g. 'ISO-8859-1' → 'windows-1252'. */
export function singleByteLabel(declared: string): string | undefined {
  try {
    const label = new TextDecoder(declared.trim()).encoding
    return singleByteTable(label) ? label : undefined
  } catch {
    return undefined
  }
}

function encodeSingleByte(text: string, label: string, escape: (char: string) => string): Uint8Array {
  const table = singleByteTable(label)
  if (!table) throw new FormatError(`cannot write ${label}`)
  const bytes: number[] = []
  for (const char of text) {
    const byte = table.get(char)
    if (byte !== undefined) bytes.push(byte)
    else for (const ascii of escape(char)) bytes.push(ascii.charCodeAt(0))
  }
  return Uint8Array.from(bytes)
}

/** True when a decoded text looks like text: no NUL and few other C0 controls (binary files have many). */
export function looksLikeText(text: string): boolean {
  let controls = 0
  const sample = text.length > 65536 ? text.slice(0, 65536) : text
  for (let i = 0; i < sample.length; i++) {
    const code = sample.charCodeAt(i)
    // A U+0000 or two in a text (issue 56) is no sign of a binary file; many are, with the other control characters.
    if (code < 32 && code !== 9 && code !== 10 && code !== 13 && code !== 12) controls++
  }
  return controls <= Math.max(2, sample.length / 100)
}

/**
 * Issue 19: the legacy charset a plain text that is not UTF-8 was most likely written in — Windows-1257 (Baltic) or
 * Windows-1251 (Cyrillic), as translators receive them from older systems. Each is tried; its words are scored: a
 * word of one script only counts (Latin with a few marked letters, or Cyrillic), a word mixing scripts or made
 * mostly of marked Latin letters (what Cyrillic bytes look like read as Baltic) counts against. Undefined when
 * the bytes are valid UTF-8 or have a BOM (decodeText reads them).
 */
export function guessLegacyEncoding(bytes: Uint8Array): string | undefined {
  if (bomEncoding(bytes) || strictDecode(bytes, { label: 'utf-8', bom: false }) !== undefined) return undefined
  const sample = bytes.subarray(0, 64 * 1024)
  let best: { label: string; score: number } | undefined
  for (const label of LEGACY_CANDIDATES) {
    const text = strictDecode(sample, { label, bom: false })
    if (text === undefined) continue
    const score = plausibility(text)
    if (!best || score > best.score) best = { label, score }
  }
  return best?.label
}

/** Tried in this order; a tie goes to the first. */
const LEGACY_CANDIDATES = ['windows-1257', 'windows-1251']

const CYRILLIC = /\p{Script=Cyrillic}/u
const LATIN = /\p{Script=Latin}/u
const WORD = /\p{L}+/gu

function plausibility(text: string): number {
  let score = 0
  for (const [word] of text.matchAll(WORD)) {
    let cyrillic = 0
    let latin = 0
    let marked = 0
    for (const char of word) {
      if (CYRILLIC.test(char)) cyrillic++
      else if (LATIN.test(char)) {
        latin++
        if (char > '\u007f') marked++
      }
    }
    if (cyrillic > 0 && latin > 0) score -= word.length
    else if (latin > 0 && marked * 2 > latin && latin > 1) score -= word.length
    else if (cyrillic > 0 || marked > 0) score += word.length
  }
  return score
}

/** The encoding a plain text is read in when it is not UTF-8 without a BOM (FormatFilter.encoding). */
export function unusualEncoding(bytes: Uint8Array): string | undefined {
  try {
    const { label, bom } = decodeLegacyText(bytes).encoding
    return label === 'utf-8' && !bom ? undefined : encodingName(label) + (bom && label === 'utf-8' ? ' BOM' : '')
  } catch {
    return undefined
  }
}

/** A text file's encoding: its BOM, UTF-8, else the legacy charset it reads best in (guessLegacyEncoding). */
export function decodeLegacyText(bytes: Uint8Array): DecodedText {
  // UTF-8 first, decoded once (a book's 10 MB take 0.1 s to decode; the guess would decode them again to rule it out).
  if (!bomEncoding(bytes)) {
    const text = strictDecode(bytes, { label: 'utf-8', bom: false })
    if (text !== undefined) return { text, encoding: { label: 'utf-8', bom: false } }
  }
  return decodeText(bytes, guessLegacyEncoding(bytes))
}

/** The legacy charset of a language's older systems, for a translation the source's charset cannot hold. */
const LANGUAGE_CHARSETS: Record<string, string> = { lv: 'windows-1257', lt: 'windows-1257', et: 'windows-1257', ru: 'windows-1251', uk: 'windows-1251', be: 'windows-1251', bg: 'windows-1251' }

/**
 * A translated text file in the encoding it came in (issue 19: written back as received). When the translation has
 * letters that charset lacks (a Baltic file translated into Russian), it is written in the target language's own
 * legacy charset if that holds it, else in UTF-8 — never with characters replaced.
 */
export function encodeTranslatedText(text: string, encoding: TextEncoding, targetLang?: string): Uint8Array {
  if (encoding.label.startsWith('utf-')) return encodeText(text, encoding)
  for (const label of [encoding.label, LANGUAGE_CHARSETS[targetLang ?? ''] ?? 'windows-1252']) {
    const table = singleByteTable(label)
    if (table && [...text].every((char) => table.has(char))) return encodeText(text, { label, bom: false })
  }
  return encodeText(text, { label: 'utf-8', bom: false })
}

/** The encoding's name as translators know it: "Windows-1257", "UTF-16LE", "UTF-8". */
export function encodingName(label: string): string {
  return label.replace(/^windows/, 'Windows').replace(/^utf/, 'UTF').replace(/le$|be$/, (end) => end.toUpperCase()).replace(/^iso/, 'ISO')
}
