import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { strToU8, unzipSync, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { serialize } from '../../tags/canonical'
import type { TaggedText } from '../../tags/types'
import { pptxFilter } from './filter.server'

/** Issue 18: PPTX — slides, notes, tables and groups as units, formatting as tags, and LibreOffice Impress reading them. */
const SAMPLES = path.resolve(import.meta.dirname, '../../../../../shared/samples/office/pptx')
const samples = fs.readdirSync(SAMPLES).filter((name) => name.endsWith('.pptx'))

const A = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"'
const P = 'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"'
const run = (text: string, properties = '<a:rPr lang="en-US" dirty="0"/>') => `<a:r>${properties}<a:t>${text}</a:t></a:r>`
const shape = (paragraphs: string) => `<p:sp><p:txBody><a:bodyPr/>${paragraphs}</p:txBody></p:sp>`

function presentation(slides: string[], notes: string[] = []): Uint8Array {
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/></Types>',
    ),
    'ppt/presentation.xml': strToU8(`<p:presentation ${P}/>`),
  }
  slides.forEach((body, i) => (files[`ppt/slides/slide${i + 1}.xml`] = strToU8(`<p:sld ${A} ${P}><p:cSld><p:spTree>${body}</p:spTree></p:cSld></p:sld>`)))
  notes.forEach((body, i) => (files[`ppt/notesSlides/notesSlide${i + 1}.xml`] = strToU8(`<p:notes ${A} ${P}><p:cSld><p:spTree>${body}</p:spTree></p:cSld></p:notes>`)))
  return zipSync(files)
}

describe('PPTX', () => {
  const bytes = presentation(
    [
      shape(`<a:p><a:pPr algn="ctr"/>${run('Quarterly ')}${run('results', '<a:rPr lang="en-US" b="1"/>')}<a:endParaRPr lang="en-US"/></a:p>`),
      `<p:grpSp>${shape(`<a:p>${run('Line one')}<a:br><a:rPr lang="en-US"/></a:br>${run('line two')}</a:p>`)}</p:grpSp>` +
        `<p:graphicFrame><a:graphic><a:graphicData><a:tbl><a:tr><a:tc><a:txBody><a:p>${run('Cell')}</a:p></a:txBody></a:tc></a:tr></a:tbl></a:graphicData></a:graphic></p:graphicFrame>` +
        shape(`<a:p><a:fld id="{1}" type="slidenum"><a:rPr lang="en-US"/><a:t>2</a:t></a:fld></a:p>`),
    ],
    [shape(`<a:p>${run('Say ', '<a:rPr lang="en-US" err="1"/>')}${run('hello')}</a:p>`)],
  )

  it('reads slides in order with their notes, groups and tables; proofing marks are not formatting; a lone field is not a unit', () => {
    expect(pptxFilter.extract(bytes).map((unit) => [unit.context, serialize(unit.source)])).toEqual([
      ['slide 1', 'Quarterly <g1>results</g1>'],
      ['notes 1', 'Say hello'],
      ['slide 2', 'Line one<br1/>line two'],
      ['slide 2, table', 'Cell'],
    ])
  })

  it('writes a translation as runs with the paragraph properties, formatting and end properties kept', () => {
    const units = pptxFilter.extract(bytes)
    const [open, , close] = units[0]!.source.slice(1)
    const translation: TaggedText = [open!, { kind: 'text', text: 'Ceturkšņa' }, close!, { kind: 'text', text: ' rezultāti & plāni' }]
    const merged = pptxFilter.merge(bytes, new Map([[units[0]!.key, translation]]))
    const slide = new TextDecoder().decode(unzipSync(merged)['ppt/slides/slide1.xml'])
    expect(slide).toContain(
      '<a:p><a:pPr algn="ctr"/><a:r><a:rPr lang="en-US" b="1"/><a:t>Ceturkšņa</a:t></a:r><a:r><a:rPr lang="en-US" dirty="0"/><a:t> rezultāti &amp; plāni</a:t></a:r><a:endParaRPr lang="en-US"/></a:p>',
    )
    expect(serialize(pptxFilter.extract(merged)[0]!.source)).toBe('<g1>Ceturkšņa</g1> rezultāti & plāni')
  })

  it('refuses a broken slide and a package that is not a presentation', () => {
    const broken = unzipSync(bytes)
    broken['ppt/slides/slide1.xml'] = strToU8('<p:sld><a:p>')
    expect(() => pptxFilter.extract(zipSync(broken))).toThrow(/not well-formed/)
    expect(pptxFilter.detect('x.pptx', strToU8('PK but not really'))).toBe(false)
  })
})

const converter = ['libreoffice', 'soffice'].find((command) => {
  try {
    execFileSync('which', [command], { stdio: 'ignore' })
    return fs.readdirSync('/usr/lib/libreoffice/program').some((name) => name.startsWith('libsdlo'))
  } catch {
    return false
  }
})

describe.skipIf(!converter)('translated presentations open in LibreOffice Impress', () => {
  it('saves every translated sample as ODP with every translated text in it', () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tulks-pptx-'))
    try {
      const expected = samples.map((name) => {
        const bytes = new Uint8Array(fs.readFileSync(path.join(SAMPLES, name)))
        const units = pptxFilter.extract(bytes)
        const markers: string[] = []
        const translations = new Map(
          units.map((unit) => [
            unit.key,
            unit.source.map((token) => {
              if (token.kind !== 'text' || token.text.trim() === '') return token
              markers.push(`ZQX${markers.length}QZ`)
              return { kind: 'text' as const, text: markers.at(-1)! }
            }),
          ]),
        )
        fs.writeFileSync(path.join(directory, name), pptxFilter.merge(bytes, translations))
        return { name, markers }
      })
      const out = path.join(directory, 'out')
      execFileSync(converter!, [`-env:UserInstallation=file://${directory}/profile`, '--headless', '--convert-to', 'odp', '--outdir', out, ...samples.map((name) => path.join(directory, name))], {
        stdio: 'ignore',
        timeout: 300_000,
      })
      const failures = expected.flatMap(({ name, markers }) => {
        const file = path.join(out, name.replace(/\.pptx$/, '.odp'))
        if (!fs.existsSync(file)) return [`${name}: not converted`]
        const content = new TextDecoder().decode(unzipSync(new Uint8Array(fs.readFileSync(file)))['content.xml'])
        return markers.filter((marker) => !content.includes(marker)).map((marker) => `${name}: ${marker} missing`)
      })
      expect(failures).toEqual([])
      expect(expected.reduce((sum, { markers }) => sum + markers.length, 0)).toBeGreaterThan(20)
    } finally {
      fs.rmSync(directory, { recursive: true, force: true })
    }
  }, 300_000)
})
