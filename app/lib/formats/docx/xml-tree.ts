/**
 * A small, strict element scanner for the XML parts of a DOCX package. It keeps the offsets of every tag so
 * the filter can treat the original part as a skeleton: unchanged stretches are copied as they are, only the
 * paragraphs that receive a translation are written anew. Text nodes are not materialised; the filter only
 * reads the text of `w:t` elements, through `elementText`.
 *
 * WordprocessingML is addressed by namespace, not prefix: both the transitional and the ISO 29500 Strict
 * namespace read as `w:`, whatever prefix (or default namespace) the producer chose.
 */

export interface XmlElement {
  /** The tag name as written, e.g. `w:p`; the writer reuses its prefix. */
  qname: string
  /** `w:local` for WordprocessingML, `mc:local` for markup compatibility, otherwise the written name. */
  name: string
  /** Offset of `<` of the start tag. */
  start: number
  /** Offset just after the start tag's `>`. */
  openEnd: number
  /** Offset of the end tag's `<` (equal to `end` for an empty element written `<a/>`). */
  closeStart: number
  /** Offset just after the element. */
  end: number
  /** Offsets of the attribute text inside the start tag. */
  attributesStart: number
  attributesEnd: number
  children: XmlElement[]
}

export class XmlSyntaxError extends Error {
  constructor(reason: string, offset: number) {
    super(`${reason} at offset ${offset}`)
    this.name = 'XmlSyntaxError'
  }
}

const WORDPROCESSINGML = new Set([
  'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  'http://purl.oclc.org/ooxml/wordprocessingml/main',
])
const MARKUP_COMPATIBILITY = 'http://schemas.openxmlformats.org/markup-compatibility/2006'

const NAME = String.raw`[^\s/>=<"'!?]+`
const START_TAG = new RegExp(String.raw`<(${NAME})((?:\s+${NAME}\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(/?)>`, 'y')
const END_TAG = new RegExp(String.raw`</(${NAME})\s*>`, 'y')
const NAMESPACE_DECLARATION = /\sxmlns(?::([^\s=]+))?\s*=\s*(?:"([^"]*)"|'([^']*)')/g

type Namespaces = Record<string, string>

/** Real documents nest a few dozen levels; the bound keeps recursive walkers off the stack limit. */
const MAX_DEPTH = 1000

/** Parses one XML document; throws XmlSyntaxError for anything that is not well-formed (DTDs are refused). */
export function parseXml(xml: string): XmlElement {
  const stack: XmlElement[] = []
  const scopes: Namespaces[] = []
  let namespaces: Namespaces = {}
  let root: XmlElement | undefined
  let pos = xml.charCodeAt(0) === 0xfeff ? 1 : 0
  for (;;) {
    const lt = xml.indexOf('<', pos)
    if (stack.length === 0) requireOnlySpace(xml, pos, lt === -1 ? xml.length : lt)
    if (lt === -1) break
    const next = xml.charCodeAt(lt + 1)
    if (next === 0x3f /* ? */) {
      pos = skipPast(xml, lt, '?>', 'unterminated processing instruction')
    } else if (next === 0x21 /* ! */) {
      pos = skipDeclaration(xml, lt, stack.length > 0)
    } else if (next === 0x2f /* / */) {
      END_TAG.lastIndex = lt
      const match = END_TAG.exec(xml)
      const open = stack.pop()
      if (!match || !open) throw new XmlSyntaxError('unexpected end tag', lt)
      if (match[1] !== open.qname) throw new XmlSyntaxError(`</${match[1]}> closes <${open.qname}>`, lt)
      open.closeStart = lt
      open.end = END_TAG.lastIndex
      namespaces = scopes.pop() ?? {}
      pos = open.end
    } else {
      if (stack.length === 0 && root) throw new XmlSyntaxError('second root element', lt)
      START_TAG.lastIndex = lt
      const match = START_TAG.exec(xml)
      if (!match) throw new XmlSyntaxError('malformed start tag', lt)
      const [, qname = '', attributes = '', selfClosing] = match
      const inherited = namespaces
      if (attributes.includes('xmlns')) namespaces = declare(namespaces, attributes)
      const attributesStart = lt + 1 + qname.length
      const element: XmlElement = {
        qname,
        name: normaliseName(qname, namespaces),
        start: lt,
        openEnd: START_TAG.lastIndex,
        closeStart: START_TAG.lastIndex,
        end: START_TAG.lastIndex,
        attributesStart,
        attributesEnd: attributesStart + attributes.length,
        children: [],
      }
      const parent = stack.at(-1)
      if (parent) parent.children.push(element)
      else root = element
      if (selfClosing) {
        namespaces = inherited
      } else {
        if (stack.length >= MAX_DEPTH) throw new XmlSyntaxError(`elements nested deeper than ${MAX_DEPTH}`, lt)
        stack.push(element)
        scopes.push(inherited)
      }
      pos = START_TAG.lastIndex
    }
  }
  const unclosed = stack.at(-1)
  if (unclosed) throw new XmlSyntaxError(`<${unclosed.qname}> is not closed`, xml.length)
  if (!root) throw new XmlSyntaxError('no root element', 0)
  return root
}

function requireOnlySpace(xml: string, from: number, to: number) {
  for (let i = from; i < to; i++) {
    const c = xml.charCodeAt(i)
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) throw new XmlSyntaxError('text outside the root element', i)
  }
}

function skipPast(xml: string, from: number, terminator: string, reason: string): number {
  const at = xml.indexOf(terminator, from)
  if (at === -1) throw new XmlSyntaxError(reason, from)
  return at + terminator.length
}

function skipDeclaration(xml: string, lt: number, insideElement: boolean): number {
  if (xml.startsWith('<!--', lt)) return skipPast(xml, lt, '-->', 'unterminated comment')
  if (insideElement && xml.startsWith('<![CDATA[', lt)) return skipPast(xml, lt, ']]>', 'unterminated CDATA section')
  // A DTD could declare entities (and entity bombs); Office never writes one.
  throw new XmlSyntaxError('document type declarations are not allowed', lt)
}

function declare(inherited: Namespaces, attributes: string): Namespaces {
  const namespaces: Namespaces = Object.create(inherited) as Namespaces
  for (const match of attributes.matchAll(NAMESPACE_DECLARATION)) {
    namespaces[match[1] ?? ''] = match[2] ?? match[3] ?? ''
  }
  return namespaces
}

function normaliseName(qname: string, namespaces: Namespaces): string {
  const colon = qname.indexOf(':')
  const prefix = colon === -1 ? '' : qname.slice(0, colon)
  const uri = namespaces[prefix]
  if (uri === undefined) return qname
  const local = qname.slice(colon + 1)
  if (WORDPROCESSINGML.has(uri)) return `w:${local}`
  if (uri === MARKUP_COMPATIBILITY) return `mc:${local}`
  return qname
}

/** The value of an attribute by local name (prefix ignored), decoded; undefined when absent. */
export function attributeValue(xml: string, element: XmlElement, localName: string): string | undefined {
  const attributes = xml.slice(element.attributesStart, element.attributesEnd)
  const pattern = new RegExp(String.raw`(?:^|\s)(?:[^\s=:]+:)?${localName}\s*=\s*(?:"([^"]*)"|'([^']*)')`)
  const match = pattern.exec(attributes)
  return match ? decodeXmlText(match[1] ?? match[2] ?? '') : undefined
}

/** The character content of an element that holds only text (CDATA sections and comments allowed). */
export function elementText(xml: string, element: XmlElement): string {
  const raw = xml.slice(element.openEnd, element.closeStart)
  if (!raw.includes('<')) return decodeXmlText(raw)
  return raw
    .split(/(<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->)/)
    .map((piece) => {
      if (piece.startsWith('<![CDATA[')) return piece.slice(9, -3)
      if (piece.startsWith('<!--')) return ''
      return decodeXmlText(piece)
    })
    .join('')
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

export function decodeXmlText(raw: string): string {
  if (!raw.includes('&')) return raw
  return raw.replace(/&([^;&\s]*);?/g, (whole: string, name: string) => {
    if (!whole.endsWith(';')) throw new XmlSyntaxError(`unterminated reference "${whole}"`, 0)
    const entity = ENTITIES[name]
    if (entity !== undefined) return entity
    const code = name.startsWith('#x') ? parseInt(name.slice(2), 16) : name.startsWith('#') ? parseInt(name.slice(1), 10) : NaN
    if (!Number.isInteger(code) || code < 0 || code > 0x10ffff) throw new XmlSyntaxError(`unknown reference "${whole}"`, 0)
    // Issue 56: `&#0;` (written by tools in the wild; XML 1.0 forbids it) stands for nothing rather than refusing the file.
    return code === 0 ? '' : String.fromCodePoint(code)
  })
}

/** Escapes text content; drops characters XML 1.0 cannot carry at all. */
export function encodeXmlText(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
}

/** Every element of the tree in document order (pre-order), the root first. */
export function* descendants(root: XmlElement): Generator<XmlElement> {
  const stack = [root]
  while (stack.length > 0) {
    const element = stack.pop() as XmlElement
    yield element
    stack.push(...element.children.toReversed())
  }
}
