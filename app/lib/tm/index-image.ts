/**
 * A memory index's image (decision 0030): its typed arrays (MemoryIndex.image) laid end to end in byte arrays, so
 * that an instance starting reads a memory's index in a few large reads instead of rebuilding it from every unit:
 * one of the keys (what a lookup needs) and one of the concordance words (read for the first concordance search).
 * Layout of each: a header of 32-bit integers (magic, format, the sections' lengths), then each section's bytes,
 * every one starting at a multiple of 8 so that it is read back as a view, not a copy. Integers are in this machine's byte
 * order; an image from a machine of the other order fails the magic and is not used.
 */

/**
 * A built index as typed arrays (MemoryIndex.image; decision 0030): per slot its id, token count, where its
 * keys and words start, whether its keys are in token order and its signature; the pools; per key its block.
 */
export interface IndexImage {
  ids: Float64Array
  tokenCounts: Int32Array
  keyStarts: Int32Array
  keyPool: Int32Array
  ordered: Uint8Array
  wordStarts: Int32Array
  wordPool: Int32Array
  signatures: Int32Array
  withoutTokenSlots: Int32Array
  blockKeys: Int32Array
  blockStart: Int32Array
  blockSize: Int32Array
  blocks: Uint32Array
  /** The slots in the order of their units' ids. */
  slotsById: Int32Array
}

/** The concordance part of an image, which an instance reads only for its first concordance search (decision 0030). */
export type IndexWords = Pick<IndexImage, 'wordStarts' | 'wordPool' | 'signatures'>
export type IndexKeys = Omit<IndexImage, keyof IndexWords>

const MAGIC = 0x544d4931 // "TMI1"
const FORMAT = 1

type Section = keyof IndexImage

type ArrayType = Float64ArrayConstructor | Int32ArrayConstructor | Uint32ArrayConstructor | Uint8ArrayConstructor

/** Each image's sections in their order, each with its element type. */
const SECTIONS = {
  keys: [
    ['ids', Float64Array],
    ['tokenCounts', Int32Array],
    ['keyStarts', Int32Array],
    ['keyPool', Int32Array],
    ['ordered', Uint8Array],
    ['withoutTokenSlots', Int32Array],
    ['blockKeys', Int32Array],
    ['blockStart', Int32Array],
    ['blockSize', Int32Array],
    ['blocks', Uint32Array],
    ['slotsById', Int32Array],
  ],
  words: [
    ['wordStarts', Int32Array],
    ['wordPool', Int32Array],
    ['signatures', Int32Array],
  ],
} as const satisfies Record<string, readonly (readonly [Section, ArrayType])[]>

type Part = keyof typeof SECTIONS

const headerBytes = (part: Part) => aligned(4 * (2 + SECTIONS[part].length))

function aligned(bytes: number): number {
  return Math.ceil(bytes / 8) * 8
}

/** The bytes of the image's keys or words. */
export function encodeImage(image: IndexImage, part: Part): Uint8Array {
  const sections = SECTIONS[part]
  let total = headerBytes(part)
  for (const [name] of sections) total += aligned(image[name].byteLength)
  const bytes = new Uint8Array(total)
  const header = new Int32Array(bytes.buffer, 0, 2 + sections.length)
  header[0] = MAGIC
  header[1] = FORMAT
  let at = headerBytes(part)
  sections.forEach(([name], position) => {
    const section = image[name]
    header[2 + position] = section.length
    bytes.set(new Uint8Array(section.buffer, section.byteOffset, section.byteLength), at)
    at += aligned(section.byteLength)
  })
  return bytes
}

/**
 * The image's keys or words in `bytes` (starting at a multiple of 8 in their buffer), the arrays views of them;
 * undefined when they are not such a part of this format and byte order, or not whole.
 */
export function decodeImage(bytes: Uint8Array, part: 'keys'): IndexKeys | undefined
export function decodeImage(bytes: Uint8Array, part: 'words'): IndexWords | undefined
export function decodeImage(bytes: Uint8Array, part: Part): IndexKeys | IndexWords | undefined {
  const sections: readonly (readonly [Section, ArrayType])[] = SECTIONS[part]
  if (bytes.byteOffset % 8 !== 0 || bytes.byteLength < headerBytes(part)) return undefined
  const header = new Int32Array(bytes.buffer, bytes.byteOffset, 2 + sections.length)
  if (header[0] !== MAGIC || header[1] !== FORMAT) return undefined
  let at = headerBytes(part)
  const image: Partial<Record<Section, IndexImage[Section]>> = {}
  for (const [position, [name, Type]] of sections.entries()) {
    const length = header[2 + position] as number
    const byteLength = length * Type.BYTES_PER_ELEMENT
    if (length < 0 || at + byteLength > bytes.byteLength) return undefined
    image[name] = new Type(bytes.buffer as ArrayBuffer, bytes.byteOffset + at, length) as never
    at += aligned(byteLength)
  }
  return at === bytes.byteLength ? (image as IndexKeys | IndexWords) : undefined
}
