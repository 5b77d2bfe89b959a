import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { strToU8, unzipSync, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { serialize } from '../../tags/canonical'
import type { TaggedText } from '../../tags/types'
import { detectFormat } from '../registry.server'
import { odsFilter, odtFilter } from './filter.server'

/** Issue 18: OpenDocument — paragraphs, spans and notes as units and tags, and LibreOffice reading every translated sample. */
const SAMPLES = path.resolve(import.meta.dirname, '../../../../../shared/samples/office/odf')
const samples = fs.readdirSync(SAMPLES).filter((name) => /\.od[tsp]$/.test(name))

const TEXT = 'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"'
const OFFICE = 'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"'
const TABLE = 'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"'

function odf(mimetype: string, body: string): Uint8Array {
  return zipSync({
    mimetype: [strToU8(mimetype), { level: 0 }],
    'content.xml': strToU8(`<office:document-content ${OFFICE} ${TEXT} ${TABLE}><office:body>${body}</office:body></office:document-content>`),
  })
}

describe('OpenDocument', () => {
  const odt = odf(
    'application/vnd.oasis.opendocument.text',
    '<office:text><text:h text:outline-level="1">Title</text:h>' +
      '<text:p>A <text:span text:style-name="T1">bold</text:span> word,  two<text:s text:c="2"/>spaces<text:line-break/>and a note<text:note><text:note-body><text:p>The note.</text:p></text:note-body></text:note>.</text:p>' +
      '<text:tracked-changes><text:changed-region><text:deletion><text:p>Deleted</text:p></text:deletion></text:changed-region></text:tracked-changes>' +
      '<text:p><office:annotation><text:p>A comment</text:p></office:annotation>Commented</text:p></office:text>',
  )

  it('reads headings and paragraphs, spans as pairs, spaces and breaks, a note as a code with its own unit; comments and deletions left out', () => {
    expect(odtFilter.extract(odt).map((unit) => serialize(unit.source))).toEqual([
      'Title',
      'A <g1>bold</g1> word, two  spaces<br2/>and a note<x3/>.',
      'The note.',
      '<x1/>Commented',
    ])
  })

  it('writes a paragraph and the note inside it, spaces as text:s', () => {
    const units = odtFilter.extract(odt)
    const tags = units[1]!.source.filter((token) => token.kind !== 'text')
    const translation: TaggedText = [
      { kind: 'text', text: 'Viens ' },
      tags[0]!,
      { kind: 'text', text: 'treknrakstā' },
      tags[1]!,
      { kind: 'text', text: ' vārds  & <zīmes>' },
      tags[2]!,
      { kind: 'text', text: 'ar piezīmi' },
      tags[3]!,
    ]
    const merged = odtFilter.merge(
      odt,
      new Map([
        [units[1]!.key, translation],
        [units[2]!.key, [{ kind: 'text', text: 'Piezīme.' }]],
      ]),
    )
    const content = new TextDecoder().decode(unzipSync(merged)['content.xml'])
    expect(content).toContain(
      '<text:p>Viens <text:span text:style-name="T1">treknrakstā</text:span> vārds <text:s/>&amp; &lt;zīmes&gt;<text:line-break/>ar piezīmi<text:note><text:note-body><text:p>Piezīme.</text:p></text:note-body></text:note></text:p>',
    )
    expect(odtFilter.extract(merged).map((unit) => serialize(unit.source))[2]).toBe('Piezīme.')
  })

  it('takes only text cells of a spreadsheet', () => {
    const ods = odf(
      'application/vnd.oasis.opendocument.spreadsheet',
      '<office:spreadsheet><table:table table:name="Lapa"><table:table-row><table:table-cell office:value-type="string"><text:p>Name</text:p></table:table-cell><table:table-cell office:value-type="float" office:value="12"><text:p>12</text:p></table:table-cell></table:table-row></table:table></office:spreadsheet>',
    )
    expect(odsFilter.extract(ods).map((unit) => serialize(unit.source))).toEqual(['Name'])
    expect(detectFormat('x.ods', ods)?.id).toBe('ods')
    expect(detectFormat('x.odt', ods)).toBeUndefined()
  })

  it('refuses broken content', () => {
    const broken = unzipSync(odt)
    broken['content.xml'] = strToU8('<office:document-content><text:p>')
    expect(() => odtFilter.extract(zipSync(broken))).toThrow(/not well-formed/)
  })
})

const converter = ['libreoffice', 'soffice'].find((command) => {
  try {
    execFileSync('which', [command], { stdio: 'ignore' })
    const program = fs.readdirSync('/usr/lib/libreoffice/program')
    return ['libswlo', 'libsclo', 'libsdlo'].every((library) => program.some((name) => name.startsWith(library)))
  } catch {
    return false
  }
})

const OOXML: Record<string, string> = { odt: 'docx', ods: 'xlsx', odp: 'pptx' }

describe.skipIf(!converter)('translated OpenDocument files open in LibreOffice', () => {
  it('converts every translated sample to OOXML with every translated text in it', () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tulks-odf-'))
    try {
      const expected = samples.map((name) => {
        const bytes = new Uint8Array(fs.readFileSync(path.join(SAMPLES, name)))
        const filter = detectFormat(name, bytes)!
        const markers: string[] = []
        const unchecked: string[] = []
        const translations = new Map(
          filter.extract(bytes).map((unit) => [
            unit.key,
            unit.source.map((token) => {
              if (token.kind !== 'text' || token.text.trim() === '') return token
              const marker = `ZQX${markers.length + unchecked.length}QZ`
              // LibreOffice writes only the page styles a sheet uses into an XLSX, and the sample has one no sheet uses:
              // page styles' headers and footers are checked in the text documents' conversion.
              if (name.endsWith('.ods') && unit.key.startsWith('styles.xml:')) unchecked.push(marker)
              else markers.push(marker)
              return { kind: 'text' as const, text: marker }
            }),
          ]),
        )
        fs.writeFileSync(path.join(directory, name), filter.merge(bytes, translations))
        return { name, markers }
      })
      const out = path.join(directory, 'out')
      for (const [extension, target] of Object.entries(OOXML)) {
        const files = samples.filter((name) => name.endsWith(`.${extension}`)).map((name) => path.join(directory, name))
        execFileSync(converter!, [`-env:UserInstallation=file://${directory}/profile`, '--headless', '--convert-to', target, '--outdir', out, ...files], { stdio: 'ignore', timeout: 300_000 })
      }
      const failures = expected.flatMap(({ name, markers }) => {
        const file = path.join(out, name.replace(/\.(od[tsp])$/, (_, extension: string) => `.${OOXML[extension]}`))
        if (!fs.existsSync(file)) return [`${name}: not converted`]
        // Every XML part's text, tags removed (a marker may be split into runs).
        const text = Object.entries(unzipSync(new Uint8Array(fs.readFileSync(file))))
          .filter(([part]) => part.endsWith('.xml'))
          .map(([, data]) => new TextDecoder().decode(data).replace(/<[^>]+>/g, ''))
          .join('\n')
        return markers.filter((marker) => !text.includes(marker)).map((marker) => `${name}: ${marker} missing`)
      })
      expect(failures).toEqual([])
      expect(expected.reduce((sum, { markers }) => sum + markers.length, 0)).toBeGreaterThan(100)
    } finally {
      fs.rmSync(directory, { recursive: true, force: true })
    }
  }, 300_000)
})
