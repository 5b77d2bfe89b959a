import { decodeXML } from 'entities'

/**
 * A streaming XML tokenizer for the large, regular files a TMX import reads (decision 0014, ninth addendum): text is
 * found with indexOf and sliced, not walked character by character, and a tag's attributes are read in one pass.
 * Reading a million-unit TMX took a third of what htmlparser2 took, on the thread that also writes the units.
 *
 * It reads what CheckedParser (htmlparser2 in XML mode with the well-formedness checks) reads, with the same
 * decoding of references (the `entities` package htmlparser2 uses: the five XML entities and character references;
 * no DTD is read, so no declared entity is ever resolved) and the same errors: every element closed, and a closing
 * tag closes the innermost open element. Comments, processing instructions and declarations are skipped; CDATA is
 * text. Pure and browser-safe.
 */
export interface XmlScanHandler {
  onopentag(name: string, attributes: Record<string, string>): void
  ontext(text: string): void
  onclosetag(name: string): void
  onend(): void
}

/** Longer than this, a tag, comment, CDATA section or declaration is refused: nothing in a TMX needs one. */
export const MAX_MARKUP_CHARACTERS = 16 * 1024 * 1024

/** An entity reference cut by a chunk's end is at most this long ("&#x10FFFF;" is 10). */
const LONGEST_REFERENCE = 32

const INCOMPLETE = -1

export class XmlScanner {
  /** What the last chunk left unread: a tag cut by its end, or an entity reference that may be. */
  private pending = ''
  /** Chunks held while a cut tag waits for the next ">" (joined once it comes, not chunk by chunk). */
  private held: string[] = []
  private heldLength = 0
  /** Whether `pending` is a cut tag (which only a chunk with a ">" can finish). */
  private waitingForTag = false
  /** Characters read before `pending`, for positions in errors. */
  private consumed = 0
  /** Where the token being read starts, in the text being scanned. */
  private tokenStart = 0
  private readonly open: string[] = []

  constructor(
    private readonly handler: XmlScanHandler,
    private readonly malformed: (detail: string) => Error,
  ) {}

  /** The character position (from the start of the document) of the token being read. */
  position(): number {
    return this.consumed + this.tokenStart
  }

  write(chunk: string): void {
    if (this.waitingForTag && !chunk.includes('>')) {
      this.hold(chunk)
      return
    }
    this.scan(this.takePending() + chunk, false)
  }

  end(): void {
    const rest = this.takePending()
    if (rest !== '') this.scan(rest, true)
    const innermost = this.open.at(-1)
    if (innermost !== undefined) throw this.malformed(`<${innermost}> is not closed at the end of the file`)
    this.handler.onend()
  }

  private hold(chunk: string): void {
    this.held.push(chunk)
    this.heldLength += chunk.length
    if (this.pending.length + this.heldLength > MAX_MARKUP_CHARACTERS) {
      throw this.malformed(`markup longer than ${MAX_MARKUP_CHARACTERS} characters at character ${this.consumed}`)
    }
  }

  private takePending(): string {
    let text = this.pending
    if (this.held.length > 0) text += this.held.join('')
    this.pending = ''
    this.held = []
    this.heldLength = 0
    this.waitingForTag = false
    return text
  }

  private scan(text: string, final: boolean): void {
    const length = text.length
    let at = 0
    while (at < length) {
      const lt = text.indexOf('<', at)
      if (lt !== at) {
        const end = lt === -1 ? length : lt
        if (lt === -1 && !final) {
          // A reference may be cut by the chunk's end: keep it for the next one.
          const amp = text.lastIndexOf('&')
          if (amp >= at && length - amp < LONGEST_REFERENCE && !text.includes(';', amp)) {
            this.text(text, at, amp)
            this.keep(text, amp, false)
            return
          }
        }
        this.text(text, at, end)
        if (lt === -1) break
        at = lt
      }
      this.tokenStart = at
      const next = this.markup(text, at)
      if (next === INCOMPLETE) {
        if (final) {
          // Unfinished markup at the end: an error inside an element (or inside the tag, once its name is read, as
          // htmlparser2 counts it open from then), else text after the root (ignored).
          if (CUT_CLOSING_TAG.test(text.slice(at, at + 1_000))) {
            // A closing tag cut by the end after its name closes its element, as in htmlparser2.
            this.closingTag(`${text}>`, at)
            break
          }
          if (text.startsWith('<![CDATA[', at)) {
            // Its text goes to the end, as in htmlparser2; the end then finds the elements open.
            this.handler.ontext(text.slice(at + 9))
            break
          }
          const innermost = CUT_OPENING_TAG.exec(text.slice(at, at + 1_000))?.[1] ?? this.open.at(-1)
          if (innermost !== undefined) throw this.malformed(`<${innermost}> is not closed at the end of the file`)
          this.handler.ontext(text.slice(at))
          break
        }
        this.keep(text, at, true)
        return
      }
      at = next
    }
    this.consumed += length
  }

  private keep(text: string, from: number, waitingForTag: boolean): void {
    this.pending = text.slice(from)
    this.consumed += from
    this.waitingForTag = waitingForTag
    if (this.pending.length > MAX_MARKUP_CHARACTERS) {
      throw this.malformed(`markup longer than ${MAX_MARKUP_CHARACTERS} characters at character ${this.consumed}`)
    }
  }

  private text(text: string, from: number, to: number): void {
    if (from === to) return
    const raw = text.slice(from, to)
    this.handler.ontext(raw.includes('&') ? decodeXML(raw) : raw)
  }

  /** Reads the markup starting with "<" at `at`; the position after it, or INCOMPLETE when the text ends first. */
  private markup(text: string, at: number): number {
    if (at + 1 >= text.length) return INCOMPLETE
    const second = text.charCodeAt(at + 1)
    if (second === SLASH) return this.closingTag(text, at)
    if (second === BANG) {
      // "<!-->" is a whole (empty) comment, as in htmlparser2.
      if (text.startsWith('--', at + 2)) return after(text, '-->', at + 2)
      if (text.startsWith('[CDATA[', at + 2)) {
        const end = text.indexOf(']]>', at + 9)
        if (end === INCOMPLETE) return INCOMPLETE
        if (end > at + 9) this.handler.ontext(text.slice(at + 9, end))
        return end + 3
      }
      // A declaration (<!DOCTYPE …>), read as htmlparser2 does: up to the first ">" after the character that
      // follows "<!" (after two, when the first is a "-").
      return after(text, '>', text.charCodeAt(at + 2) === DASH ? at + 4 : at + 3)
    }
    // A processing instruction, also up to the first ">" as in htmlparser2.
    if (second === QUESTION) return after(text, '>', at + 2)
    if (isSpace(second) || second === GT) {
      // Not a tag: htmlparser2 keeps the "<" as text.
      this.handler.ontext('<')
      return at + 1
    }
    return this.openingTag(text, at)
  }

  private closingTag(text: string, at: number): number {
    const gt = text.indexOf('>', at + 2)
    if (gt === INCOMPLETE) return INCOMPLETE
    // As htmlparser2 reads it: spaces before the name skipped and anything after it ignored; "</>" and "</ >" are
    // text, and "</ /…>" nothing at all.
    let start = at + 2
    while (start < gt && isSpace(text.charCodeAt(start))) start++
    if (start === gt) {
      this.handler.ontext(text.slice(at, gt + 1))
      return gt + 1
    }
    if (text.charCodeAt(start) === SLASH) return gt + 1
    let end = start
    while (end < gt && !isSpace(text.charCodeAt(end))) end++
    const name = text.slice(start, end)
    const innermost = this.open.at(-1)
    if (name === innermost) {
      this.open.pop()
      this.handler.onclosetag(name)
    } else if (this.open.includes(name)) {
      throw this.malformed(`<${innermost}> is not closed before character ${this.position()}`)
    } else {
      throw this.malformed(`a closing tag at character ${this.position()} closes no open element`)
    }
    return gt + 1
  }

  private openingTag(text: string, at: number): number {
    const length = text.length
    let index = at + 1
    while (index < length && !endsName(text.charCodeAt(index))) index++
    if (index >= length) return INCOMPLETE
    const name = text.slice(at + 1, index)
    const attributes: Record<string, string> = {}
    for (;;) {
      while (index < length && isSpace(text.charCodeAt(index))) index++
      if (index >= length) return INCOMPLETE
      const code = text.charCodeAt(index)
      if (code === GT) {
        this.opened(name, attributes, false)
        return index + 1
      }
      if (code === SLASH) {
        // "/>", also with spaces between; a "/" followed by anything else is passed over.
        index++
        while (index < length && isSpace(text.charCodeAt(index))) index++
        if (index >= length) return INCOMPLETE
        if (text.charCodeAt(index) === GT) {
          this.opened(name, attributes, true)
          return index + 1
        }
        continue
      }
      QUOTED_ATTRIBUTE.lastIndex = index
      const quoted = QUOTED_ATTRIBUTE.exec(text)
      if (quoted) {
        index = QUOTED_ATTRIBUTE.lastIndex
        this.attribute(attributes, quoted[1]!, quoted[2] ?? quoted[3]!)
        continue
      }
      // The name's first character is taken whatever it is ("=" too), as in htmlparser2.
      const nameStart = index++
      while (index < length && !endsAttributeName(text.charCodeAt(index))) index++
      if (index >= length) return INCOMPLETE
      const attributeName = text.slice(nameStart, index)
      while (index < length && isSpace(text.charCodeAt(index))) index++
      if (index >= length) return INCOMPLETE
      let value = ''
      if (text.charCodeAt(index) === EQUALS) {
        index++
        while (index < length && isSpace(text.charCodeAt(index))) index++
        if (index >= length) return INCOMPLETE
        const quote = text.charCodeAt(index)
        if (quote === DOUBLE_QUOTE || quote === SINGLE_QUOTE) {
          const close = text.indexOf(quote === DOUBLE_QUOTE ? '"' : "'", index + 1)
          if (close === INCOMPLETE) return INCOMPLETE
          value = text.slice(index + 1, close)
          index = close + 1
        } else {
          const valueStart = index
          while (index < length && !isSpace(text.charCodeAt(index)) && text.charCodeAt(index) !== GT) index++
          if (index >= length) return INCOMPLETE
          value = text.slice(valueStart, index)
        }
      }
      this.attribute(attributes, attributeName, value)
    }
  }

  private attribute(attributes: Record<string, string>, name: string, value: string): void {
    // The first of two same-named attributes counts, as in htmlparser2; no name reaches the object's prototype.
    if (name === '__proto__' || Object.hasOwn(attributes, name)) return
    attributes[name] = value.includes('&') ? decodeXML(value) : value
  }

  private opened(name: string, attributes: Record<string, string>, selfClosing: boolean): void {
    this.open.push(name)
    this.handler.onopentag(name, attributes)
    if (selfClosing) {
      this.open.pop()
      this.handler.onclosetag(name)
    }
  }
}

/** The position after the first `terminator` from `from`, or INCOMPLETE. */
function after(text: string, terminator: string, from: number): number {
  const end = text.indexOf(terminator, from)
  return end === INCOMPLETE ? INCOMPLETE : end + terminator.length
}

/** A closing tag cut after its name (and a space). */
const CUT_CLOSING_TAG = /^<\/\s*[^\s/>][^\s>]*\s/

/** An opening tag cut after its name. */
const CUT_OPENING_TAG = /^<([^\s/>!?][^\s/>]*)[\s/]/

/** name="value" or name='value' (the usual attribute), from a tag's whitespace on. */
const QUOTED_ATTRIBUTE = /[ \t\n\r\f]*([^ \t\n\r\f=/>]+)[ \t\n\r\f]*=[ \t\n\r\f]*(?:"([^"]*)"|'([^']*)')/y

const SLASH = 0x2f
const BANG = 0x21
const DASH = 0x2d
const QUESTION = 0x3f
const GT = 0x3e
const EQUALS = 0x3d
const DOUBLE_QUOTE = 0x22
const SINGLE_QUOTE = 0x27

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d || code === 0x0c
}

function endsName(code: number): boolean {
  return isSpace(code) || code === SLASH || code === GT
}

function endsAttributeName(code: number): boolean {
  return isSpace(code) || code === EQUALS || code === SLASH || code === GT
}
