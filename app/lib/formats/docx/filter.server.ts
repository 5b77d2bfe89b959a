import type { TaggedText } from '../../tags/types'
import { FormatError, type FormatFilter, type Unit } from '../types'
import { comments, keptInPackage, officeGraphics } from '../kept'
import { buildParagraphModel, type ParagraphModel, type PartContext } from './paragraph-model'
import { renderPart, type TranslatedParagraph } from './part-writer'
import { attributeValue, descendants, parseXml, XmlSyntaxError, type XmlElement } from './xml-tree'
import { decodePart, hasZipSignature, readZip, writeZip, type ZipEntry } from './zip-package.server'

/**
 * DOCX (WordprocessingML). Translated parts: the main document, footnotes, endnotes, headers and footers.
 * Not translated: comments (reviewers' notes about the source, not content), the glossary (building blocks
 * Word inserts on demand), charts, SmartArt and document properties. Every other entry is copied unchanged.
 * Unit keys are `part:n`, n counting every `w:p` of the part in document order.
 *
 * A text box is usually written twice, as a DrawingML shape (`mc:Choice`) and a VML fallback (`mc:Fallback`)
 * for older readers. When both hold the same paragraphs, only the first are units and the fallback receives
 * their translations; otherwise the fallback's paragraphs are units of their own.
 */
export const docxFilter: FormatFilter = {
  id: 'docx',
  extensions: ['docx'],
  container: 'zip',
  mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  detect,
  extract,
  merge,
  kept: (bytes) => keptInPackage(bytes, [comments(/^word\/comments\.xml$/, 'w:comment', 'w:p'), ...officeGraphics('word')]),
}

const MAIN_PART = 'word/document.xml'
const CONTENT_TYPES = '[Content_Types].xml'
const TRANSLATED_PART = /^word\/(?:document|footnotes|endnotes|header\d*|footer\d*)\.xml$/

/** Part order in the unit list: the body first, then notes, then running heads. */
const PART_RANK: Record<string, number> = { document: 0, footnotes: 1, endnotes: 2, header: 3, footer: 4 }
const PART_CONTEXT: Record<string, string | undefined> = { footnotes: 'footnote', endnotes: 'endnote', header: 'header', footer: 'footer' }

function detect(_name: string, bytes: Uint8Array): boolean {
  if (!hasZipSignature(bytes)) return false
  try {
    const entries = readZip(bytes, { select: (name) => name === CONTENT_TYPES })
    const types = entries.find((entry) => entry.name === CONTENT_TYPES)
    return entries.some((entry) => entry.name === MAIN_PART) && !!types && new TextDecoder().decode(types.data).includes('wordprocessingml')
  } catch {
    return false
  }
}

function extract(bytes: Uint8Array): Unit[] {
  return readPackage(bytes).flatMap((part) =>
    part.paragraphs.filter(({ model, mirrorOf }) => model.translatable && mirrorOf === undefined).map(({ key, model, context }) => ({ key, source: model.source, segmentable: true, context })),
  )
}

function merge(bytes: Uint8Array, translations: ReadonlyMap<string, TaggedText>): Uint8Array {
  const entries = readZip(bytes)
  const parts = new Map(readParts(entries).map((part) => [part.name, part]))
  return writeZip(
    entries.map((entry) => {
      const part = parts.get(entry.name)
      if (!part) return entry
      const changed: TranslatedParagraph[] = []
      for (const { key, model, mirrorOf } of part.paragraphs) {
        const translation = translations.get(mirrorOf ?? key)
        if (model.translatable && translation && !sameTokens(translation, model.source)) changed.push({ model, translation })
      }
      // An untouched paragraph keeps its markup to the byte, noise included; so does a part without changes.
      if (changed.length === 0) return entry
      return { ...entry, data: part.encode(renderPart(part.xml, changed)) }
    }),
  )
}

// --- reading the package ----------------------------------------------------------------------------------

interface Paragraph {
  key: string
  model: ParagraphModel
  context?: string
  /** A fallback copy of another paragraph (see above): not a unit, merged with that paragraph's translation. */
  mirrorOf?: string
}

interface Part {
  name: string
  xml: string
  paragraphs: Paragraph[]
  encode(xml: string): Uint8Array
}

function readPackage(bytes: Uint8Array): Part[] {
  return readParts(readZip(bytes))
}

function readParts(entries: readonly ZipEntry[]): Part[] {
  if (!entries.some((entry) => entry.name === MAIN_PART)) throw new FormatError(`not a Word document: the package has no ${MAIN_PART}`)
  return entries
    .filter((entry) => TRANSLATED_PART.test(entry.name))
    .sort((a, b) => partRank(a.name) - partRank(b.name) || a.name.localeCompare(b.name, 'en', { numeric: true }))
    .map(readPart)
}

function partKind(name: string): string {
  return /^word\/([a-z]+)/.exec(name)?.[1] ?? ''
}

function partRank(name: string): number {
  return PART_RANK[partKind(name)] ?? 9
}

function readPart(entry: ZipEntry): Part {
  const { text: xml, encode } = decodePart(entry)
  let root: XmlElement
  try {
    root = parseXml(xml)
  } catch (error) {
    if (error instanceof XmlSyntaxError) throw new FormatError(`${entry.name} is not well-formed XML: ${error.message}`)
    throw error
  }
  const part: PartContext = { xml, noiseBookmarkIds: noiseBookmarks(xml, root) }
  const paragraphs: Paragraph[] = []
  const partContext = PART_CONTEXT[partKind(entry.name)]
  let count = 0
  const visit = (element: XmlElement, inTable: boolean, inTextBox: boolean) => {
    if (element.name === 'w:p') {
      const context = [partContext, inTable && 'table', inTextBox && 'text box'].filter(Boolean).join(', ') || undefined
      try {
        paragraphs.push({ key: `${entry.name}:${count++}`, model: buildParagraphModel(part, element), context })
      } catch (error) {
        if (error instanceof XmlSyntaxError) throw new FormatError(`${entry.name}: ${error.message}`)
        throw error
      }
    }
    const table = inTable || element.name === 'w:tc'
    const textBox = inTextBox || element.name === 'w:txbxContent'
    const before = paragraphs.length
    for (const child of element.children) visit(child, table, textBox)
    if (element.name === 'mc:AlternateContent') mirrorFallback(element, paragraphs.slice(before))
  }
  visit(root, false, false)
  return { name: entry.name, xml, paragraphs, encode }
}

function mirrorFallback(alternateContent: XmlElement, paragraphs: readonly Paragraph[]) {
  const within = (name: string) => {
    const branch = alternateContent.children.find((child) => child.name === name)
    return branch ? paragraphs.filter(({ model }) => model.paragraph.start >= branch.start && model.paragraph.end <= branch.end) : []
  }
  const choice = within('mc:Choice')
  const fallback = within('mc:Fallback')
  const same = choice.length === fallback.length && choice.every((paragraph, i) => sameTokens(paragraph.model.source, fallback[i]?.model.source ?? []))
  if (same) fallback.forEach((paragraph, i) => (paragraph.mirrorOf = choice[i]?.mirrorOf ?? choice[i]?.key))
}

/** `_GoBack` marks Word's last edit position; it splits runs but means nothing to a reader. */
function noiseBookmarks(xml: string, root: XmlElement): Set<string> {
  const ids = new Set<string>()
  if (!xml.includes('_GoBack')) return ids
  for (const element of descendants(root)) {
    if (element.name !== 'w:bookmarkStart' || attributeValue(xml, element, 'name') !== '_GoBack') continue
    const id = attributeValue(xml, element, 'id')
    if (id !== undefined) ids.add(id)
  }
  return ids
}

function sameTokens(a: TaggedText, b: TaggedText): boolean {
  if (a.length !== b.length) return false
  return a.every((token, i) => {
    const other = b[i]
    if (token.kind === 'text' || other?.kind === 'text') return token.kind === 'text' && other?.kind === 'text' && token.text === other.text
    return token.kind === other?.kind && token.name === other.name && token.id === other.id
  })
}
