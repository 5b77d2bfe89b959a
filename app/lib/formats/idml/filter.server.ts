import type { TaggedText, Token } from '../../tags/types'
import { FormatError, type FormatFilter, type Unit } from '../types'
import { hasTranslatableText, sameTaggedText } from '../xml/inline-codes'
import { attributeValue, decodeXmlText, encodeXmlText, type XmlElement } from '../docx/xml-tree'
import { packageEntryText, readXmlPart, readZip, writeChangedParts, type ZipEntry } from '../docx/zip-package.server'

/**
 * InDesign IDML (issue 18). Units are the paragraphs of every story, in the order designmap.xml lists the stories: a
 * `ParagraphStyleRange` split at its `Br` elements. Text of a character style range formatted unlike the one the
 * paragraph starts in is a tag pair; other inline elements (tables, footnotes, anchored frames, hyperlink sources,
 * markers) are self-contained codes, and the paragraphs inside them (a table's cells, a footnote's text) are units of
 * their own, written back inside the code. A translated paragraph is written as `Content` elements in the character
 * style ranges of its tags; everything else in the package keeps its bytes.
 */

const MIMETYPE = 'application/vnd.adobe.indesign-idml-package'
const local = (element: XmlElement) => element.qname.slice(element.qname.indexOf(':') + 1)

interface Item {
  /** open and close: the start and end of an inline wrapper (see `wrapper`) around text of the range. */
  kind: 'text' | 'code' | 'open' | 'close'
  element: XmlElement
  /** The character style range it is in (undefined for a code directly in the paragraph style range). */
  range?: XmlElement
}

interface Paragraph {
  key: string
  items: Item[]
  /** The character style range the paragraph starts in: text formatted as it is plain text. */
  base: XmlElement
  source: TaggedText
  /**
   * Tag ref → the character style range (format pairs), an inline wrapper (its pairs), the element (codes) or a
   * processing instruction of a Content.
   */
  refs: (XmlElement | { wrapper: XmlElement } | string)[]
}

interface Story {
  entry: ZipEntry
  xml: string
  encode(xml: string): Uint8Array
  paragraphs: Paragraph[]
}

/** A character style range's start tag with its Properties: what opens it again when a translation is written. */
function opening(xml: string, range: XmlElement): string {
  const properties = range.children.find((child) => local(child) === 'Properties')
  return xml.slice(range.start, range.openEnd) + (properties ? xml.slice(properties.start, properties.end) : '')
}

/**
 * Issue 57: an element inside a character style range that wraps text of it — a hyperlink's source, a cross-reference,
 * a structure element (XMLElement) of a tagged document, text inserted with change tracking on — is a tag pair around
 * that text, not a code that hides it. Text deleted with change tracking on stays a code, as it is not the story's.
 */
function isWrapper(element: XmlElement, xml: string): boolean {
  const name = local(element)
  if (['Content', 'Br', 'Properties', 'CharacterStyleRange', 'ParagraphStyleRange'].includes(name)) return false
  if (name === 'Change' && attributeValue(xml, element, 'ChangeType') === 'DeletedText') return false
  return element.children.some((child) => local(child) === 'Content' || isWrapper(child, xml))
}

/** What a wrapper's start tag needs after it when written again: its Properties and structure attributes. */
function wrapperOpening(xml: string, wrapper: XmlElement): string {
  const leading = wrapper.children.filter((child) => ['Properties', 'XMLAttribute'].includes(local(child)))
  return xml.slice(wrapper.start, wrapper.openEnd) + leading.map((child) => xml.slice(child.start, child.end)).join('')
}

function readStory(entry: ZipEntry): Story {
  const { xml, root, encode } = readXmlPart(entry)
  const paragraphs: Paragraph[] = []
  const visit = (element: XmlElement) => {
    if (local(element) !== 'ParagraphStyleRange') {
      for (const child of element.children) visit(child)
      return
    }
    let current: Item[] = []
    let base: XmlElement | undefined
    const finish = () => {
      if (current.length > 0 && base) paragraphs.push(model(xml, `${entry.name}:${paragraphs.length}`, current, base))
      current = []
    }
    // Issue 57: a structure element (XMLElement, as InDesign writes for a tagged document) around character style
    // ranges holds paragraphs of its own, read as the paragraph style range's are, and written back inside it.
    const structured = (child: XmlElement) => local(child) === 'XMLElement' && child.children.some((inner) => ['CharacterStyleRange', 'XMLElement'].includes(local(inner)))
    const collect = (container: XmlElement) => {
      for (const child of container.children) {
        const name = local(child)
        if (name === 'Properties' || name === 'XMLAttribute') continue
        if (structured(child)) {
          finish()
          base = undefined
          collect(child)
          finish()
          base = undefined
          continue
        }
        collectChild(child, name)
      }
    }
    const collectChild = (child: XmlElement, name: string) => {
      if (name !== 'CharacterStyleRange') {
        current.push({ kind: 'code', element: child })
        return
      }
      base ??= child
      for (const inner of child.children) {
        const innerName = local(inner)
        if (innerName === 'Properties') continue
        if (innerName === 'Br') {
          finish()
          base = child
        } else if (isWrapper(inner, xml)) wrapped(inner, child)
        else current.push({ kind: innerName === 'Content' ? 'text' : 'code', element: inner, range: child })
      }
    }
    /** A wrapper's text, in the paragraph it is in (a Br inside it is kept as a code, not a paragraph's end). */
    const wrapped = (wrapper: XmlElement, range: XmlElement) => {
      current.push({ kind: 'open', element: wrapper, range })
      for (const inner of wrapper.children) {
        const innerName = local(inner)
        if (innerName === 'Properties' || innerName === 'XMLAttribute') continue
        if (isWrapper(inner, xml)) wrapped(inner, range)
        else current.push({ kind: innerName === 'Content' ? 'text' : 'code', element: inner, range })
      }
      current.push({ kind: 'close', element: wrapper, range })
    }
    collect(element)
    finish()
    // Paragraphs inside codes (table cells, footnotes) are units of their own.
    const inCodes = (container: XmlElement) => {
      for (const child of container.children) {
        if (structured(child) || isWrapper(child, xml)) inCodes(child)
        else for (const inner of child.children) if (isWrapper(inner, xml)) inCodes(inner)
        else if (local(inner) !== 'Content') visit(inner)
      }
    }
    inCodes(element)
  }
  visit(root)
  return { entry, xml, encode, paragraphs: paragraphs.filter((paragraph) => hasTranslatableText(paragraph.source)) }
}

/** A Content's text between its processing instructions (CDATA and comments as elementText reads them). */
function decodeContent(raw: string): string {
  return raw
    .split(/(<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->)/)
    .map((piece) => (piece.startsWith('<![CDATA[') ? piece.slice(9, -3) : piece.startsWith('<!--') ? '' : decodeXmlText(piece)))
    .join('')
}

function model(xml: string, key: string, items: Item[], base: XmlElement): Paragraph {
  const source: Token[] = []
  const refs: Paragraph['refs'] = []
  const wrappers: { id: number; ref: string }[] = []
  const baseOpening = opening(xml, base)
  let open: { range: XmlElement; id: number; ref: string } | undefined
  let next = 1
  const close = () => {
    if (open) source.push({ kind: 'close', name: 'g', id: open.id, ref: open.ref })
    open = undefined
  }
  for (const item of items) {
    const formatted = item.range && opening(xml, item.range) !== baseOpening ? item.range : undefined
    if (item.kind === 'code') {
      if (wrappers.length === 0) close()
      refs.push(item.element)
      source.push({ kind: 'self', name: 'x', id: next++, ref: String(refs.length - 1) })
      continue
    }
    if (item.kind === 'close') {
      const wrapper = wrappers.pop()!
      source.push({ kind: 'close', name: wrapperTag(item.element), id: wrapper.id, ref: wrapper.ref })
      continue
    }
    if (wrappers.length === 0 && formatted !== open?.range && !(formatted && open && opening(xml, formatted) === opening(xml, open.range))) {
      close()
      if (formatted) {
        refs.push(formatted)
        open = { range: formatted, id: next++, ref: String(refs.length - 1) }
        source.push({ kind: 'open', name: 'g', id: open.id, ref: open.ref })
      }
    }
    if (item.kind === 'open') {
      refs.push({ wrapper: item.element })
      wrappers.push({ id: next++, ref: String(refs.length - 1) })
      source.push({ kind: 'open', name: wrapperTag(item.element), ...wrappers.at(-1)! })
      continue
    }
    // InDesign's special characters (a footnote's number, "indent to here") are processing instructions in Content.
    const raw = item.element.closeStart > item.element.openEnd ? xml.slice(item.element.openEnd, item.element.closeStart) : ''
    for (const piece of raw.split(/(<\?[\s\S]*?\?>)/)) {
      if (piece.startsWith('<?')) {
        refs.push(piece)
        source.push({ kind: 'self', name: 'x', id: next++, ref: String(refs.length - 1) })
        continue
      }
      const text = decodeContent(piece)
      const last = source.at(-1)
      if (last?.kind === 'text') source[source.length - 1] = { kind: 'text', text: last.text + text }
      else if (text) source.push({ kind: 'text', text })
    }
  }
  close()
  return { key, items, base, source, refs }
}

const wrapperTag = (element: XmlElement) => (local(element) === 'HyperlinkTextSource' ? 'a' : 'g')

/** The story's stretch [start, end) with the translated paragraphs inside it written anew (nested ones included). */
function render(story: Story, start: number, end: number, translated: Map<Paragraph, TaggedText>): string {
  const { xml } = story
  let out = ''
  let copied = start
  for (const [paragraph, translation] of translated) {
    const first = paragraph.items[0]!
    const last = paragraph.items.at(-1)!
    if (first.element.start < copied || last.element.end > end) continue
    out += xml.slice(copied, first.element.start)
    const baseOpening = opening(xml, paragraph.base)
    // The range the written text starts in, and the one the original text after it expects to be open.
    const startOpening = first.range ? opening(xml, first.range) : baseOpening
    const endOpening = last.range ? opening(xml, last.range) : baseOpening
    let current = startOpening
    const switchTo = (wanted: string) => {
      if (wanted === current) return
      out += `</${paragraph.base.qname}>${wanted}`
      current = wanted
    }
    const formats: string[] = []
    // Wrappers open in the translation (innermost last); inside one, the character style range cannot change.
    const wrappers: { ref: string; wrapper: XmlElement }[] = []
    const closeWrapper = () => (out += `</${wrappers.pop()!.wrapper.qname}>`)
    for (const token of translation) {
      const element = token.kind === 'text' ? undefined : paragraph.refs[Number(token.ref)]
      if (element && typeof element === 'object' && 'wrapper' in element) {
        if (token.kind === 'open') {
          if (wrappers.length === 0) switchTo(formats.at(-1) ?? baseOpening)
          out += wrapperOpening(xml, element.wrapper)
          wrappers.push({ ref: token.ref!, wrapper: element.wrapper })
        } else if (token.kind === 'close' && wrappers.some((open) => open.ref === token.ref)) {
          while (wrappers.at(-1)?.ref !== token.ref) closeWrapper()
          closeWrapper()
        }
      } else if (token.kind === 'open' && typeof element === 'object') formats.push(opening(xml, element))
      else if (token.kind === 'close') formats.pop()
      else if (token.kind === 'text' && token.text !== '') {
        if (wrappers.length === 0) switchTo(formats.at(-1) ?? baseOpening)
        out += `<Content>${encodeXmlText(token.text)}</Content>`
      } else if (typeof element === 'string') out += `<Content>${element}</Content>`
      else if (element) out += render(story, element.start, element.end, translated)
    }
    while (wrappers.length > 0) closeWrapper()
    switchTo(endOpening)
    copied = last.element.end
  }
  return out + xml.slice(copied, end)
}

function readPackage(bytes: Uint8Array): { entries: ZipEntry[]; stories: Story[] } {
  const entries = readZip(bytes)
  const byName = new Map(entries.map((entry) => [entry.name, entry]))
  const designmap = byName.get('designmap.xml')
  if (!designmap) throw new FormatError('not an IDML package: it has no designmap.xml')
  const { xml, root } = readXmlPart(designmap)
  const order = root.children.filter((child) => local(child) === 'Story').flatMap((child) => attributeValue(xml, child, 'src') ?? [])
  const listed = order.length > 0 ? order : entries.map((entry) => entry.name).filter((name) => /^Stories\/.+\.xml$/.test(name))
  const stories = listed.flatMap((name) => {
    const entry = byName.get(name)
    return entry ? [readStory(entry)] : []
  })
  return { entries, stories }
}

export const idmlFilter: FormatFilter = {
  id: 'idml',
  extensions: ['idml'],
  container: 'zip',
  mimeType: MIMETYPE,
  detect: (_name, bytes) => packageEntryText(bytes, 'mimetype')?.trim() === MIMETYPE,
  extract(bytes) {
    return readPackage(bytes).stories.flatMap((story) =>
      story.paragraphs.map((paragraph): Unit => ({ key: paragraph.key, source: paragraph.source, segmentable: true })),
    )
  },
  merge(bytes, translations) {
    const { entries, stories } = readPackage(bytes)
    const written = new Map<string, Uint8Array>()
    for (const story of stories) {
      const translated = new Map<Paragraph, TaggedText>()
      for (const paragraph of story.paragraphs) {
        const translation = translations.get(paragraph.key)
        if (translation && !sameTaggedText(translation, paragraph.source)) translated.set(paragraph, translation)
      }
      if (translated.size > 0) written.set(story.entry.name, story.encode(render(story, 0, story.xml.length, translated)))
    }
    return written.size === 0 ? bytes : writeChangedParts(entries, written)
  },
}
