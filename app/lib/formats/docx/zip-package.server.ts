import { unzipSync, zipSync, type Zippable } from 'fflate'
import { FormatError } from '../types'
import { parseXml, XmlSyntaxError, type XmlElement } from './xml-tree'

/** Upper bounds that keep a hostile upload (a zip bomb) from exhausting memory. Configuration, not law. */
export const MAX_ZIP_ENTRIES = 10_000
export const MAX_INFLATED_BYTES = 200 * 1024 * 1024

export interface ZipEntry {
  name: string
  data: Uint8Array
  /** Stored without compression in the original; kept that way when the package is written back. */
  stored: boolean
}

export interface ZipLimits {
  maxEntries: number
  maxInflatedBytes: number
}

const DEFAULT_LIMITS: ZipLimits = { maxEntries: MAX_ZIP_ENTRIES, maxInflatedBytes: MAX_INFLATED_BYTES }

export interface ReadOptions {
  limits?: ZipLimits
  /** Entries to inflate; the others are listed with empty data. All of them by default. */
  select?: (name: string) => boolean
}

/** The package's entries in their original order. Throws FormatError for anything that is not a readable zip. */
export function readZip(bytes: Uint8Array, { limits = DEFAULT_LIMITS, select = () => true }: ReadOptions = {}): ZipEntry[] {
  const order: { name: string; stored: boolean }[] = []
  let inflated = 0
  let files: Record<string, Uint8Array>
  try {
    files = unzipSync(bytes, {
      filter(file) {
        // The declared sizes are checked before anything is inflated; fflate inflates into a buffer of the
        // declared size, so a lying header cannot make an entry grow past it.
        const selected = select(file.name)
        // Deflate never grows data by more than a few bytes per 16 KiB block: compressed data larger than that
        // against its declared size means the header lies (a bomb that would inflate far past the size it declares).
        if (file.compression !== 0 && file.size > file.originalSize + file.originalSize / 1000 + 64) {
          throw new FormatError(`the package entry ${file.name} declares ${file.originalSize} bytes but holds more`)
        }
        if (selected) inflated += file.originalSize
        if (order.length >= limits.maxEntries) throw new FormatError(`the package has more than ${limits.maxEntries} entries`)
        if (inflated > limits.maxInflatedBytes) throw new FormatError(`the package inflates to more than ${limits.maxInflatedBytes} bytes`)
        order.push({ name: file.name, stored: file.compression === 0 })
        return selected
      },
    })
  } catch (error) {
    if (error instanceof FormatError) throw error
    throw new FormatError(`not a readable zip package (${error instanceof Error ? error.message : String(error)})`)
  }
  return order.map(({ name, stored }) => ({ name, stored, data: files[name] ?? new Uint8Array() }))
}

/** Writes entries in the given order; the fixed timestamp keeps the output reproducible. */
export function writeZip(entries: readonly ZipEntry[]): Uint8Array {
  const zippable: Zippable = {}
  const mtime = new Date(1980, 0, 1)
  for (const entry of entries) zippable[entry.name] = [entry.data, { level: entry.stored ? 0 : 6, mtime }]
  return zipSync(zippable)
}

const LOCAL_FILE_HEADER = [0x50, 0x4b, 0x03, 0x04]

export function hasZipSignature(bytes: Uint8Array): boolean {
  return LOCAL_FILE_HEADER.every((byte, i) => bytes[i] === byte)
}

/** Office writes UTF-8 (sometimes with a byte order mark, kept); UTF-16 is legal XML and read too. */
export function decodePart(entry: ZipEntry): { text: string; encode(xml: string): Uint8Array } {
  const { data } = entry
  try {
    if (data[0] === 0xff && data[1] === 0xfe) {
      return { text: new TextDecoder('utf-16le', { fatal: true, ignoreBOM: true }).decode(data), encode: (xml) => new Uint8Array(Buffer.from(xml, 'utf16le')) }
    }
    if (data[0] === 0xfe && data[1] === 0xff) throw new FormatError(`${entry.name} is UTF-16 big-endian, which is not supported`)
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(data), encode: (xml) => new TextEncoder().encode(xml) }
  } catch (error) {
    if (error instanceof FormatError) throw error
    throw new FormatError(`${entry.name} is not valid text in its encoding`)
  }
}

/** A package part parsed: its text, its root element and how to encode a rewritten text. Broken XML is a FormatError. */
export function readXmlPart(entry: ZipEntry): { xml: string; root: XmlElement; encode(xml: string): Uint8Array } {
  const { text: xml, encode } = decodePart(entry)
  try {
    return { xml, root: parseXml(xml), encode }
  } catch (error) {
    if (error instanceof XmlSyntaxError) throw new FormatError(`${entry.name} is not well-formed XML: ${error.message}`)
    throw error
  }
}

/** The text of one entry of a zip package (for detection: only that entry is inflated); undefined when there is none. */
export function packageEntryText(bytes: Uint8Array, name: string): string | undefined {
  if (!hasZipSignature(bytes)) return undefined
  try {
    const entry = readZip(bytes, { select: (each) => each === name }).find((each) => each.name === name)
    return entry && new TextDecoder().decode(entry.data)
  } catch {
    return undefined
  }
}

/** The package with the named parts' bytes replaced, every other entry (order and compression) as it was. */
export function writeChangedParts(entries: readonly ZipEntry[], changed: ReadonlyMap<string, Uint8Array>): Uint8Array {
  return writeZip(entries.map((entry) => (changed.has(entry.name) ? { ...entry, data: changed.get(entry.name)! } : entry)))
}
