import { Parser, type Handler } from 'htmlparser2'

/**
 * htmlparser2 with the well-formedness checks it leaves out, for the streaming TBX reader (TMX has XmlScanner, which
 * reads the same and is held equal to this in xml-scanner.test.ts): every element closed, and a closing tag closes
 * the innermost open element. htmlparser2 knows nothing of DTDs, so no external (or
 * internal) entity is ever resolved: only the five XML entities and character references are decoded.
 *
 * It hooks the tokenizer callbacks onselfclosingtag, onclosetag and onend, which htmlparser2 marks internal; the
 * malformed-XML cases in tbx.test.ts and xml-scanner.test.ts pin that behaviour when htmlparser2 is upgraded.
 */

/** What the parser is doing when it reports a closing element: a self-closing tag is not an implied close. */
export type Closing = 'tag' | 'self-closing' | 'end-of-file'

export interface CheckedHandler extends Partial<Handler> {
  closing: Closing
  /** Counted by the handler's onclosetag (through `checkClose`). */
  closedCount: number
  position: () => number
}

export class CheckedParser extends Parser {
  constructor(
    private readonly handler: CheckedHandler,
    private readonly malformed: (detail: string) => Error,
  ) {
    super(handler, { xmlMode: true })
    handler.position = () => this.startIndex
  }

  override onselfclosingtag(endIndex: number): void {
    this.handler.closing = 'self-closing'
    super.onselfclosingtag(endIndex)
    this.handler.closing = 'tag'
  }

  override onclosetag(start: number, endIndex: number): void {
    const closedBefore = this.handler.closedCount
    super.onclosetag(start, endIndex)
    if (this.handler.closedCount === closedBefore) throw this.malformed(`a closing tag at character ${start} closes no open element`)
  }

  override onend(): void {
    this.handler.closing = 'end-of-file'
    super.onend()
  }
}

/** The first thing a handler's onclosetag does: count the close, and refuse one htmlparser2 only implied. */
export function checkClose(handler: CheckedHandler, tagName: string, isImplied: boolean, malformed: (detail: string) => Error): void {
  handler.closedCount++
  if (handler.closing === 'end-of-file') throw malformed(`<${tagName}> is not closed at the end of the file`)
  if (handler.closing === 'tag' && isImplied) throw malformed(`<${tagName}> is not closed before character ${handler.position()}`)
}
