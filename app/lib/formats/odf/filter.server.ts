import type { TaggedText, Token } from '../../tags/types'
import { comments, keptInPackage, withWords } from '../kept'
import { FormatError, type FormatFilter, type Unit } from '../types'
import { hasTranslatableText, sameTaggedText } from '../xml/inline-codes'
import { attributeValue, decodeXmlText, encodeXmlText, type XmlElement } from '../docx/xml-tree'
import { packageEntryText, readXmlPart, readZip, writeChangedParts, type ZipEntry } from '../docx/zip-package.server'

/**
 * OpenDocument text, spreadsheet and presentation (ODT, ODS, ODP; issue 18). Units are the paragraphs and headings
 * (`text:p`, `text:h`) of content.xml in document order: body text, tables, lists, text boxes and footnotes of a text
 * document; the text cells of a spreadsheet (cells holding numbers, dates or formulas' results are left out); the
 * slides and speaker notes of a presentation. `text:span` and `text:a` are tag pairs, line breaks `br`, everything
 * else inline (tabs, notes, frames, fields, bookmarks) a self-contained `x` — a note's or a text box's own paragraphs
 * are units of their own, written back inside the code. `text:meta` (structure in the text, issue 57) is a tag pair
 * too. Runs of spaces are read as spaces and written as `text:s`, as ODF collapses white space. The page styles'
 * headers and footers (styles.xml) follow the document's text (issue 57). Not translated: comments
 * (`office:annotation`), deleted text kept by change tracking, a presentation's master pages (its template), sheet
 * and slide names, document properties, charts. Other zip entries are copied unchanged.
 */

const CONTENT = 'content.xml'
const STYLES = 'styles.xml'
/** The elements of a page style (in styles.xml) whose paragraphs are text of the document. */
const RUNNING_HEADS = new Set(['header', 'footer', 'header-left', 'footer-left', 'header-first', 'footer-first'])
/** Inline elements whose content is the paragraph's text, as tag pairs: spans, links, structure (RDF metadata). */
const PAIRS: Record<string, string> = { span: 'g', a: 'a', meta: 'g' }
const MIME_TYPES: Record<string, string> = {
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
}

const local = (element: XmlElement) => element.qname.slice(element.qname.indexOf(':') + 1)

interface Paragraph {
  key: string
  element: XmlElement
  source: TaggedText
  /** The markup of each tag (`ref` = index): a pair's start and end tags, or a code's element range. */
  codes: ({ open: string; close: string } | { start: number; end: number })[]
  prefix: string
}

/** The text of a stretch between elements, white space collapsed as ODF reads it. */
const textOf = (raw: string) => decodeXmlText(raw.replace(/[ \t\r\n]+/g, ' '))

function paragraphModel(xml: string, element: XmlElement, key: string): Paragraph {
  const prefix = element.qname.includes(':') ? element.qname.slice(0, element.qname.indexOf(':') + 1) : ''
  const codes: Paragraph['codes'] = []
  const source: Token[] = []
  let next = 1
  const text = (value: string) => {
    if (value === '') return
    const last = source.at(-1)
    if (last?.kind === 'text') source[source.length - 1] = { kind: 'text', text: last.text + value }
    else source.push({ kind: 'text', text: value })
  }
  const walk = (parent: XmlElement) => {
    let at = parent.openEnd
    for (const child of parent.children) {
      text(textOf(xml.slice(at, child.start)))
      at = child.end
      const name = local(child)
      if (name === 's') text(' '.repeat(Math.max(1, Number(attributeValue(xml, child, 'c') ?? 1))))
      else if (PAIRS[name] && child.qname.startsWith('text:') && child.closeStart > child.openEnd) {
        const id = next++
        codes.push({ open: xml.slice(child.start, child.openEnd), close: xml.slice(child.closeStart, child.end) })
        const ref = String(codes.length - 1)
        source.push({ kind: 'open', name: PAIRS[name]!, id, ref })
        walk(child)
        source.push({ kind: 'close', name: PAIRS[name]!, id, ref })
      } else {
        codes.push({ start: child.start, end: child.end })
        source.push({ kind: 'self', name: name === 'line-break' ? 'br' : 'x', id: next++, ref: String(codes.length - 1) })
      }
    }
    text(textOf(xml.slice(at, parent.closeStart)))
  }
  if (element.closeStart > element.openEnd) walk(element)
  return { key, element, source, codes, prefix }
}

interface Part {
  entry: ZipEntry
  xml: string
  encode(xml: string): Uint8Array
  paragraphs: (Paragraph & { context?: string })[]
}

/**
 * content.xml, every paragraph of it (keys `p0`, `p1`, …), then styles.xml, the paragraphs of its page styles' headers
 * and footers (keys `styles.xml:p0`, …); a file without styles.xml has only the first.
 */
function readParts(bytes: Uint8Array): { entries: ZipEntry[]; parts: Part[] } {
  const entries = readZip(bytes)
  const content = entries.find((each) => each.name === CONTENT)
  if (!content) throw new FormatError(`not an OpenDocument file: the package has no ${CONTENT}`)
  const styles = entries.find((each) => each.name === STYLES)
  return { entries, parts: [readPart(content, '', true), ...(styles ? [readPart(styles, `${STYLES}:`, false)] : [])] }
}

function readPart(entry: ZipEntry, keyPrefix: string, wholePart: boolean): Part {
  const { xml, root, encode } = readXmlPart(entry)
  const paragraphs: (Paragraph & { context?: string })[] = []
  /** `place`: in the document's text ('' for the body, 'header' or 'footer'), undefined outside it. */
  const visit = (element: XmlElement, place: string | undefined) => {
    const name = local(element)
    // Comments, and what tracked changes keep of deleted text, are not the document's text.
    if (name === 'annotation' || name === 'tracked-changes') return
    if (name === 'table-cell' && (attributeValue(xml, element, 'value-type') ?? 'string') !== 'string') return
    const at = element.qname.startsWith('style:') && RUNNING_HEADS.has(name) ? name.replace(/-.*/, '') : place
    if (at !== undefined && (name === 'p' || name === 'h') && element.qname.startsWith('text:')) {
      paragraphs.push({ ...paragraphModel(xml, element, `${keyPrefix}p${paragraphs.length}`), context: at || undefined })
    }
    for (const child of element.children) visit(child, at)
  }
  visit(root, wholePart ? '' : undefined)
  return { entry, xml, encode, paragraphs }
}

/** Text as ODF keeps it: escaped, runs of spaces as `text:s`, tabs and line breaks as elements. */
function odfText(text: string, prefix: string, atStart: boolean): string {
  return encodeXmlText(text)
    .replace(/\t/g, `<${prefix}tab/>`)
    .replace(/\r\n|\n|\r/g, `<${prefix}line-break/>`)
    .replace(atStart ? /^ +| {2,}/g : / {2,}/g, (spaces, offset: number) => {
      const kept = offset === 0 && atStart ? 0 : 1
      const extra = spaces.length - kept
      return `${' '.repeat(kept)}<${prefix}s${extra > 1 ? ` ${prefix}c="${extra}"` : ''}/>`
    })
}

/** The file's stretch [start, end) with the translated paragraphs inside it written anew (nested ones included). */
function render(content: Part, start: number, end: number, translated: Map<Paragraph, TaggedText>): string {
  let out = ''
  let copied = start
  for (const [paragraph, translation] of translated) {
    const { element } = paragraph
    if (element.start < copied || element.end > end) continue // outside, or inside one already written
    out += content.xml.slice(copied, element.openEnd)
    let first = true
    for (const token of translation) {
      if (token.kind === 'text') {
        out += odfText(token.text, paragraph.prefix, first)
        first = false
        continue
      }
      const code = paragraph.codes[Number(token.ref)]
      if (!code) continue
      if ('open' in code) out += token.kind === 'open' ? code.open : token.kind === 'close' ? code.close : ''
      else out += render(content, code.start, code.end, translated)
      first = false
    }
    out += content.xml.slice(element.closeStart, element.end)
    copied = element.end
  }
  return out + content.xml.slice(copied, end)
}

function odfFilter(id: 'odt' | 'ods' | 'odp'): FormatFilter {
  return {
    id,
    extensions: [id],
    container: 'zip',
    mimeType: MIME_TYPES[id]!,
    detect: (_name, bytes) => packageEntryText(bytes, 'mimetype')?.trim() === MIME_TYPES[id],
    kept: (bytes) =>
      keptInPackage(bytes, [
        comments(/^(?:content|styles)\.xml$/, 'office:annotation', 'text:p'),
        // An embedded chart is an object of its own; its content.xml holds office:chart.
        { kind: 'chart', parts: /^Object[^/]*\/content\.xml$/, texts: (xml) => (xml.includes('<office:chart') ? withWords(xml, 'text:p') : 0) },
      ]),
    extract(bytes) {
      return readParts(bytes).parts.flatMap((part) =>
        part.paragraphs
          .filter((paragraph) => hasTranslatableText(paragraph.source))
          .map((paragraph): Unit => ({ key: paragraph.key, source: paragraph.source, segmentable: true, context: paragraph.context })),
      )
    },
    merge(bytes, translations) {
      const { entries, parts } = readParts(bytes)
      const written = new Map<string, Uint8Array>()
      for (const part of parts) {
        const translated = new Map<Paragraph, TaggedText>()
        for (const paragraph of part.paragraphs) {
          const translation = translations.get(paragraph.key)
          if (translation && hasTranslatableText(paragraph.source) && !sameTaggedText(translation, paragraph.source)) translated.set(paragraph, translation)
        }
        if (translated.size > 0) written.set(part.entry.name, part.encode(render(part, 0, part.xml.length, translated)))
      }
      // The mimetype entry stays first and stored, as ODF requires (writeZip keeps the order and each entry's method).
      return written.size === 0 ? bytes : writeChangedParts(entries, written)
    },
  }
}

export const odtFilter = odfFilter('odt')
export const odsFilter = odfFilter('ods')
export const odpFilter = odfFilter('odp')
