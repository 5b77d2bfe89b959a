import type { TaggedText, Token } from '../../tags/types'
import { comments, keptInPackage, officeGraphics } from '../kept'
import { FormatError, type FormatFilter, type Unit } from '../types'
import { hasTranslatableText, sameTaggedText } from '../xml/inline-codes'
import { applyEdits } from '../xml/xml-file'
import { elementText, encodeXmlText, type XmlElement } from '../docx/xml-tree'
import { packageEntryText, readXmlPart, readZip, writeChangedParts, type ZipEntry } from '../docx/zip-package.server'

/**
 * PPTX (PresentationML, issue 18). Units are the DrawingML paragraphs (`a:p`) of every slide and its speaker notes —
 * text boxes, placeholders, tables and grouped shapes alike — slide by slide, each slide's notes after it. A run
 * formatted unlike the paragraph's usual text (bold, a hyperlink, another colour or size) is a tag pair; line breaks
 * are `br`, fields (slide number, date) and anything else inline a self-contained `x`. Proofing noise in the run
 * properties (language, spelling error and "dirty" marks) does not count as formatting. Not translated: slide
 * layouts and masters (template text), SmartArt, charts, comments. A paragraph that is not translated keeps its
 * markup to the byte; a translated one keeps its paragraph properties and end-of-paragraph formatting.
 */

const CONTENT_TYPES = '[Content_Types].xml'
const PART = /^ppt\/(slides\/slide|notesSlides\/notesSlide)(\d+)\.xml$/

const local = (element: XmlElement) => element.qname.slice(element.qname.indexOf(':') + 1)

/** Run-property attributes that change nothing a reader sees. */
const NOISE = /\s(?:lang|altLang|dirty|err|smtClean|smtId|noProof|bmk)="[^"]*"/g

interface Paragraph {
  key: string
  context: string
  element: XmlElement
  contentStart: number
  contentEnd: number
  source: TaggedText
  /** The markup each tag stands for (`ref` = index): a run's properties for a pair, the element for a code. */
  codes: string[]
  /** The run properties plain text is written with. */
  baseProperties: string
  prefix: string
}

function paragraphModel(xml: string, element: XmlElement, key: string, context: string): Paragraph {
  const prefix = element.qname.includes(':') ? element.qname.slice(0, element.qname.indexOf(':') + 1) : ''
  const children = element.children
  const first = children[0] && local(children[0]) === 'pPr' ? 1 : 0
  const endProperties = children.findIndex((child) => local(child) === 'endParaRPr')
  const content = children.slice(first, endProperties < 0 ? undefined : endProperties)
  const propertiesOf = (run: XmlElement) => {
    const properties = run.children.find((child) => local(child) === 'rPr')
    return properties ? xml.slice(properties.start, properties.end) : ''
  }
  const formatKey = (properties: string) => properties.replace(NOISE, '').replace(/<\w+:rPr\s*\/>|<rPr\s*\/>/, '')
  // The usual formatting: none, when some run has none (so the choice survives a translation of other lengths);
  // otherwise the one most of the paragraph's characters have.
  const weight = new Map<string, number>()
  for (const child of content) {
    if (local(child) !== 'r') continue
    const key = formatKey(propertiesOf(child))
    weight.set(key, (weight.get(key) ?? 0) + runText(xml, child).length)
  }
  const baseKey = weight.has('') ? '' : ([...weight].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '')
  const baseRun = content.find((child) => local(child) === 'r' && formatKey(propertiesOf(child)) === baseKey)
  const codes: string[] = []
  const source: Token[] = []
  let next = 1
  let open: { key: string; id: number; ref: string } | undefined
  const closeOpen = () => {
    if (open) source.push({ kind: 'close', name: 'g', id: open.id, ref: open.ref })
    open = undefined
  }
  for (const child of content) {
    if (local(child) === 'r') {
      const properties = propertiesOf(child)
      const key = formatKey(properties)
      const text = runText(xml, child)
      if (key !== (open?.key ?? baseKey)) {
        closeOpen()
        if (key !== baseKey) {
          codes.push(properties)
          open = { key, id: next++, ref: String(codes.length - 1) }
          source.push({ kind: 'open', name: 'g', id: open.id, ref: open.ref })
        }
      }
      const last = source.at(-1)
      if (last?.kind === 'text') source[source.length - 1] = { kind: 'text', text: last.text + text }
      else if (text) source.push({ kind: 'text', text })
      continue
    }
    closeOpen()
    codes.push(xml.slice(child.start, child.end))
    source.push({ kind: 'self', name: local(child) === 'br' ? 'br' : 'x', id: next++, ref: String(codes.length - 1) })
  }
  closeOpen()
  return {
    key,
    context,
    element,
    contentStart: first ? children[0]!.end : element.openEnd,
    contentEnd: endProperties >= 0 ? children[endProperties]!.start : element.closeStart,
    source,
    codes,
    baseProperties: baseRun ? propertiesOf(baseRun) : '',
    prefix,
  }
}

function runText(xml: string, run: XmlElement): string {
  return run.children
    .filter((child) => local(child) === 't')
    .map((t) => elementText(xml, t))
    .join('')
}

function renderParagraph(paragraph: Paragraph, translation: TaggedText): string {
  const { prefix, codes } = paragraph
  const run = (properties: string, text: string) => `<${prefix}r>${properties}<${prefix}t>${encodeXmlText(text)}</${prefix}t></${prefix}r>`
  const open: string[] = []
  let out = ''
  for (const token of translation) {
    if (token.kind === 'text') {
      if (token.text !== '') out += run(open.length > 0 ? open.at(-1)! : paragraph.baseProperties, token.text)
    } else if (token.kind === 'open') open.push(codes[Number(token.ref)] ?? '')
    else if (token.kind === 'close') open.pop()
    else out += codes[Number(token.ref)] ?? ''
  }
  return out
}

interface Part {
  entry: ZipEntry
  xml: string
  encode(xml: string): Uint8Array
  paragraphs: Paragraph[]
}

function readPart(entry: ZipEntry, number: number, notes: boolean): Part {
  const { xml, root, encode } = readXmlPart(entry)
  const paragraphs: Paragraph[] = []
  let count = 0
  const visit = (element: XmlElement, inTable: boolean) => {
    if (local(element) === 'p' && element.qname !== 'p:p' && element.children.length > 0) {
      const context = `${notes ? 'notes' : 'slide'} ${number}${inTable ? ', table' : ''}`
      paragraphs.push(paragraphModel(xml, element, `${entry.name}:${count++}`, context))
      return
    }
    for (const child of element.children) visit(child, inTable || local(child) === 'tbl')
  }
  visit(root, false)
  return { entry, xml, encode, paragraphs: paragraphs.filter((paragraph) => hasTranslatableText(paragraph.source)) }
}

function readPresentation(bytes: Uint8Array): { entries: ZipEntry[]; parts: Part[] } {
  const entries = readZip(bytes)
  const parts = entries
    .map((entry) => ({ entry, match: PART.exec(entry.name) }))
    .filter((each): each is { entry: ZipEntry; match: RegExpExecArray } => each.match !== null)
    .map(({ entry, match }) => ({ entry, number: Number(match[2]), notes: match[1]!.startsWith('notes') }))
    .sort((a, b) => a.number - b.number || Number(a.notes) - Number(b.notes))
    .map(({ entry, number, notes }) => readPart(entry, number, notes))
  if (!entries.some((entry) => entry.name === 'ppt/presentation.xml')) throw new FormatError('not a presentation: the package has no ppt/presentation.xml')
  return { entries, parts }
}

function detect(_name: string, bytes: Uint8Array): boolean {
  return packageEntryText(bytes, CONTENT_TYPES)?.includes('presentationml.presentation.main') ?? false
}

export const pptxFilter: FormatFilter = {
  id: 'pptx',
  extensions: ['pptx'],
  container: 'zip',
  mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  detect,
  kept: (bytes) =>
    keptInPackage(bytes, [
      comments(/^ppt\/comments\/comment\d*\.xml$/, 'p:cm', ''),
      comments(/^ppt\/comments\/modernComment[^/]*\.xml$/, 'p188:cm', 'a:p'),
      ...officeGraphics('ppt'),
    ]),
  extract(bytes) {
    return readPresentation(bytes).parts.flatMap((part) =>
      part.paragraphs.map((paragraph): Unit => ({ key: paragraph.key, source: paragraph.source, segmentable: true, context: paragraph.context })),
    )
  },
  merge(bytes, translations) {
    const { entries, parts } = readPresentation(bytes)
    const written = new Map<string, Uint8Array>()
    for (const part of parts) {
      const edits = part.paragraphs.flatMap((paragraph) => {
        const translation = translations.get(paragraph.key)
        if (!translation || sameTaggedText(translation, paragraph.source)) return []
        return [{ start: paragraph.contentStart, end: paragraph.contentEnd, text: renderParagraph(paragraph, translation) }]
      })
      if (edits.length > 0) written.set(part.entry.name, part.encode(applyEdits(part.xml, edits)))
    }
    return written.size === 0 ? bytes : writeChangedParts(entries, written)
  },
}
