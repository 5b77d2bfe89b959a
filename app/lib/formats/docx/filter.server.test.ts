import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { unzipSync, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { serialize } from '../../tags'
import type { TaggedText } from '../../tags/types'
import { FormatError, type Unit } from '../types'
import { canonicalXml } from './canonical-xml'
import { buildDocx } from './docx-fixtures'
import { docxFilter } from './filter.server'

const SAMPLES = path.resolve(import.meta.dirname, '../../../../../shared/samples/office/docx')
const samples = fs.existsSync(SAMPLES) ? fs.readdirSync(SAMPLES).filter((name) => name.endsWith('.docx')).sort() : []

const p = (runs: string, properties = '') => `<w:p>${properties}${runs}</w:p>`
const r = (text: string, properties = '') => `<w:r>${properties ? `<w:rPr>${properties}</w:rPr>` : ''}<w:t xml:space="preserve">${text}</w:t></w:r>`
/** A text box as Word 2010+ writes it: a DrawingML shape with a VML copy for older readers. */
const shapeWithFallback = (paragraphs: string) =>
  '<w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="2000000" cy="500000"/><wp:docPr id="1" name="Text Box 1"/>' +
  '<a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:cNvSpPr txBox="1"/><wps:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="2000000" cy="500000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></wps:spPr>' +
  `<wps:txbx><w:txbxContent>${paragraphs}</w:txbxContent></wps:txbx><wps:bodyPr/></wps:wsp></a:graphicData></a:graphic></wp:inline></w:drawing></mc:Choice>` +
  `<mc:Fallback><w:pict><v:shape id="box2" style="width:157pt;height:39pt" type="#_x0000_t202"><v:textbox><w:txbxContent>${paragraphs}</w:txbxContent></v:textbox></v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:r>`
const HYPERLINK = '<Relationship Id="rIdLink" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://example.com/" TargetMode="External"/>'

interface Fixture {
  name: string
  docx: Uint8Array
  /** Each unit as canonical tagged text, with its context after " | " when it has one. */
  units: string[]
}

const fixtures: Fixture[] = [
  {
    name: 'a word split by proofing and revision noise is one text',
    docx: buildDocx({
      body: p(
        '<w:r w:rsidR="00A1"><w:rPr><w:lang w:val="en-US"/></w:rPr><w:t>Hel</w:t></w:r><w:proofErr w:type="spellStart"/>' +
          '<w:r w:rsidR="00B2" w:rsidRPr="00C3"><w:t>lo</w:t></w:r><w:proofErr w:type="spellEnd"/>' +
          '<w:r><w:rPr><w:noProof/><w:lang w:val="lv-LV" w:eastAsia="en-US"/></w:rPr><w:t xml:space="preserve"> wor</w:t></w:r>' +
          '<w:bookmarkStart w:id="0" w:name="_GoBack"/><w:bookmarkEnd w:id="0"/><w:r><w:lastRenderedPageBreak/><w:t>ld</w:t></w:r>',
      ),
    }),
    units: ['Hello world'],
  },
  {
    name: 'bold inside a sentence is one tag pair',
    docx: buildDocx({ body: p(r('Click ') + r('Save', '<w:b/>') + r(' to ', '<w:lang w:val="en-GB"/>') + r('continue.')) }),
    units: ['Click <g1>Save</g1> to continue.'],
  },
  {
    name: 'a paragraph formatted throughout has no tags',
    docx: buildDocx({ body: p(r('All ', '<w:b/>') + r('bold', '<w:b/><w:noProof/>')) }),
    units: ['All bold'],
  },
  {
    name: 'a hyperlink is a pair around its text',
    docx: buildDocx({
      body: p(r('See ') + `<w:hyperlink r:id="rIdLink" w:history="1">${r('our site', '<w:rStyle w:val="Hyperlink"/>')}</w:hyperlink>` + r('.')),
      relationships: HYPERLINK,
    }),
    units: ['See <g1>our site</g1>.'],
  },
  {
    name: 'a footnote reference is a code, the footnote a unit of its own',
    docx: buildDocx({
      body: p(r('Text') + '<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteReference w:id="1"/></w:r>' + r(' here.')),
      footnotes: `<w:footnote w:id="1">${p('<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteRef/></w:r>' + r(' A note.'))}</w:footnote>`,
    }),
    units: ['Text<x1/> here.', ' A note. | footnote'],
  },
  {
    name: 'table cells are units',
    docx: buildDocx({
      body: `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr><w:tblGrid><w:gridCol w:w="2000"/><w:gridCol w:w="2000"/></w:tblGrid><w:tr><w:tc>${p(r('Left cell'))}</w:tc><w:tc>${p(r('Right cell'))}</w:tc></w:tr></w:tbl>${p('')}`,
    }),
    units: ['Left cell | table', 'Right cell | table'],
  },
  {
    name: 'a header with a page field',
    docx: buildDocx({ body: p(r('Body text')), header: p(r('Page ') + `<w:fldSimple w:instr=" PAGE ">${r('1')}</w:fldSimple>`) }),
    units: ['Body text', 'Page <g1>1</g1> | header'],
  },
  {
    name: 'a text box is a code in its paragraph and a unit of its own',
    docx: buildDocx({
      body: p(
        r('Before ') +
          `<w:r><w:pict><v:shape id="box1" style="width:200pt;height:50pt" type="#_x0000_t202"><v:textbox><w:txbxContent>${p(r('Inside the box'))}</w:txbxContent></v:textbox></v:shape></w:pict></w:r>` +
          r(' after'),
      ),
    }),
    units: ['Before <x1/> after', 'Inside the box | text box'],
  },
  {
    name: 'a text box with a fallback copy is one unit',
    docx: buildDocx({ body: p(shapeWithFallback(p(r('Boxed ') + r('text', '<w:i/>')))) }),
    units: ['Boxed <g1>text</g1> | text box'],
  },
  {
    name: 'smart tags are noise',
    docx: buildDocx({
      body: p(r('Offices in ') + `<w:smartTag w:uri="urn:schemas-microsoft-com:office:smarttags" w:element="place"><w:smartTagPr><w:attr w:name="x" w:val="y"/></w:smartTagPr>${r('Riga')}</w:smartTag>` + r(' and Oslo.')),
    }),
    units: ['Offices in Riga and Oslo.'],
  },
  {
    name: 'a line break is a placeholder, a leading tab stays outside the unit',
    docx: buildDocx({ body: p('<w:r><w:tab/></w:r>' + r('One') + '<w:r><w:br/></w:r>' + r('two')) }),
    units: ['One<ph1/>two'],
  },
  {
    name: 'tracked changes: inserted text is read, deleted text is not',
    docx: buildDocx({
      body: p(
        r('Keep ') +
          `<w:ins w:id="1" w:author="A" w:date="2024-01-01T00:00:00Z">${r('new ')}</w:ins>` +
          '<w:del w:id="2" w:author="A" w:date="2024-01-01T00:00:00Z"><w:r><w:delText xml:space="preserve">old </w:delText></w:r></w:del>' +
          r('text'),
      ),
    }),
    units: ['Keep new text'],
  },
  {
    name: 'a complex field with a result is a pair around the result',
    docx: buildDocx({
      body: p(
        r('See ') +
          '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> QUOTE "x" </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>' +
          r('Figure one') +
          '<w:r><w:fldChar w:fldCharType="end"/></w:r>' +
          r('.'),
      ),
    }),
    units: ['See <g1>Figure one</g1>.'],
  },
  {
    name: 'an inline content control is a pair around its content',
    docx: buildDocx({
      body: p(r('Dear ') + `<w:sdt><w:sdtPr><w:alias w:val="Name"/><w:id w:val="7"/></w:sdtPr><w:sdtContent>${r('Customer')}</w:sdtContent></w:sdt>` + r(',')),
    }),
    units: ['Dear <g1>Customer</g1>,'],
  },
  {
    name: 'a part written in UTF-16 is read and written in UTF-16',
    docx: utf16Document(p(r('Sixteen bits'))),
    units: ['Sixteen bits'],
  },
  {
    name: 'empty and space-only paragraphs are no units; entities are text',
    docx: buildDocx({ body: p('') + p(r('  ')) + p(r('a &amp; b &lt;c&gt; ')) }),
    units: ['a & b <c> '],
  },
]

describe('docx extraction of built fixtures', () => {
  it.each(fixtures)('$name', ({ docx, units }) => {
    expect(docxFilter.extract(docx).map(show)).toEqual(units)
  })

  it.each(fixtures)('identity and pseudo-translation laws: $name', ({ docx }) => {
    checkLaws(docx)
  })
})

describe.each(samples)('sample %s', (name) => {
  const bytes = () => new Uint8Array(fs.readFileSync(path.join(SAMPLES, name)))

  it('is detected and satisfies the identity and pseudo-translation laws', () => {
    expect(docxFilter.detect(name, bytes())).toBe(true)
    checkLaws(bytes())
  })
})

describe('docx detection and broken files', () => {
  const notZip = new TextEncoder().encode('PK\u0003\u0004 but not really a zip')
  const zipWithoutDocument = zipSync({ '[Content_Types].xml': new TextEncoder().encode('<Types/>') })
  const malformed = zipSync({
    '[Content_Types].xml': new TextEncoder().encode('<Types>wordprocessingml</Types>'),
    'word/document.xml': new TextEncoder().encode('<w:document xmlns:w="x"><w:body><w:p></w:body></w:document>'),
  })
  const doctype = zipSync({ 'word/document.xml': new TextEncoder().encode('<!DOCTYPE x [<!ENTITY a "b">]><w:document/>') })
  const badEntity = buildDocx({ body: p(r('a &nbsp; b')) })

  it.each([
    ['not a zip', new TextEncoder().encode('hello'), /zip/],
    ['a truncated zip', notZip, /zip/],
    ['a zip without word/document.xml', zipWithoutDocument, /word\/document\.xml/],
    ['malformed XML', malformed, /not well-formed.*closes/],
    ['a DTD', doctype, /document type/],
    ['an unknown entity', badEntity, /unknown reference/],
  ])('%s is a FormatError', (_, bytes, reason) => {
    expect(() => docxFilter.extract(bytes)).toThrow(FormatError)
    expect(() => docxFilter.extract(bytes)).toThrow(reason)
  })

  it.each([
    ['a built document', 'a.docx', buildDocx({ body: p(r('x')) }), true],
    ['a zip without a Word document', 'a.docx', zipWithoutDocument, false],
    ['plain text named .docx', 'a.docx', new TextEncoder().encode('hello'), false],
  ])('detect: %s', (_, name, bytes, expected) => {
    expect(docxFilter.detect(name, bytes)).toBe(expected)
  })
})

describe('docx merge', () => {
  it('writes a translation with its tags and leaves other paragraphs alone', () => {
    const docx = buildDocx({ body: p(r('Click ') + r('Save', '<w:b/>') + r(' now.')) + p(r('Untouched', '<w:i/>')) })
    const [first] = unitsOf(docx, 2)
    const translation: TaggedText = [{ kind: 'text', text: 'Nospiediet ' }, { kind: 'open', name: 'g', id: 1 }, { kind: 'text', text: 'Saglabāt' }, { kind: 'close', name: 'g', id: 1 }, { kind: 'text', text: ' tagad.' }]
    const merged = docxFilter.merge(docx, new Map([[first.key, translation]]))
    expect(docxFilter.extract(merged).map(show)).toEqual(['Nospiediet <g1>Saglabāt</g1> tagad.', 'Untouched'])
    const document = new TextDecoder().decode(unzipSync(merged)['word/document.xml'])
    expect(document).toContain('<w:r><w:rPr><w:b/></w:rPr><w:t>Saglabāt</w:t></w:r>')
  })

  it('writes a text box translation into its fallback copy too', () => {
    const docx = buildDocx({ body: p(shapeWithFallback(p(r('Boxed text')))) })
    const [unit] = unitsOf(docx, 1)
    const merged = docxFilter.merge(docx, new Map([[unit.key, [{ kind: 'text', text: 'Teksts kastē' }]]]))
    const document = new TextDecoder().decode(unzipSync(merged)['word/document.xml'])
    expect(document.split('Teksts kastē')).toHaveLength(3)
    expect(document).not.toContain('Boxed text')
  })

  it('drops codes a translation leaves out and ignores tags the source does not have', () => {
    const docx = buildDocx({ body: p(r('A') + '<w:r><w:tab/></w:r>' + r('B')) })
    const [unit] = unitsOf(docx, 1)
    const translation: TaggedText = [{ kind: 'text', text: 'AB' }, { kind: 'self', name: 'x', id: 7 }, { kind: 'close', name: 'g', id: 9 }]
    const merged = docxFilter.merge(docx, new Map([[unit.key, translation]]))
    expect(docxFilter.extract(merged).map(show)).toEqual(['AB'])
  })

  it('closes a hyperlink the translation leaves open, so the XML stays whole', () => {
    const docx = buildDocx({ body: p(r('See ') + `<w:hyperlink r:id="rIdLink">${r('this')}</w:hyperlink>` + r('.')), relationships: HYPERLINK })
    const [unit] = unitsOf(docx, 1)
    const translation: TaggedText = [{ kind: 'text', text: 'Skat. ' }, { kind: 'open', name: 'g', id: 1 }, { kind: 'text', text: 'šo.' }]
    expect(docxFilter.extract(docxFilter.merge(docx, new Map([[unit.key, translation]]))).map(show)).toEqual(['Skat. <g1>šo.</g1>'])
  })
})

describe('docx package limits', () => {
  it('refuses more entries than allowed and more inflated bytes than allowed', async () => {
    const { readZip } = await import('./zip-package.server')
    const docx = buildDocx({ body: p(r('x')) })
    expect(() => readZip(docx, { limits: { maxEntries: 2, maxInflatedBytes: 1e9 } })).toThrow(/more than 2 entries/)
    expect(() => readZip(docx, { limits: { maxEntries: 100, maxInflatedBytes: 100 } })).toThrow(/inflates to more than 100 bytes/)
  })
})

describe('a large document', () => {
  // Speed is measured by bench/import; this only checks that a big document extracts completely.
  it('extracts every paragraph of a 10,000-paragraph document, proofing noise merged away', () => {
    const body = Array.from({ length: 10_000 }, (_, i) =>
      p(r(`Paragraph ${i} has `) + '<w:proofErr w:type="spellStart"/>' + r('some', '<w:lang w:val="en-US"/>') + '<w:proofErr w:type="spellEnd"/>' + r(' words.')),
    ).join('')
    const units = docxFilter.extract(buildDocx({ body }))
    expect(units).toHaveLength(10_000)
    expect(units[9_999]!.source).toEqual([{ kind: 'text', text: 'Paragraph 9999 has some words.' }])
  })
})

const converter = ['libreoffice', 'soffice'].find((command) => {
  try {
    execFileSync('which', [command], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})

/**
 * LibreOffice's text export leaves out what it places in frames (text boxes, floating tables), notes and
 * running heads, so each original is converted alongside its translation: every text the original shows, the
 * translation must show pseudo-translated.
 */
describe.skipIf(!converter)('translated documents open in LibreOffice', () => {
  it('converts every pseudo-translated document to text containing the pseudo-translation', () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tulks-docx-'))
    try {
      const documents = [
        ...samples.map((name) => ({ name, bytes: new Uint8Array(fs.readFileSync(path.join(SAMPLES, name))) })),
        ...fixtures.map((fixture, i) => ({ name: `fixture-${i}.docx`, bytes: fixture.docx })),
      ].map(({ name, bytes }) => {
        const units = docxFilter.extract(bytes)
        fs.writeFileSync(path.join(directory, `original-${name}`), bytes)
        fs.writeFileSync(path.join(directory, name), docxFilter.merge(bytes, new Map(units.map((unit) => [unit.key, pseudoTranslate(unit.source)]))))
        return { name, units }
      })
      const files = documents.flatMap(({ name }) => [path.join(directory, name), path.join(directory, `original-${name}`)])
      const out = path.join(directory, 'out')
      execFileSync(converter as string, [`-env:UserInstallation=file://${directory}/profile`, '--headless', '--convert-to', 'txt:Text (encoded):UTF8', '--outdir', out, ...files], {
        stdio: 'ignore',
        timeout: 540_000,
      })
      const converted = (name: string) => {
        const file = path.join(out, name.replace(/\.docx$/, '.txt'))
        return fs.existsSync(file) ? squeeze(fs.readFileSync(file, 'utf8')) : undefined
      }
      const failures = documents.flatMap(({ name, units }) => {
        const original = converted(`original-${name}`)
        const translated = converted(name)
        if (original === undefined || translated === undefined) return [{ name, missing: ['(not converted)'] }]
        const missing = textPairs(units)
          .filter(([source, pseudo]) => original.includes(source) && !translated.includes(pseudo))
          .map(([, pseudo]) => pseudo)
        return missing.length > 0 ? [{ name, missing: missing.slice(0, 3) }] : []
      })
      expect(failures).toEqual([])
      const checked = documents.reduce((sum, { name, units }) => sum + textPairs(units).filter(([source]) => converted(`original-${name}`)?.includes(source)).length, 0)
      expect(checked).toBeGreaterThan(1000)
    } finally {
      fs.rmSync(directory, { recursive: true, force: true })
    }
  }, 600_000)
})

// --- laws and helpers -------------------------------------------------------------------------------------

function checkLaws(bytes: Uint8Array) {
  const units = docxFilter.extract(bytes)
  expect(new Set(units.map((unit) => unit.key)).size).toBe(units.length)

  const identity = docxFilter.merge(bytes, new Map(units.map((unit) => [unit.key, unit.source])))
  expect(canonicalEntries(identity)).toEqual(canonicalEntries(bytes))

  // The source written back through the paragraph writer (an empty text makes it differ from the source, so
  // nothing is copied through untouched) reads back as the same units: noise dropped, nothing else changed.
  const rewritten = docxFilter.merge(bytes, new Map(units.map((unit) => [unit.key, [...unit.source, { kind: 'text', text: '' }]])))
  expect(docxFilter.extract(rewritten)).toEqual(units)

  for (const translate of [pseudoTranslate, saltedTranslate]) {
    const pseudo = new Map(units.map((unit) => [unit.key, translate(unit.source)]))
    const reread = docxFilter.extract(docxFilter.merge(bytes, pseudo))
    expect(reread.map((unit) => [unit.key, unit.source])).toEqual(units.map((unit) => [unit.key, pseudo.get(unit.key)]))
  }

  // A translation that lost its closing tags still gives well-formed parts (extract parses them strictly).
  const lossy = new Map(units.map((unit) => [unit.key, saltedTranslate(unit.source).filter((token) => token.kind !== 'close')]))
  expect(docxFilter.extract(docxFilter.merge(bytes, lossy))).toHaveLength(units.length)
}

/** Every text wrapped and salted with characters XML must escape (the shared round-trip suite's pseudo-translation). */
function saltedTranslate(source: TaggedText): TaggedText {
  return source.map((token) => (token.kind === 'text' ? { kind: 'text', text: `[ĀČĒ<&"'>${token.text}]` } : token))
}

function canonicalEntries(bytes: Uint8Array): [string, string][] {
  return Object.entries(unzipSync(bytes)).map(([name, data]) => {
    const isXml = /\.(xml|rels)$/.test(name)
    return [name, isXml ? canonicalXml(new TextDecoder().decode(data)) : Buffer.from(data).toString('base64')]
  })
}

const ACCENTED: Record<string, string> = { a: 'ā', e: 'ē', i: 'ī', o: 'ö', u: 'ū', A: 'Ā', E: 'Ē', I: 'Ī', O: 'Ö', U: 'Ū' }

/** Accented vowels, the unit bracketed: visibly "translated", same tags in the same order. */
function pseudoTranslate(source: TaggedText): TaggedText {
  const texts = source.flatMap((token, i) => (token.kind === 'text' ? [i] : []))
  return source.map((token, i) => {
    if (token.kind !== 'text') return token
    const text = token.text.replace(/[aeiouAEIOU]/g, (vowel) => ACCENTED[vowel] ?? vowel)
    return { kind: 'text', text: `${i === texts[0] ? '⟦' : ''}${text}${i === texts[texts.length - 1] ? '⟧' : ''}` }
  })
}

/**
 * Each text of each unit with its pseudo-translation, both as the text export shows them. The brackets are
 * left out: a short text of a unit LibreOffice does not export (a floating table) can occur inside one it does.
 */
function textPairs(units: readonly Unit[]): [string, string][] {
  return units.flatMap((unit) => {
    const pseudo = pseudoTranslate(unit.source)
    return unit.source.flatMap((token, i): [string, string][] => {
      const translated = pseudo[i]
      return token.kind === 'text' && translated?.kind === 'text' && squeeze(token.text).length >= 2 ? [[squeeze(token.text), squeeze(translated.text.replace(/[⟦⟧]/g, ''))]] : []
    })
  })
}

function squeeze(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

function utf16Document(body: string): Uint8Array {
  const files = unzipSync(buildDocx({ body }))
  const xml = new TextDecoder().decode(files['word/document.xml']).replace('encoding="UTF-8"', 'encoding="UTF-16"')
  return zipSync({ ...files, 'word/document.xml': new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')])) })
}

/** The units of a document that has exactly `count` of them (a typed tuple for destructuring). */
function unitsOf(docx: Uint8Array, count: number): [Unit, ...Unit[]] {
  const units = docxFilter.extract(docx)
  expect(units).toHaveLength(count)
  return units as [Unit, ...Unit[]]
}

function show(unit: Unit): string {
  return serialize(unit.source) + (unit.context ? ` | ${unit.context}` : '')
}
