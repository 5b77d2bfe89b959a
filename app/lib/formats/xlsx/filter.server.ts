import type { TaggedText, Token } from '../../tags/types'
import { comments, keptInPackage, officeGraphics, withWords } from '../kept'
import { FormatError, type FormatFilter, type KeptText, type Unit } from '../types'
import { hasTranslatableText, sameTaggedText } from '../xml/inline-codes'
import { applyEdits, type TextEdit } from '../xml/xml-file'
import { attributeValue, elementText, encodeXmlText, type XmlElement } from '../docx/xml-tree'
import { packageEntryText, readXmlPart, readZip, writeChangedParts, type ZipEntry } from '../docx/zip-package.server'

/**
 * XLSX (SpreadsheetML, issue 18). Units are the text cells of the visible sheets in reading order (sheet by sheet,
 * row by row): a shared string once, at its first use (`s:n`), an inline string per cell (`sheet path!A1`); the
 * cell's place is its context. A rich-text run's formatting is a tag pair around its text. Numbers, formulas and
 * their cached results, booleans and text without a letter or digit are not units; neither are hidden sheets (set
 * XLSX_HIDDEN_SHEETS=translate to include them), sheet names (formulas, charts and defined names refer to them),
 * comments, charts and drawings. Every other zip entry is copied unchanged, and a string that is not translated
 * keeps its markup to the byte.
 */

const WORKBOOK = 'xl/workbook.xml'
const CONTENT_TYPES = '[Content_Types].xml'

const local = (element: XmlElement) => element.qname.slice(element.qname.indexOf(':') + 1)
const childrenNamed = (element: XmlElement, name: string) => element.children.filter((child) => local(child) === name)

interface Part {
  entry: ZipEntry
  xml: string
  root: XmlElement
  encode(xml: string): Uint8Array
}

function readPart(entry: ZipEntry): Part {
  return { entry, ...readXmlPart(entry) }
}

/** A string item (`si` of the shared strings, `is` of an inline cell): its text and each run's formatting. */
interface StringItem {
  part: Part
  element: XmlElement
  source: TaggedText
  /** Run properties (`rPr`) as written, by tag id. */
  formats: Map<number, string>
}

function stringItem(part: Part, element: XmlElement): StringItem {
  const source: Token[] = []
  const formats = new Map<number, string>()
  for (const child of element.children) {
    const name = local(child)
    if (name === 't') source.push({ kind: 'text', text: elementText(part.xml, child) })
    if (name !== 'r') continue
    const text = childrenNamed(child, 't').map((t) => elementText(part.xml, t)).join('')
    const properties = childrenNamed(child, 'rPr')[0]
    if (!properties || text === '') {
      if (text) source.push({ kind: 'text', text })
      continue
    }
    const id = formats.size + 1
    formats.set(id, part.xml.slice(properties.start, properties.end))
    source.push({ kind: 'open', name: 'g', id, ref: String(id) }, { kind: 'text', text }, { kind: 'close', name: 'g', id, ref: String(id) })
  }
  // Adjacent text pieces (plain runs in a row) read as one.
  const merged: Token[] = []
  for (const token of source) {
    const last = merged.at(-1)
    if (token.kind === 'text' && last?.kind === 'text') merged[merged.length - 1] = { kind: 'text', text: last.text + token.text }
    else merged.push(token)
  }
  return { part, element, source: merged, formats }
}

/** A translation as the item's content: plain text in one `t`, or runs carrying the formatting of their tag. */
function renderItem(item: StringItem, translation: TaggedText): string {
  const prefix = item.element.qname.includes(':') ? item.element.qname.slice(0, item.element.qname.indexOf(':') + 1) : ''
  const t = (text: string) => `<${prefix}t xml:space="preserve">${encodeXmlText(text)}</${prefix}t>`
  if (translation.every((token) => token.kind === 'text') && item.formats.size === 0) {
    return t(translation.map((token) => (token.kind === 'text' ? token.text : '')).join(''))
  }
  const open: number[] = []
  let out = ''
  for (const token of translation) {
    if (token.kind === 'open') open.push(token.id)
    else if (token.kind === 'close') open.splice(open.lastIndexOf(token.id), 1)
    else if (token.kind === 'text' && token.text !== '') {
      const format = open.length > 0 ? (item.formats.get(open.at(-1)!) ?? '') : ''
      out += `<${prefix}r>${format}${t(token.text)}</${prefix}r>`
    }
  }
  return out
}

interface Workbook {
  entries: ZipEntry[]
  /** Units in reading order, each with the string item it writes to. */
  units: { key: string; item: StringItem; context: string }[]
  /** The hidden sheets' texts, not translated. */
  kept: KeptText[]
}

function readWorkbook(bytes: Uint8Array): Workbook {
  const entries = readZip(bytes)
  const byName = new Map(entries.map((entry) => [entry.name, entry]))
  const workbookEntry = byName.get(WORKBOOK)
  if (!workbookEntry) throw new FormatError(`not a spreadsheet: the package has no ${WORKBOOK}`)
  const workbook = readPart(workbookEntry)
  const relations = new Map<string, { type: string; target: string }>()
  const relsEntry = byName.get('xl/_rels/workbook.xml.rels')
  if (relsEntry) {
    const rels = readPart(relsEntry)
    for (const relation of rels.root.children) {
      const id = attributeValue(rels.xml, relation, 'Id')
      const target = attributeValue(rels.xml, relation, 'Target')
      if (id && target) relations.set(id, { type: attributeValue(rels.xml, relation, 'Type') ?? '', target: target.startsWith('/') ? target.slice(1) : `xl/${target}` })
    }
  }
  const sharedName = [...relations.values()].find((relation) => relation.type.endsWith('/sharedStrings'))?.target ?? 'xl/sharedStrings.xml'
  const sharedEntry = byName.get(sharedName)
  const shared = sharedEntry ? readPart(sharedEntry) : undefined
  const sharedItems = shared ? childrenNamed(shared.root, 'si').map((element) => stringItem(shared, element)) : []
  const withHidden = process.env.XLSX_HIDDEN_SHEETS === 'translate'
  const units: Workbook['units'] = []
  const used = new Set<number>()
  const hidden: { name: string; part: Part }[] = []
  const sheets = childrenNamed(workbook.root, 'sheets').flatMap((sheets) => childrenNamed(sheets, 'sheet'))
  for (const sheet of sheets) {
    const target = relations.get(attributeValue(workbook.xml, sheet, 'id') ?? '')?.target
    const sheetEntry = target ? byName.get(target) : undefined
    if (!sheetEntry) continue
    const part = readPart(sheetEntry)
    const sheetName = attributeValue(workbook.xml, sheet, 'name') ?? sheetEntry.name
    const state = attributeValue(workbook.xml, sheet, 'state')
    if (!withHidden && (state === 'hidden' || state === 'veryHidden')) {
      hidden.push({ name: sheetName, part })
      continue
    }
    for (const cell of textCells(part, sharedItems)) {
      const place = `${sheetName}!${cell.reference}`
      if (cell.shared === undefined) units.push({ key: `${sheetEntry.name}!${cell.reference || units.length}`, item: cell.item, context: place })
      else if (!used.has(cell.shared)) {
        used.add(cell.shared)
        units.push({ key: `s:${cell.shared}`, item: cell.item, context: place })
      }
    }
  }
  // Issue 57: what only hidden sheets show is kept as it is, and said so (a string a visible sheet uses is translated).
  const kept = hidden.flatMap(({ name, part }): KeptText[] => {
    const texts = new Set(
      textCells(part, sharedItems)
        .filter((cell) => (cell.shared === undefined || !used.has(cell.shared)) && hasTranslatableText(cell.item.source))
        .map((cell) => cell.shared ?? `${cell.reference}`),
    ).size
    return texts > 0 ? [{ kind: 'hidden sheet', name, texts, items: 1 }] : []
  })
  return { entries, units: units.filter((unit) => hasTranslatableText(unit.item.source)), kept }
}

/** A sheet's cells holding a string: a shared one (its index) or an inline one, with the string item. */
function textCells(part: Part, sharedItems: StringItem[]): { reference: string; shared?: number; item: StringItem }[] {
  const data = childrenNamed(part.root, 'sheetData')[0]
  return (data ? childrenNamed(data, 'row') : []).flatMap((row) =>
    childrenNamed(row, 'c').flatMap((cell) => {
      const type = attributeValue(part.xml, cell, 't')
      const reference = attributeValue(part.xml, cell, 'r') ?? ''
      if (type === 's') {
        const value = childrenNamed(cell, 'v')[0]
        const index = value ? Number(elementText(part.xml, value)) : NaN
        const item = sharedItems[index]
        return item ? [{ reference, shared: index, item }] : []
      }
      const inline = type === 'inlineStr' ? childrenNamed(cell, 'is')[0] : undefined
      return inline ? [{ reference, item: stringItem(part, inline) }] : []
    }),
  )
}

function detect(_name: string, bytes: Uint8Array): boolean {
  return packageEntryText(bytes, CONTENT_TYPES)?.includes('spreadsheetml.sheet.main') ?? false
}

export const xlsxFilter: FormatFilter = {
  id: 'xlsx',
  extensions: ['xlsx'],
  container: 'zip',
  mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  detect,
  extract(bytes) {
    return readWorkbook(bytes).units.map(({ key, item, context }): Unit => ({ key, source: item.source, segmentable: true, context }))
  },
  kept: (bytes) => [
    ...readWorkbook(bytes).kept,
    ...keptInPackage(bytes, [
      comments(/^xl\/comments\d*\.xml$/, 'comment', ''),
      { kind: 'drawing', parts: /^xl\/drawings\/drawing\d*\.xml$/, texts: (xml) => withWords(xml, 'a:p'), items: (xml) => withWords(xml, 'xdr:sp') },
      ...officeGraphics('xl'),
    ]),
  ],
  merge(bytes, translations) {
    const { entries, units } = readWorkbook(bytes)
    const edits = new Map<Part, TextEdit[]>()
    for (const { key, item } of units) {
      const translation = translations.get(key)
      if (!translation || sameTaggedText(translation, item.source)) continue
      const list = edits.get(item.part) ?? []
      list.push({ start: item.element.openEnd, end: item.element.closeStart, text: renderItem(item, translation) })
      edits.set(item.part, list)
    }
    if (edits.size === 0) return bytes
    return writeChangedParts(entries, new Map([...edits].map(([part, list]) => [part.entry.name, part.encode(applyEdits(part.xml, list))])))
  },
}
