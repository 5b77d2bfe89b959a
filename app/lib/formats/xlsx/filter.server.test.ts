import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { strToU8, unzipSync, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { serialize } from '../../tags/canonical'
import type { TaggedText } from '../../tags/types'
import { xlsxFilter } from './filter.server'

/** Issue 18: XLSX — what becomes a unit, how formatting comes back, and LibreOffice opening every translated sample. */
const SAMPLES = path.resolve(import.meta.dirname, '../../../../../shared/samples/office/xlsx')
const samples = fs.readdirSync(SAMPLES).filter((name) => name.endsWith('.xlsx'))

const MAIN = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'

/** A workbook of our own: sheets (name, state, cells as `ref:value`, a number, `=formula` or inline text `i:…`). */
function workbook(shared: string[], sheets: { name: string; state?: string; cells: string[] }[]): Uint8Array {
  const cell = (spec: string) => {
    const [ref, value] = [spec.slice(0, spec.indexOf(':')), spec.slice(spec.indexOf(':') + 1)]
    if (value.startsWith('s')) return `<c r="${ref}" t="s"><v>${value.slice(1)}</v></c>`
    if (value.startsWith('i')) return `<c r="${ref}" t="inlineStr"><is><t>${value.slice(1)}</t></is></c>`
    if (value.startsWith('=')) return `<c r="${ref}" t="str"><f>${value.slice(1)}</f><v>cached text</v></c>`
    return `<c r="${ref}"><v>${value}</v></c>`
  }
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
    ),
    'xl/workbook.xml': strToU8(
      `<workbook ${MAIN} xmlns:r="${REL}"><sheets>${sheets
        .map((sheet, i) => `<sheet name="${sheet.name}" sheetId="${i + 1}"${sheet.state ? ` state="${sheet.state}"` : ''} r:id="rId${i + 1}"/>`)
        .join('')}</sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
        .map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`)
        .join('')}<Relationship Id="rIdS" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    'xl/sharedStrings.xml': strToU8(`<sst ${MAIN}>${shared.join('')}</sst>`),
  }
  sheets.forEach((sheet, i) => {
    files[`xl/worksheets/sheet${i + 1}.xml`] = strToU8(`<worksheet ${MAIN}><sheetData><row r="1">${sheet.cells.map(cell).join('')}</row></sheetData></worksheet>`)
  })
  return zipSync(files)
}

describe('XLSX', () => {
  const bytes = workbook(
    ['<si><t>Total</t></si>', '<si><r><t xml:space="preserve">Net </t></r><r><rPr><b/></rPr><t>income</t></r></si>', '<si><t>Secret</t></si>', '<si><t>42</t></si>'],
    [
      { name: 'Report', cells: ['A1:s1', 'B1:s0', 'C1:12.5', 'D1:=SUM(C1)', 'E1:iInline note', 'F1:s0', 'G1:s3'] },
      { name: 'Hidden', state: 'hidden', cells: ['A1:s2'] },
    ],
  )

  it('reads the visible sheets in order, a shared string once, formatting as tags; numbers, formulas and hidden sheets left out', () => {
    const units = xlsxFilter.extract(bytes)
    expect(units.map((unit) => [unit.key, unit.context, serialize(unit.source)])).toEqual([
      ['s:1', 'Report!A1', 'Net <g1>income</g1>'],
      ['s:0', 'Report!B1', 'Total'],
      ['xl/worksheets/sheet1.xml!E1', 'Report!E1', 'Inline note'],
      ['s:3', 'Report!G1', '42'],
    ])
  })

  it('writes a translation into the shared string with each run keeping its formatting', () => {
    const units = xlsxFilter.extract(bytes)
    const [open, , close] = units[0]!.source.slice(1)
    const translation: TaggedText = [open!, { kind: 'text', text: 'Tīrie' }, close!, { kind: 'text', text: ' ienākumi & <izdevumi>' }]
    const merged = xlsxFilter.merge(bytes, new Map([['s:1', translation], ['xl/worksheets/sheet1.xml!E1', [{ kind: 'text', text: 'Piezīme' }]]]))
    const parts = unzipSync(merged)
    const shared = new TextDecoder().decode(parts['xl/sharedStrings.xml'])
    expect(shared).toContain('<si><r><rPr><b/></rPr><t xml:space="preserve">Tīrie</t></r><r><t xml:space="preserve"> ienākumi &amp; &lt;izdevumi&gt;</t></r></si>')
    expect(shared).toContain('<si><t>Secret</t></si>')
    expect(new TextDecoder().decode(parts['xl/worksheets/sheet1.xml'])).toContain('<is><t xml:space="preserve">Piezīme</t></is>')
    expect(serialize(xlsxFilter.extract(merged)[0]!.source)).toBe('<g1>Tīrie</g1> ienākumi & <izdevumi>')
  })

  it('includes hidden sheets when XLSX_HIDDEN_SHEETS=translate', () => {
    process.env.XLSX_HIDDEN_SHEETS = 'translate'
    try {
      expect(xlsxFilter.extract(bytes).map((unit) => unit.key)).toContain('s:2')
    } finally {
      delete process.env.XLSX_HIDDEN_SHEETS
    }
  })

  it('refuses a package that is not a spreadsheet and a broken sharedStrings part', () => {
    const broken = unzipSync(bytes)
    broken['xl/sharedStrings.xml'] = strToU8('<sst><si><t>unclosed</si></sst>')
    expect(() => xlsxFilter.extract(zipSync(broken))).toThrow(/not well-formed/)
    expect(xlsxFilter.detect('x.xlsx', strToU8('not a zip'))).toBe(false)
  })
})

const converter = ['libreoffice', 'soffice'].find((command) => {
  try {
    execFileSync('which', [command], { stdio: 'ignore' })
    return fs.readdirSync('/usr/lib/libreoffice/program').some((name) => name.startsWith('libsc'))
  } catch {
    return false
  }
})

/** Each text piece of each unit replaced by a marker LibreOffice's CSV export must show (tags kept). */
function marked(units: { source: TaggedText }[]): { translations: TaggedText[]; markers: string[] } {
  const markers: string[] = []
  const translations = units.map((unit) =>
    unit.source.map((token) => {
      if (token.kind !== 'text' || token.text.trim() === '') return token
      markers.push(`ZQX${markers.length}QZ`)
      return { kind: 'text' as const, text: markers.at(-1)! }
    }),
  )
  return { translations, markers }
}

describe.skipIf(!converter)('translated spreadsheets open in LibreOffice Calc', () => {
  it('exports every sheet of every translated sample to CSV showing every translated text', () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tulks-xlsx-'))
    try {
      const expected = samples.map((name) => {
        const bytes = new Uint8Array(fs.readFileSync(path.join(SAMPLES, name)))
        const units = xlsxFilter.extract(bytes)
        const { translations, markers } = marked(units)
        fs.writeFileSync(path.join(directory, name), xlsxFilter.merge(bytes, new Map(units.map((unit, i) => [unit.key, translations[i]!]))))
        return { name, markers }
      })
      const out = path.join(directory, 'out')
      // CSV in UTF-8 (76), one file per sheet (the last option, -1), hidden columns included.
      const csv = 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1'
      execFileSync(converter!, [`-env:UserInstallation=file://${directory}/profile`, '--headless', '--convert-to', csv, '--outdir', out, ...samples.map((name) => path.join(directory, name))], {
        stdio: 'ignore',
        timeout: 300_000,
      })
      const exported = fs.existsSync(out) ? fs.readdirSync(out) : []
      const failures = expected.flatMap(({ name, markers }) => {
        const sheets = exported.filter((file) => file.startsWith(`${name.replace(/\.xlsx$/, '')}-`))
        if (sheets.length === 0) return [`${name}: not converted`]
        const text = sheets.map((file) => fs.readFileSync(path.join(out, file), 'utf8')).join('\n')
        return markers.filter((marker) => !text.includes(marker)).map((marker) => `${name}: ${marker} missing`)
      })
      expect(failures).toEqual([])
      expect(expected.reduce((sum, { markers }) => sum + markers.length, 0)).toBeGreaterThan(40)
    } finally {
      fs.rmSync(directory, { recursive: true, force: true })
    }
  }, 300_000)
})
