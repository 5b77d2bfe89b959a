import fs from 'node:fs'
import path from 'node:path'
import { unzipSync } from 'fflate'
import { deflateRawSync } from 'node:zlib'

/**
 * Issue 50, point 13: hostile files for every format, made from real samples (../shared/samples) or from nothing: cut
 * off, zip bombs, huge lines, huge attributes, deep nesting. Each names what Tulks must answer: refused at upload, a
 * broken file (ErrorConvertingFile) or ready (bounded), or for a memory or glossary import the error its report names.
 */
const SAMPLES = path.resolve(import.meta.dirname, '../../../shared/samples')
const sample = (file: string) => new Uint8Array(fs.readFileSync(path.join(SAMPLES, file)))

export type Outcome =
  | { converts: 'failed'; code: string }
  /** Converted: segments to translate (every one bounded), or nothing to translate. */
  | { converts: 'ready' | 'empty' }
  | { refused: string }
  /** A memory's or glossary's import: its report's error code, or none. */
  | { reads: string | undefined }

export interface HostileFile {
  name: string
  bytes: Uint8Array
  expected: Outcome
  /** A TMX into a memory, a TBX into a glossary; otherwise a file to translate. */
  kind: 'file' | 'tmx' | 'tbx'
}

/** Megabytes of a huge line or attribute: past every markup and segment bound, under the upload limit. */
const HUGE = 18 * 1024 * 1024

const PO_HEADER = 'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'

const nested = (open: string, close: string, depth = 100_000) => open.repeat(depth) + close.repeat(depth)
const cut = (bytes: Uint8Array) => bytes.slice(0, Math.floor(bytes.length / 2))
const text = (value: string) => new TextEncoder().encode(value)

/** A zip package with `part` replaced (or added) by `content`, deflated here with Node's zlib. */
function withPart(packageBytes: Uint8Array, part: string, content: Uint8Array | Deflated): Uint8Array {
  const entries: ZipInput[] = Object.entries(unzipSync(packageBytes))
    .filter(([name]) => name !== part)
    .map(([name, data]) => ({ name, data }))
  entries.push('compressed' in content ? { name: part, ...content } : { name: part, data: content })
  return zip(entries)
}

interface Deflated {
  compressed: Uint8Array
  size: number
  crc: number
}
type ZipInput = { name: string; data: Uint8Array } | ({ name: string } & Deflated)

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(data: Uint8Array): number {
  let crc = 0xffffffff
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

/** A plain zip (deflate; the ODF mimetype first and stored, as ODF wants it). */
function zip(inputs: ZipInput[]): Uint8Array {
  const ordered = [...inputs.filter((input) => input.name === 'mimetype'), ...inputs.filter((input) => input.name !== 'mimetype')]
  const locals: Uint8Array[] = []
  const centrals: Uint8Array[] = []
  let offset = 0
  for (const input of ordered) {
    const stored = input.name === 'mimetype'
    const entry =
      'compressed' in input
        ? input
        : { compressed: stored ? input.data : new Uint8Array(deflateRawSync(input.data)), size: input.data.length, crc: crc32(input.data) }
    const name = Buffer.from(input.name, 'utf8')
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(stored ? 0 : 8, 8)
    local.writeUInt32LE(entry.crc, 14)
    local.writeUInt32LE(entry.compressed.length, 18)
    local.writeUInt32LE(entry.size, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(stored ? 0 : 8, 10)
    central.writeUInt32LE(entry.crc, 16)
    central.writeUInt32LE(entry.compressed.length, 20)
    central.writeUInt32LE(entry.size, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, entry.compressed)
    centrals.push(central, name)
    offset += local.length + name.length + entry.compressed.length
  }
  const central = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(ordered.length, 8)
  end.writeUInt16LE(ordered.length, 10)
  end.writeUInt32LE(central.length, 12)
  end.writeUInt32LE(offset, 16)
  return new Uint8Array(Buffer.concat([...locals, central, end]))
}

/**
 * 250 MB of spaces deflated once (a quarter of a megabyte), its size declared honestly; the reader refuses it from the
 * declared size, before inflating anything (its CRC is not computed: nothing reads that far).
 */
let bomb: Deflated | undefined
const bombPart = (): Deflated => {
  const size = 250 * 1024 * 1024
  bomb ??= { compressed: new Uint8Array(deflateRawSync(Buffer.alloc(size, 0x20))), size, crc: 0 }
  return bomb
}

function packageCases(extension: string, file: string, mainPart: (names: string[]) => string, root: string, hugeAttribute: Outcome = { converts: 'empty' }): HostileFile[] {
  const original = sample(file)
  const main = mainPart(Object.keys(unzipSync(original)))
  const failed = { converts: 'failed', code: 'ErrorConvertingFile' } as const
  return [
    { name: `truncated.${extension}`, bytes: cut(original), expected: failed, kind: 'file' },
    { name: `bomb.${extension}`, bytes: withPart(original, 'bomb.xml', bombPart()), expected: failed, kind: 'file' },
    { name: `deep.${extension}`, bytes: withPart(original, main, text(`<?xml version="1.0"?><${root}>${nested('<a>', '</a>')}</${root}>`)), expected: failed, kind: 'file' },
    {
      name: `huge-attribute.${extension}`,
      bytes: withPart(original, main, text(`<?xml version="1.0"?><${root} x="${'a'.repeat(HUGE)}"/>`)),
      // The part's text goes with it: empty, unless the package has text elsewhere (the other slides).
      expected: hugeAttribute,
      kind: 'file',
    },
  ]
}

export function hostileCorpus(): HostileFile[] {
  const failed = (code = 'ErrorConvertingFile') => ({ converts: 'failed', code }) as const
  const ready = { converts: 'ready' } as const
  const words = (count: number) => Array.from({ length: count }, (_, n) => `word${n % 100}`).join(' ')
  const hugeLine = words(HUGE / 7)
  const xliff = sample('xliff/v12/' + fs.readdirSync(path.join(SAMPLES, 'xliff/v12')).find((name) => name.endsWith('.xliff'))!)
  return [
    ...packageCases('xlsx', 'office/xlsx/okapi_Formattings.xlsx', () => 'xl/sharedStrings.xml', 'sst'),
    ...packageCases('pptx', 'office/pptx/okapi_tutorial_file1.pptx', () => 'ppt/slides/slide1.xml', 'p:sld', { converts: 'ready' }),
    // Issue 57: their page styles' headers and footers (styles.xml) are text elsewhere.
    ...packageCases('odt', 'office/odf/okapi_TestDocument01.odt', () => 'content.xml', 'office:document-content', { converts: 'ready' }),
    ...packageCases('ods', 'office/odf/okapi_TestSpreadsheet01.ods', () => 'content.xml', 'office:document-content', { converts: 'ready' }),
    ...packageCases('odp', 'office/odf/okapi_TestPresentation01.odp', () => 'content.xml', 'office:document-content'),
    ...packageCases('idml', 'formats/idml/okapi_helloworld-1.idml', (names) => names.find((name) => name.startsWith('Stories/'))!, 'idPkg:Story'),
    { name: 'truncated.xlf', bytes: cut(xliff), expected: failed(), kind: 'file' },
    { name: 'deep.xlf', bytes: text(`<?xml version="1.0"?><xliff version="1.2">${nested('<g>', '</g>')}</xliff>`), expected: { converts: 'empty' }, kind: 'file' },
    {
      name: 'huge-attribute.xlf',
      bytes: text(`<?xml version="1.0"?><xliff version="1.2" x="${'a'.repeat(HUGE)}"><file source-language="en" datatype="plaintext" original="x"><body/></file></xliff>`),
      expected: { refused: 'MimeTypeNotAllowed' },
      kind: 'file',
    },
    { name: 'huge-line.po', bytes: text(`${PO_HEADER}msgid "${hugeLine}"\nmsgstr ""\n`), expected: ready, kind: 'file' },
    { name: 'truncated.po', bytes: text(`${PO_HEADER}msgid "Open the file\nmsgstr "`), expected: { refused: 'MimeTypeNotAllowed' }, kind: 'file' },
    { name: 'deep.json', bytes: text(nested('[', ']')), expected: { converts: 'empty' }, kind: 'file' },
    { name: 'huge-line.json', bytes: text(JSON.stringify({ text: hugeLine })), expected: ready, kind: 'file' },
    { name: 'truncated.json', bytes: text('{"title": "Open the file", "body": "Close'), expected: { refused: 'MimeTypeNotAllowed' }, kind: 'file' },
    { name: 'huge-line.srt', bytes: text(`1\n00:00:01,000 --> 00:00:02,000\n${hugeLine}\n`), expected: ready, kind: 'file' },
    { name: 'truncated.srt', bytes: text('1\n00:00:01,000 --> 00:00'), expected: { converts: 'empty' }, kind: 'file' },
    { name: 'truncated.tmx', bytes: cut(sample('tmx/okapi_simple_1.4b.tmx')), expected: { reads: 'malformed-xml' }, kind: 'tmx' },
    { name: 'deep.tmx', bytes: text(`<?xml version="1.0"?><tmx version="1.4"><header srclang="en"/><body>${nested('<x>', '</x>')}</body></tmx>`), expected: { reads: undefined }, kind: 'tmx' },
    {
      name: 'huge-attribute.tmx',
      bytes: text(`<?xml version="1.0"?><tmx version="1.4"><header srclang="en" x="${'a'.repeat(HUGE)}"/><body/></tmx>`),
      expected: { reads: undefined },
      kind: 'tmx',
    },
    { name: 'truncated.tbx', bytes: text('<?xml version="1.0"?><martif type="TBX-Basic"><text><body><termEntry><langSet xml:lang="en"><tig><term>file'), expected: { reads: 'malformed-xml' }, kind: 'tbx' },
    { name: 'deep.tbx', bytes: text(`<?xml version="1.0"?><martif type="TBX-Basic"><text><body>${nested('<x>', '</x>')}</body></text></martif>`), expected: { reads: undefined }, kind: 'tbx' },
    {
      name: 'huge-attribute.tbx',
      bytes: text(`<?xml version="1.0"?><martif type="TBX-Basic" x="${'a'.repeat(HUGE)}"><text><body/></text></martif>`),
      expected: { reads: undefined },
      kind: 'tbx',
    },
  ]
}

