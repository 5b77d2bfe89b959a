import { Parser } from 'htmlparser2'
import type { TagKind, TaggedText } from '../../tags/types'
import { FormatError, type Unit } from '../types'
import { hasTranslatableText, tagName } from '../xml/inline-codes'
import { rawAttributes } from './tag-attributes'

/**
 * The translatable units of an HTML page with the offsets a merge needs. Parsed with htmlparser2 (browser-like
 * recovery: optional end tags, stray tags), offsets taken from its startIndex/endIndex.
 *
 * A unit is a run of text and inline elements inside one block (p, li, td, h1, title, option, a div's own
 * text, …): any element that is not inline ends a run, so "text <ul>…</ul> more text" gives two units around
 * the list's items. Inline elements become tags whose code is their original markup; tags that enclose the
 * whole run, and isolated codes at its edges, stay outside the unit (as Okapi does) so segments are not
 * cluttered. Whitespace collapses to one space except inside <pre>. Entities are decoded.
 * Separate units: alt, title, placeholder, aria-label, button values and meta description/keywords.
 * Not translated: script, style, textarea, svg, math, template and anything under translate="no" (an inline
 * element with translate="no" becomes one code holding all its markup).
 */

export interface HtmlCode {
  start: number
  end: number
  /** Attribute units inside this tag, whose translations must be applied when the code is re-emitted. */
  attributes: HtmlUnit[]
}

export interface HtmlUnit {
  unit: Unit
  /** The range a translation replaces (an attribute unit: the raw value without quotes). */
  start: number
  end: number
  codes: HtmlCode[]
  /** For an attribute unit: how its value was quoted ('' = unquoted). */
  quote?: '"' | "'" | ''
}

const inlineElements = new Set(
  ('a abbr acronym b bdi bdo big blink br cite code data del dfn em font i img input ins kbd mark nobr q rp rt ruby s samp ' +
    'small span strike strong sub sup time tt u var wbr').split(' '),
)
const voidElements = new Set('area base br col embed hr img input link meta param source track wbr'.split(' '))
const skippedElements = new Set('script style textarea svg math template noscript iframe object'.split(' '))
const whitespacePreserving = new Set(['pre', 'listing', 'plaintext'])
const tagNames: Record<string, string> = { strong: 'b', acronym: 'abbr', strike: 's' }
const buttonTypes = new Set(['submit', 'button', 'reset'])
const metaNames = new Set(['description', 'keywords'])

interface TextItem {
  type: 'text'
  start: number
  end: number
  text: string
}

interface TagItem {
  type: 'tag'
  kind: TagKind
  element: string
  start: number
  end: number
  partner?: TagItem
  attributes: HtmlUnit[]
}

type RunItem = TextItem | TagItem

interface OpenElement {
  name: string
  inline: boolean
  void: boolean
}

function isBlank(text: string): boolean {
  return /^[ \t\n\r\f]*$/.test(text)
}

/** Which attributes of this element hold text for the reader. */
function translatableAttributes(element: string, attribs: Record<string, string>): string[] {
  const names = ['title', 'aria-label']
  if (element === 'img' || element === 'area' || element === 'input') names.push('alt')
  if (element === 'input' || element === 'textarea') names.push('placeholder')
  if (element === 'input' && buttonTypes.has((attribs.type ?? '').toLowerCase())) names.push('value')
  if (element === 'meta' && metaNames.has((attribs.name ?? '').toLowerCase())) names.push('content')
  return names.filter((name) => attribs[name] !== undefined)
}

export function extractHtmlUnits(html: string): HtmlUnit[] {
  return new HtmlWalker(html).walk()
}

/** Deepest element nesting a document may have (issue 15, malformed input). */
export const MAX_DEPTH = 1_000

class HtmlWalker {
  private readonly units: HtmlUnit[] = []
  private readonly stack: OpenElement[] = []
  private run: RunItem[] = []
  /** Attribute units met in the current run: listed after the run's own unit. */
  private pendingAttributes: HtmlUnit[] = []
  /** Stack depth at which a skipped (or opaque inline) subtree began. */
  private skipFrom = -1
  private opaqueStart = -1
  private preserve = 0
  private ending = false
  private readonly parser: Parser

  constructor(private readonly html: string) {
    this.parser = new Parser(
      {
        onopentag: (name, attribs, implied) => this.open(name, attribs, implied),
        onclosetag: (name, implied) => this.close(name, implied),
        ontext: (text) => this.text(text),
        oncomment: () => this.inlineMarkup(),
        onprocessinginstruction: () => this.inlineMarkup(),
      },
      { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: false },
    )
  }

  walk(): HtmlUnit[] {
    this.parser.write(this.html)
    this.ending = true
    this.parser.end()
    this.flush()
    // Keys are the units' positions in document order: stable for a given file.
    this.units.forEach((unit, index) => (unit.unit.key = String(index + 1)))
    return this.units
  }

  private get skipping() {
    return this.skipFrom >= 0
  }

  private open(name: string, attribs: Record<string, string>, implied: boolean) {
    // htmlparser2's work per element grows with the depth (100,000 nested elements: 8 s); real pages stay far below.
    if (this.stack.length >= MAX_DEPTH) throw new FormatError(`elements are nested more than ${MAX_DEPTH} deep`)
    const start = this.parser.startIndex
    const end = implied ? start : this.parser.endIndex + 1
    const entry: OpenElement = { name, inline: inlineElements.has(name), void: voidElements.has(name) }
    const depth = this.stack.length
    if (this.skipping) return void this.stack.push(entry)
    const translate = (attribs.translate ?? '').toLowerCase() !== 'no'
    if (!translate || skippedElements.has(name)) {
      if (entry.void) this.run.push({ type: 'tag', kind: 'self', element: name, start, end, attributes: [] })
      else {
        if (entry.inline) this.opaqueStart = start
        else this.flush()
        this.skipFrom = depth
      }
      return void this.stack.push(entry)
    }
    const attributes = implied ? [] : this.attributeUnits(name, attribs, start, end)
    if (entry.inline) {
      const item: TagItem = { type: 'tag', kind: entry.void ? 'self' : 'open', element: name, start, end, attributes }
      this.run.push(item)
      this.pendingAttributes.push(...attributes)
    } else {
      this.flush()
      this.units.push(...attributes)
      if (whitespacePreserving.has(name)) this.preserve++
    }
    this.stack.push(entry)
  }

  private close(name: string, implied: boolean) {
    const entry = this.stack[this.stack.length - 1]
    if (!entry) return
    if (entry.void) return void this.stack.pop()
    const start = this.ending ? this.html.length : this.parser.startIndex
    const end = implied ? start : this.parser.endIndex + 1
    if (this.skipping) {
      this.stack.pop()
      if (this.stack.length > this.skipFrom) return
      this.skipFrom = -1
      if (this.opaqueStart >= 0) {
        this.run.push({ type: 'tag', kind: 'self', element: name, start: this.opaqueStart, end, attributes: [] })
        this.opaqueStart = -1
      }
      return
    }
    if (entry.inline) this.run.push({ type: 'tag', kind: 'close', element: name, start, end, attributes: [] })
    else {
      this.flush() // while the block is still on the stack: it names the unit's context
      if (whitespacePreserving.has(name)) this.preserve--
    }
    this.stack.pop()
  }

  private text(text: string) {
    if (this.skipping) return
    this.run.push({ type: 'text', start: this.parser.startIndex, end: this.parser.endIndex + 1, text })
  }

  /** Comments and processing instructions inside a run travel as codes. */
  private inlineMarkup() {
    if (this.skipping) return
    this.run.push({ type: 'tag', kind: 'self', element: '!', start: this.parser.startIndex, end: this.parser.endIndex + 1, attributes: [] })
  }

  private attributeUnits(element: string, attribs: Record<string, string>, start: number, end: number): HtmlUnit[] {
    const wanted = translatableAttributes(element, attribs)
    if (wanted.length === 0) return []
    const raw = rawAttributes(this.html.slice(start, end))
    const units: HtmlUnit[] = []
    for (const name of wanted) {
      const position = raw.find((attr) => attr.name === name)
      const text = collapse(attribs[name]!).trim()
      if (!position || !hasTranslatableText([{ kind: 'text', text }])) continue
      units.push({
        unit: { key: '', source: [{ kind: 'text', text }], segmentable: true, context: `${element} ${name}` },
        start: start + position.valueStart,
        end: start + position.valueEnd,
        codes: [],
        quote: position.quote,
      })
    }
    return units
  }

  /** Ends the current run: its unit (if it has text), then the attribute units met inside it. */
  private flush() {
    const run = this.run
    this.run = []
    if (run.length > 0) {
      const unit = runUnit(this.html, run, this.preserve > 0, this.blockName())
      if (unit) this.units.push(unit)
    }
    this.units.push(...this.pendingAttributes)
    this.pendingAttributes = []
  }

  private blockName(): string | undefined {
    for (let i = this.stack.length - 1; i >= 0; i--) if (!this.stack[i]!.inline) return this.stack[i]!.name
    return undefined
  }
}

const collapsible = /[\t\n\r\f]| {2}/

function collapse(text: string): string {
  return collapsible.test(text) ? text.replace(/[ \t\n\r\f]+/g, ' ') : text
}

/** Pairs each close with the nearest open of the same element; what stays alone becomes a self tag. */
function pairTags(run: RunItem[]) {
  const open: TagItem[] = []
  for (const item of run) {
    if (item.type !== 'tag') continue
    if (item.kind === 'open') open.push(item)
    else if (item.kind === 'close') {
      let i = open.length - 1
      while (i >= 0 && open[i]!.element !== item.element) i--
      if (i < 0) {
        item.kind = 'self'
        continue
      }
      const partner = open[i]!
      for (const unclosed of open.splice(i)) if (unclosed !== partner) unclosed.kind = 'self'
      partner.partner = item
      item.partner = partner
    }
  }
  for (const unclosed of open) unclosed.kind = 'self'
}

/** Leading/trailing whitespace and isolated codes, and tag pairs around everything, stay in the skeleton. */
function trimRun(run: RunItem[]): { first: number; last: number } {
  const isEdge = (item: RunItem) => (item.type === 'text' ? isBlank(item.text) : item.kind === 'self')
  let first = 0
  let last = run.length - 1
  for (;;) {
    while (first <= last && isEdge(run[first]!)) first++
    while (last >= first && isEdge(run[last]!)) last--
    const head = run[first]
    if (first < last && head?.type === 'tag' && head.kind === 'open' && head.partner === run[last]) {
      first++
      last--
      continue
    }
    return { first, last }
  }
}

function runUnit(html: string, run: RunItem[], preserve: boolean, block: string | undefined): HtmlUnit | undefined {
  pairTags(run)
  const { first, last } = trimRun(run)
  if (first > last) return undefined
  const tokens: TaggedText = []
  const codes: HtmlCode[] = []
  const ids = new Map<TagItem, number>()
  let text = ''
  const flushText = () => {
    if (text) tokens.push({ kind: 'text', text: preserve ? text : collapse(text) })
    text = ''
  }
  for (let i = first; i <= last; i++) {
    const item = run[i]!
    if (item.type === 'text') {
      text += item.text
      continue
    }
    flushText()
    let id: number
    if (item.kind === 'close' && item.partner) id = ids.get(item.partner)!
    else {
      id = ids.size + 1
      ids.set(item, id)
    }
    codes.push({ start: item.start, end: item.end, attributes: item.attributes })
    const fallback = item.kind === 'self' ? 'x' : 'g'
    const name = item.element === '!' ? 'x' : tagName(tagNames[item.element] ?? item.element, fallback)
    tokens.push({ kind: item.kind, name, id, ref: String(codes.length - 1) })
  }
  flushText()
  const head = tokens[0]
  if (head?.kind === 'text') head.text = head.text.replace(/^[ \t\n\r\f]+/, '')
  const tail = tokens[tokens.length - 1]
  if (tail?.kind === 'text') tail.text = tail.text.replace(/[ \t\n\r\f]+$/, '')
  if (!hasTranslatableText(tokens)) return undefined
  const firstItem = run[first]!
  const lastItem = run[last]!
  const start = firstItem.start + (firstItem.type === 'text' ? leadingBlank(html.slice(firstItem.start, firstItem.end)) : 0)
  const end = lastItem.end - (lastItem.type === 'text' ? trailingBlank(html.slice(lastItem.start, lastItem.end)) : 0)
  const unit: Unit = { key: '', source: tokens, segmentable: true }
  if (block) unit.context = block
  return { unit, start, end, codes }
}

function leadingBlank(raw: string): number {
  return /^[ \t\n\r\f]*/.exec(raw)![0].length
}

function trailingBlank(raw: string): number {
  return /[ \t\n\r\f]*$/.exec(raw)![0].length
}
