import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { unzipSync } from 'fflate'
import { Parser } from 'htmlparser2'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table'
import { gfmTable } from 'micromark-extension-gfm-table'
import { describe, expect, it } from 'vitest'
import type { TaggedText } from '../tags/types'
import { detectFormat, formats } from './registry.server'
import { completeness } from './completeness/check'
import { canonicalXml } from './docx/canonical-xml'
import { decodeText } from './txt/text-encoding'
import { FormatError, type FormatFilter, type Unit } from './types'
import { wellFormednessError } from './xml/xml-tree'

/**
 * DESIGN.md "Format filters": the laws every filter obeys, checked over every fixture of every registered
 * format — the real-world files of ../shared/samples/ and our own fixtures/.
 *   1. identity merge (each unit's current text as its translation) reproduces the file;
 *   2. a pseudo-translation merged and re-extracted comes back: same keys, same tags, same order;
 *   3. the merged file opens in the format's reference reader.
 * "Current text" is the unit's existing target when the file has one (XLIFF), else its source: merging what
 * the file already says must change nothing.
 *
 * A new format registers a case below under its filter id (the suite fails for a registered filter without
 * one), with its fixtures and, where bytes are the wrong comparison, its own `sameFile` and `reader`.
 */

interface RoundTripCase {
  fixtures: string[]
  /** Fixtures the filter must refuse with FormatError, and why they are broken. */
  broken?: Record<string, string>
  /** How an identity merge is compared with the original; bytes by default. */
  sameFile?: (merged: Uint8Array, original: Uint8Array) => boolean
  /** What the format's reference reader says about a merged file: undefined when it opens. */
  reader?: (merged: Uint8Array, original: Uint8Array) => string | undefined
  /** The reader's verdict on a file merged from translations that lost tags (markup must stay well-formed). */
  lossyReader?: (merged: Uint8Array) => string | undefined
}

const samples = path.resolve(import.meta.dirname, '../../../../shared/samples')
const ownFixtures = path.join(import.meta.dirname, 'fixtures')

function filesIn(dir: string, extensions: string[]): string[] {
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .filter((name) => extensions.some((extension) => name.toLowerCase().endsWith(`.${extension}`)))
    .sort()
    .map((name) => path.join(dir, name))
}

function xmlReader(merged: Uint8Array): string | undefined {
  return wellFormednessError(decodeText(merged).text)
}

/** HTML parsers accept anything; what must hold is that no element appeared or vanished (escaping works). */
function elementsOf(bytes: Uint8Array): string[] {
  const names: string[] = []
  const parser = new Parser({ onopentag: (name) => names.push(name) })
  parser.write(decodeText(bytes, 'windows-1252').text)
  parser.end()
  return names
}

function htmlReader(merged: Uint8Array, original: Uint8Array): string | undefined {
  const before = elementsOf(original).join(' ')
  const after = elementsOf(merged).join(' ')
  return before === after ? undefined : `elements changed:\n${before}\n${after}`
}

function txtReader(merged: Uint8Array, original: Uint8Array): string | undefined {
  const a = decodeText(original)
  const b = decodeText(merged)
  if (a.encoding.label !== b.encoding.label || a.encoding.bom !== b.encoding.bom) return 'encoding changed'
  const lines = (text: string) => text.split(/\r\n|\n|\r/).length
  return lines(a.text) === lines(b.text) ? undefined : 'line count changed'
}

const cases: Record<string, RoundTripCase> = {
  txt: {
    fixtures: filesIn(ownFixtures, ['txt']),
    reader: txtReader,
  },
  html: {
    fixtures: [...filesIn(path.join(samples, 'formats/html'), ['html']), ...filesIn(ownFixtures, ['html'])],
    reader: htmlReader,
  },
  xliff12: {
    fixtures: [
      ...filesIn(path.join(samples, 'xliff/v12'), ['xlf', 'xliff']),
      ...filesIn(path.join(samples, 'xliff/sdlxliff'), ['sdlxliff']),
      ...filesIn(path.join(samples, 'xliff/mqxliff'), ['mqxliff']),
      ...filesIn(ownFixtures, ['xlf']).filter((file) => !file.endsWith('-20.xlf')),
    ],
    broken: { 'okapi_TestDocument01.odt.xlf': 'declared UTF-8 but holds a raw 0xA9 byte (SOURCES.md)' },
    reader: xmlReader,
    lossyReader: xmlReader,
  },
  xliff20: {
    fixtures: [
      ...filesIn(path.join(samples, 'xliff/v20'), ['xlf', 'xliff']),
      ...filesIn(ownFixtures, ['xlf']).filter((file) => file.endsWith('-20.xlf')),
    ],
    reader: xmlReader,
    lossyReader: xmlReader,
  },
  po: {
    fixtures: filesIn(path.join(samples, 'formats/po'), ['po', 'pot']),
    reader: msgfmtReader,
  },
  android: {
    fixtures: filesIn(path.join(samples, 'formats/android'), ['xml']),
    broken: { 'okapi_AndroidTest1_layout.xml': 'a layout, not string resources (its android:text attributes are not read)' },
    reader: xmlReader,
    lossyReader: xmlReader,
  },
  properties: {
    fixtures: filesIn(path.join(samples, 'formats/other'), ['properties']),
    reader: (merged, original) => sameLineCountOrFewer(merged, original),
  },
  json: {
    fixtures: filesIn(path.join(samples, 'formats/json'), ['json']),
    reader: jsonReader,
    lossyReader: (merged) => jsonReader(merged, merged),
  },
  markdown: {
    fixtures: filesIn(path.join(samples, 'formats/markdown'), ['md']),
    reader: markdownReader,
    lossyReader: (merged) => markdownReader(merged, merged),
  },
  srt: {
    fixtures: filesIn(path.join(samples, 'formats/subtitles'), ['srt']),
    reader: timingsReader,
  },
  vtt: {
    fixtures: filesIn(path.join(samples, 'formats/subtitles'), ['vtt']),
    reader: timingsReader,
  },
  xlsx: {
    fixtures: filesIn(path.join(samples, 'office/xlsx'), ['xlsx']),
    sameFile: sameZipEntries,
    // LibreOffice opens every translated sample in xlsx/filter.server.test.ts; here it must read back as an XLSX.
    reader: (merged) => (detectFormat('x.xlsx', merged)?.id === 'xlsx' ? undefined : 'not an XLSX any more'),
    lossyReader: (merged) => (detectFormat('x.xlsx', merged)?.id === 'xlsx' ? undefined : 'not an XLSX any more'),
  },
  pptx: {
    fixtures: filesIn(path.join(samples, 'office/pptx'), ['pptx']),
    sameFile: sameZipEntries,
    // LibreOffice opens every translated sample in pptx/filter.server.test.ts; here it must read back as a PPTX.
    reader: (merged) => (detectFormat('x.pptx', merged)?.id === 'pptx' ? undefined : 'not a PPTX any more'),
    lossyReader: (merged) => (detectFormat('x.pptx', merged)?.id === 'pptx' ? undefined : 'not a PPTX any more'),
  },
  ...Object.fromEntries(
    (['odt', 'ods', 'odp'] as const).map((id) => {
      // LibreOffice opens every translated sample in odf/filter.server.test.ts; here each must read back as its format.
      const reader = (merged: Uint8Array) => (detectFormat(`x.${id}`, merged)?.id === id ? undefined : `not an ${id.toUpperCase()} any more`)
      return [id, { fixtures: filesIn(path.join(samples, 'office/odf'), [id]), sameFile: sameZipEntries, reader, lossyReader: reader }]
    }),
  ),
  idml: {
    fixtures: filesIn(path.join(samples, 'formats/idml'), ['idml']),
    sameFile: sameZipEntries,
    // No reference reader runs here (InDesign does not); every story must stay well-formed and read back as IDML.
    reader: idmlReader,
    lossyReader: idmlReader,
  },
  docx: {
    fixtures: filesIn(path.join(samples, 'office/docx'), ['docx']),
    sameFile: sameZipEntries,
    // LibreOffice opens every translated sample in docx/filter.server.test.ts (one batched soffice call);
    // here the merged package must at least read back as a DOCX.
    reader: (merged) => (detectFormat('x.docx', merged)?.id === 'docx' ? undefined : 'not a DOCX any more'),
    lossyReader: (merged) => (detectFormat('x.docx', merged)?.id === 'docx' ? undefined : 'not a DOCX any more'),
  },
}

/** gettext's own verdict (msgfmt -c: header, format strings, line breaks at both ends as in the msgid): undefined when it compiles. */
function msgfmt(bytes: Uint8Array): string | undefined {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tulks-po-')), 'file.po')
  fs.writeFileSync(file, bytes)
  try {
    execFileSync('msgfmt', ['-c', '-o', '/dev/null', file], { stdio: 'pipe' })
    return undefined
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error)
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true })
  }
}

/** A merged PO compiles whenever its original does (two samples are not valid PO to gettext: a BOM, a cut header). */
function msgfmtReader(merged: Uint8Array, original?: Uint8Array): string | undefined {
  return original && msgfmt(original) !== undefined ? undefined : msgfmt(merged)
}

/** The merged JSON parses, with the same keys everywhere (only string values changed). */
function jsonReader(merged: Uint8Array, original: Uint8Array): string | undefined {
  const shape = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(shape)
      : value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).map(([key, each]) => [key, shape(each)]))
      : typeof value
  try {
    // (One sample indents with no-break spaces, which the filter reads as spaces.)
    const read = (bytes: Uint8Array) => JSON.stringify(shape(JSON.parse(decodeText(bytes).text.replace(/\u00a0/g, ' '))))
    const before = read(original)
    const after = read(merged)
    return before === after ? undefined : 'keys or value types changed'
  } catch (error) {
    return String(error)
  }
}

/** The merged Markdown has the same blocks (headings, lists, tables, code) as the original: nothing became markup. */
function markdownReader(merged: Uint8Array, original: Uint8Array): string | undefined {
  const shape = (bytes: Uint8Array) => {
    const tree = fromMarkdown(decodeText(bytes).text, { extensions: [gfmTable()], mdastExtensions: [gfmTableFromMarkdown()] })
    const types: string[] = []
    const visit = (node: { type: string; children?: unknown[] }) => {
      if (['paragraph', 'heading', 'tableCell'].includes(node.type)) return void types.push(node.type)
      types.push(node.type)
      for (const child of (node.children ?? []) as { type: string }[]) visit(child)
    }
    visit(tree)
    return types.join(' ')
  }
  const before = shape(original)
  const after = shape(merged)
  return before === after ? undefined : `blocks changed:\n${before}\n${after}`
}

/** Every timing line (and cue setting on it) is where and as it was. */
function timingsReader(merged: Uint8Array, original: Uint8Array): string | undefined {
  const timings = (bytes: Uint8Array) =>
    decodeText(bytes)
      .text.split(/\r\n|\n|\r/)
      .filter((line) => line.includes('-->'))
  const before = timings(original)
  return before.length > 0 && before.join('\n') === timings(merged).join('\n') ? undefined : 'timings changed'
}

/** A .properties file only loses the continuation lines its multi-line values had (they are written on one). */
function sameLineCountOrFewer(merged: Uint8Array, original: Uint8Array): string | undefined {
  const lines = (bytes: Uint8Array) => decodeText(bytes, 'iso-8859-1').text.split(/\r\n|\n|\r/).length
  return lines(merged) <= lines(original) ? undefined : 'lines were added'
}

function idmlReader(merged: Uint8Array): string | undefined {
  if (detectFormat('x.idml', merged)?.id !== 'idml') return 'not an IDML package any more'
  const stories = Object.entries(unzipSync(merged)).filter(([name]) => name.startsWith('Stories/'))
  return stories.map(([name, data]) => wellFormednessError(new TextDecoder().decode(data)) && `${name}: not well-formed`).find(Boolean) || undefined
}

/** DOCX identity: every zip entry equal, XML parts after canonicalisation (attribute order, namespaces). */
function sameZipEntries(merged: Uint8Array, original: Uint8Array): boolean {
  const a = unzipSync(original)
  const b = unzipSync(merged)
  const names = Object.keys(a)
  if (names.join('\n') !== Object.keys(b).join('\n')) return false
  const text = new TextDecoder()
  return names.every((name) => {
    if (sameBytes(a[name]!, b[name]!)) return true
    return /\.(xml|rels)$/i.test(name) && canonicalXml(text.decode(a[name])) === canonicalXml(text.decode(b[name]))
  })
}

function current(unit: Unit): TaggedText {
  return unit.target ?? unit.source
}

/** Tokens without refs: refs are the filter's business, not part of what the translator sees. */
function canonical(tokens: TaggedText) {
  return tokens.map((token) => (token.kind === 'text' ? token : { kind: token.kind, name: token.name, id: token.id }))
}

/** Every text piece wrapped and salted with characters that need escaping; every tag stays where it was. */
function pseudoTranslate(tokens: TaggedText): TaggedText {
  return tokens.map((token) => (token.kind === 'text' ? { kind: 'text', text: `[ĀČĒ<&"'>${token.text}]` } : token))
}

function identityOf(units: Unit[]): Map<string, TaggedText> {
  return new Map(units.map((unit) => [unit.key, current(unit)]))
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0

describe.each(formats.map((filter) => [filter.id, filter] as const))('%s filter', (id, filter: FormatFilter) => {
  const testCase = cases[id]

  it('has a round-trip case with fixtures', () => {
    expect(testCase, `register a round-trip case for '${id}' in roundtrip.test.ts`).toBeDefined()
    expect(testCase!.fixtures.length).toBeGreaterThan(0)
  })
  if (!testCase) return
  const { broken = {}, sameFile = sameBytes, reader, lossyReader } = testCase

  describe.each(
    testCase.fixtures.map((file) => [path.relative(samples, file).startsWith('..') ? path.basename(file) : path.relative(samples, file), file]),
  )('%s', (_label, file) => {
    const name = path.basename(file)
    const bytes = new Uint8Array(fs.readFileSync(file))

    if (broken[name]) {
      it(`is refused: ${broken[name]}`, () => {
        expect(() => filter.extract(bytes)).toThrow(FormatError)
      })
      return
    }

    it('is detected as its format', () => {
      expect(detectFormat(name, bytes)?.id).toBe(id)
    })

    it('identity merge reproduces the file', () => {
      const units = filter.extract(bytes)
      expect(sameFile(filter.merge(bytes, identityOf(units)), bytes)).toBe(true)
      expect(sameFile(filter.merge(bytes, new Map()), bytes)).toBe(true)
    })

    it('a pseudo-translation survives re-extraction', () => {
      const units = filter.extract(bytes)
      const pseudo = new Map(units.map((unit) => [unit.key, pseudoTranslate(current(unit))]))
      const merged = filter.merge(bytes, pseudo)
      const again = filter.extract(merged)
      expect(again.map((unit) => unit.key)).toEqual(units.map((unit) => unit.key))
      for (const unit of again) expect(canonical(current(unit)), unit.key).toEqual(canonical(pseudo.get(unit.key)!))
      if (units.length > 0) expect(sameBytes(merged, bytes)).toBe(false)
    })

    // Issue 57: a text that never becomes a segment is lost without a word.
    it('every text of the file is in a unit, or kept as docs/formats.md says — and the file says what it keeps', () => {
      const { missing, kept } = completeness(filter, bytes)
      expect(missing).toEqual([])
      const reported = (filter.kept?.(bytes) ?? []).map((each) => (each.name === undefined ? each.kind : `${each.kind} ${each.name}`))
      expect(reported.sort()).toEqual([...kept.keys()].sort())
    })

    if (reader) {
      it('the merged file opens in the reference reader', () => {
        const units = filter.extract(bytes)
        const merged = filter.merge(bytes, new Map(units.map((unit) => [unit.key, pseudoTranslate(current(unit))])))
        expect(reader(merged, bytes)).toBeUndefined()
      })
    }

    if (lossyReader) {
      it('a translation that lost its closing tags still gives a readable file', () => {
        const units = filter.extract(bytes)
        const lossy = new Map(units.map((unit) => [unit.key, pseudoTranslate(current(unit)).filter((token) => token.kind !== 'close')]))
        expect(lossyReader(filter.merge(bytes, lossy))).toBeUndefined()
      })
    }
  })
})
