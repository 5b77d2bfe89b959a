/**
 * A small strict XML parser that keeps offsets, for filters that use the original file as their skeleton:
 * every element knows where its start tag, content and end tag lie in the decoded string, every attribute
 * where its raw value lies, so a merge can replace exactly one range and copy the rest.
 *
 * Strict on purpose (htmlparser2's xmlMode accepts anything): mismatched or unclosed tags, a second root,
 * duplicate attributes, unquoted values, `<` in a value, an unknown entity, a bare `&` or a control character
 * throw XmlSyntaxError with the offset. Not supported: external entities and DTD validation (an internal
 * subset is skipped, and then unknown named entities are kept as written instead of refused).
 * Line ends are not normalised: text keeps `\r\n` as written, so writing it back changes nothing.
 */

export interface XmlAttribute {
  name: string
  /** Decoded value. */
  value: string
  /** Offset of the attribute name. */
  start: number
  /** The raw value between the quotes: [valueStart, valueEnd). */
  valueStart: number
  valueEnd: number
}

export interface XmlElement {
  kind: 'element'
  name: string
  attributes: XmlAttribute[]
  /** Offset of `<`. */
  start: number
  /** Offset just after the start tag's `>` (= end for an empty-element tag). */
  contentStart: number
  /** Offset of the end tag's `<` (= end for an empty-element tag). */
  contentEnd: number
  /** Offset just after the element. */
  end: number
  selfClosing: boolean
  children: XmlNode[]
}

export interface XmlText {
  kind: 'text'
  start: number
  end: number
  /** Entities decoded; CDATA content as is. */
  text: string
  cdata: boolean
}

export interface XmlMarkup {
  kind: 'comment' | 'pi'
  start: number
  end: number
}

export type XmlNode = XmlElement | XmlText | XmlMarkup

export interface XmlDocument {
  text: string
  root: XmlElement
}

export class XmlSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(`${message} at offset ${offset}`)
    this.name = 'XmlSyntaxError'
  }
}

export function attribute(element: XmlElement, name: string): string | undefined {
  for (const attr of element.attributes) if (attr.name === name) return attr.value
  return undefined
}

/** Child elements, optionally only those with one name. */
export function childElements(element: XmlElement, name?: string): XmlElement[] {
  const out: XmlElement[] = []
  for (const child of element.children) if (child.kind === 'element' && (name === undefined || child.name === name)) out.push(child)
  return out
}

/** The local part of a qualified name: `sdl:seg` → `seg`. */
export function localName(name: string): string {
  const colon = name.indexOf(':')
  return colon < 0 ? name : name.slice(colon + 1)
}

const predefined: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
// XML 1.0 Char production: tab, LF, CR and everything from U+0020 except U+FFFE/U+FFFF.
// eslint-disable-next-line no-control-regex -- XML 1.0 forbids exactly these control characters
const forbiddenChar = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/
const namePattern = /[A-Za-z_:\u00C0-\uFFFD][A-Za-z0-9_:.\-\u00B7\u00C0-\uFFFD]*/y

function isXmlSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13
}

/**
 * Decodes entity and character references in raw text or an attribute value (`offset` locates errors).
 * `lenient` keeps unknown named entities as written (a DTD may declare them).
 */
export function decodeXmlEntities(raw: string, offset = 0, lenient = false): string {
  if (raw.indexOf('&') < 0) return raw
  let out = ''
  let from = 0
  for (let amp = raw.indexOf('&'); amp >= 0; amp = raw.indexOf('&', from)) {
    out += raw.slice(from, amp)
    const semi = raw.indexOf(';', amp)
    const name = semi < 0 ? '' : raw.slice(amp + 1, semi)
    const char = referencedChar(name)
    if (char === undefined) {
      if (!(lenient && /^[A-Za-z_][\w.-]*$/.test(name))) throw new XmlSyntaxError('bare & or unknown entity', offset + amp)
      out += raw.slice(amp, semi + 1)
    } else out += char
    from = semi + 1
  }
  return out + raw.slice(from)
}

function referencedChar(name: string): string | undefined {
  if (name.startsWith('#')) {
    const code = /^#x[0-9a-fA-F]+$/.test(name) ? parseInt(name.slice(2), 16) : /^#[0-9]+$/.test(name) ? parseInt(name.slice(1), 10) : NaN
    // Issue 56: a reference to a control character XML 1.0 forbids (`&#0;`, written by tools in the wild) stands for
    // nothing rather than refusing the file.
    if (code >= 0 && code < 32 && code !== 9 && code !== 10 && code !== 13) return ''
    if (!(code === 9 || code === 10 || code === 13 || (code >= 32 && code <= 0x10ffff && code !== 0xfffe && code !== 0xffff))) return undefined
    if (code >= 0xd800 && code <= 0xdfff) return undefined
    return String.fromCodePoint(code)
  }
  return predefined[name]
}

/** Escapes text content: `&`, `<` and `>` (the last so that `]]>` can never appear). */
export function escapeXmlText(text: string): string {
  return text.replace(/[&<>]/g, (char) => (char === '&' ? '&amp;' : char === '<' ? '&lt;' : '&gt;'))
}

/** Escapes an attribute value for the given quote. */
export function escapeXmlAttribute(value: string, quote: '"' | "'" = '"'): string {
  return value.replace(/[&<"']/g, (char) =>
    char === '&' ? '&amp;' : char === '<' ? '&lt;' : char === quote ? (quote === '"' ? '&quot;' : '&apos;') : char,
  )
}

/** Parses a whole document. Throws XmlSyntaxError. */
export function parseXml(text: string): XmlDocument {
  return new XmlParser(text).document()
}

/** The reason a document is not well-formed, or undefined when it is. */
export function wellFormednessError(text: string): string | undefined {
  try {
    parseXml(text)
    return undefined
  } catch (error) {
    if (error instanceof XmlSyntaxError) return error.message
    throw error
  }
}

class XmlParser {
  private pos = 0
  private lenientEntities = false

  constructor(private readonly text: string) {}

  document(): XmlDocument {
    const { text } = this
    let root: XmlElement | undefined
    const stack: XmlElement[] = []
    const top = () => stack[stack.length - 1]
    const append = (node: XmlNode) => {
      const parent = top()
      if (parent) parent.children.push(node)
    }
    while (this.pos < text.length) {
      const lt = text.indexOf('<', this.pos)
      const textEnd = lt < 0 ? text.length : lt
      if (textEnd > this.pos) {
        const node = this.textNode(this.pos, textEnd)
        if (top()) append(node)
        else if (/[^ \t\r\n]/.test(text.slice(node.start, node.end))) throw new XmlSyntaxError('text outside the root element', node.start)
        this.pos = textEnd
        continue
      }
      if (text.startsWith('<!--', lt)) {
        append(this.delimited('comment', '-->', 4))
      } else if (text.startsWith('<?', lt)) {
        if (lt === 0 && text.startsWith('<?xml', 0) && isXmlSpace(text.charCodeAt(5))) this.pos = this.until('?>', 2)
        else append(this.delimited('pi', '?>', 2))
      } else if (text.startsWith('<![CDATA[', lt)) {
        if (!top()) throw new XmlSyntaxError('CDATA outside the root element', lt)
        const end = this.until(']]>', 9)
        append({ kind: 'text', start: lt, end, text: text.slice(lt + 9, end - 3), cdata: true })
      } else if (text.startsWith('<!DOCTYPE', lt)) {
        if (root || stack.length) throw new XmlSyntaxError('DOCTYPE after the root element', lt)
        this.doctype()
      } else if (text.charCodeAt(lt + 1) === 47 /* / */) {
        const element = stack.pop()
        const close = this.endTag()
        if (!element || element.name !== close.name) throw new XmlSyntaxError(`unexpected </${close.name}>`, lt)
        element.contentEnd = lt
        element.end = this.pos
      } else {
        if (!top() && root) throw new XmlSyntaxError('second root element', lt)
        const element = this.startTag()
        append(element)
        if (!root) root = element
        if (!element.selfClosing) stack.push(element)
      }
    }
    const unclosed = top()
    if (unclosed) throw new XmlSyntaxError(`<${unclosed.name}> is not closed`, unclosed.start)
    if (!root) throw new XmlSyntaxError('no root element', 0)
    return { text, root }
  }

  private textNode(start: number, end: number): XmlText {
    const raw = this.text.slice(start, end)
    const bad = forbiddenChar.exec(raw)
    if (bad) throw new XmlSyntaxError('control character', start + bad.index)
    const gt = raw.indexOf(']]>')
    if (gt >= 0) throw new XmlSyntaxError(']]> in text', start + gt)
    return { kind: 'text', start, end, text: decodeXmlEntities(raw, start, this.lenientEntities), cdata: false }
  }

  /** Moves past `terminator` (searching from `skip` after the current `<`) and returns the new position. */
  private until(terminator: string, skip: number): number {
    const start = this.text.indexOf('<', this.pos)
    const at = this.text.indexOf(terminator, start + skip)
    if (at < 0) throw new XmlSyntaxError(`missing ${terminator}`, start)
    this.pos = at + terminator.length
    return this.pos
  }

  private delimited(kind: 'comment' | 'pi', terminator: string, skip: number): XmlMarkup {
    const start = this.text.indexOf('<', this.pos)
    const end = this.until(terminator, skip)
    const bad = forbiddenChar.exec(this.text.slice(start, end))
    if (bad) throw new XmlSyntaxError('control character', start + bad.index)
    return { kind, start, end }
  }

  private doctype() {
    const { text } = this
    let i = this.pos + 9
    let quote = 0
    let depth = 0
    for (; i < text.length; i++) {
      const code = text.charCodeAt(i)
      if (quote) {
        if (code === quote) quote = 0
      } else if (code === 34 || code === 39) quote = code
      else if (code === 91 /* [ */) {
        depth++
        this.lenientEntities = true
      } else if (code === 93) depth--
      else if (code === 62 /* > */ && depth === 0) break
    }
    if (i >= text.length) throw new XmlSyntaxError('unterminated DOCTYPE', this.pos)
    // An entity declaration is how XXE reads local files and "billion laughs" exhausts memory; we expand none, and a
    // document that relies on them cannot be translated faithfully either: refused (issue 15, ErrorConvertingFile).
    if (/<!ENTITY/i.test(text.slice(this.pos, i))) throw new XmlSyntaxError('entity declarations are not allowed', this.pos)
    this.pos = i + 1
  }

  private name(): string {
    namePattern.lastIndex = this.pos
    const match = namePattern.exec(this.text)
    if (!match) throw new XmlSyntaxError('expected a name', this.pos)
    this.pos += match[0].length
    return match[0]
  }

  private skipSpace(): boolean {
    const before = this.pos
    while (isXmlSpace(this.text.charCodeAt(this.pos))) this.pos++
    return this.pos > before
  }

  private startTag(): XmlElement {
    const { text } = this
    const start = this.pos
    this.pos++
    const name = this.name()
    const attributes: XmlAttribute[] = []
    for (;;) {
      const spaced = this.skipSpace()
      const code = text.charCodeAt(this.pos)
      if (code === 62 /* > */ || (code === 47 && text.charCodeAt(this.pos + 1) === 62)) {
        const selfClosing = code === 47
        this.pos += selfClosing ? 2 : 1
        const contentStart = this.pos
        return { kind: 'element', name, attributes, start, contentStart, contentEnd: contentStart, end: contentStart, selfClosing, children: [] }
      }
      if (this.pos >= text.length) throw new XmlSyntaxError(`unterminated <${name}>`, start)
      if (!spaced) throw new XmlSyntaxError('expected space before an attribute', this.pos)
      const attr = this.attribute()
      if (attributes.some((other) => other.name === attr.name)) throw new XmlSyntaxError(`duplicate attribute ${attr.name}`, attr.start)
      attributes.push(attr)
    }
  }

  private attribute(): XmlAttribute {
    const { text } = this
    const start = this.pos
    const name = this.name()
    this.skipSpace()
    if (text[this.pos] !== '=') throw new XmlSyntaxError(`attribute ${name} without a value`, this.pos)
    this.pos++
    this.skipSpace()
    const quote = text[this.pos]
    if (quote !== '"' && quote !== "'") throw new XmlSyntaxError(`unquoted value of ${name}`, this.pos)
    const valueStart = this.pos + 1
    const valueEnd = text.indexOf(quote, valueStart)
    if (valueEnd < 0) throw new XmlSyntaxError(`unterminated value of ${name}`, start)
    const raw = text.slice(valueStart, valueEnd)
    const lt = raw.indexOf('<')
    if (lt >= 0) throw new XmlSyntaxError('< in an attribute value', valueStart + lt)
    const bad = forbiddenChar.exec(raw)
    if (bad) throw new XmlSyntaxError('control character', valueStart + bad.index)
    this.pos = valueEnd + 1
    return { name, value: decodeXmlEntities(raw, valueStart, this.lenientEntities), start, valueStart, valueEnd }
  }

  private endTag(): { name: string } {
    this.pos += 2
    const name = this.name()
    this.skipSpace()
    if (this.text[this.pos] !== '>') throw new XmlSyntaxError(`malformed </${name}>`, this.pos)
    this.pos++
    return { name }
  }
}
