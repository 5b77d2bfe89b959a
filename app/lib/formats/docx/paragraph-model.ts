import type { TagToken, TaggedText } from '../../tags/types'
import { attributeValue, elementText, type XmlElement } from './xml-tree'

/**
 * How one `w:p` becomes tagged text, and what each tag stands for. Extraction and merge both build this
 * model from the original part, so a tag's id always finds the same original markup.
 *
 *  - text of `w:t` is text; adjacent runs whose formatting differs only in proofing and revision noise
 *    (rsid attributes, `w:lang`, `w:noProof`, `w:proofErr`, `w:lastRenderedPageBreak`, `_GoBack`, smart
 *    tags) merge; differences a reader can see (character spacing, scaling, colour) are kept as tags;
 *  - each scope (the paragraph, a hyperlink, a content control, a field result…) has a base formatting (see
 *    `baseText`). Text formatted otherwise is wrapped in a `g` pair standing for its run properties;
 *  - hyperlinks, smart tags, simple fields, content controls and complex fields with a result are `g` pairs
 *    around their content; everything else inline (tabs, drawings, footnote references, bookmarks, field
 *    instructions, math…) is a self-closing `x` code, line breaks a `ph` placeholder;
 *  - codes before the first and after the last text stay in the skeleton rather than in the unit;
 *  - tracked changes: the unit shows the current text. Inserted runs are ordinary text, deleted runs are not
 *    part of the unit; a paragraph that receives a translation is written with its changes accepted.
 */

/** A piece of original markup re-emitted on merge: a run child (re-wrapped in its run's `w:r` and `w:rPr`) or a whole element. */
export interface Emit {
  node: XmlElement
  run?: XmlElement
  runProperties?: XmlElement
}

type CodeRole = 'break' | 'field-begin' | 'field-separate' | 'field-end' | 'field-instruction' | 'other'

interface TextItem {
  kind: 'text'
  text: string
  node: XmlElement
  run: XmlElement
  runProperties?: XmlElement
  formatKey: string
}

interface CodeItem {
  kind: 'code'
  role: CodeRole
  emits: Emit[]
}

interface ScopeItem {
  kind: 'scope'
  open: Emit[]
  close: Emit[]
  children: Item[]
}

type Item = TextItem | CodeItem | ScopeItem

/** What a tag of the unit stands for; `Code[ref]`. */
export type Code =
  | { kind: 'format'; runProperties?: XmlElement }
  | { kind: 'scope'; open: Emit[]; close: Emit[]; baseRunProperties?: XmlElement }
  | { kind: 'inline'; emits: Emit[] }

export interface ParagraphModel {
  paragraph: XmlElement
  /** The stretch of the paragraph rewritten on merge: after `w:pPr`, before `</w:p>`. */
  contentStart: number
  contentEnd: number
  leading: Emit[]
  trailing: Emit[]
  baseRunProperties?: XmlElement
  source: TaggedText
  codes: Code[]
  /** False when the paragraph has no text worth translating (empty, only drawings or spaces). */
  translatable: boolean
}

export interface PartContext {
  xml: string
  /** Ids of bookmarks Word keeps for itself (`_GoBack`, the last edit position): noise. */
  noiseBookmarkIds: ReadonlySet<string>
}

export function buildParagraphModel(part: PartContext, paragraph: XmlElement): ParagraphModel {
  const properties = paragraph.children[0]?.name === 'w:pPr' ? paragraph.children[0] : undefined
  const content = properties ? paragraph.children.slice(1) : paragraph.children
  const items = groupFields(collectItems(part, content))
  let first = 0
  while (items[first]?.kind === 'code') first++
  let last = items.length
  while (last > first && items[last - 1]?.kind === 'code') last--
  const body = items.slice(first, last)
  const base = baseText(body)
  const tokens = new TokenWriter()
  tokens.writeScope(body, base?.formatKey)
  return {
    paragraph,
    contentStart: properties ? properties.end : paragraph.openEnd,
    contentEnd: paragraph.closeStart,
    leading: items.slice(0, first).flatMap(emitsOf),
    trailing: items.slice(last).flatMap(emitsOf),
    baseRunProperties: base?.runProperties,
    source: tokens.tokens,
    codes: tokens.codes,
    translatable: hasWords(body),
  }
}

// --- from markup to items ---------------------------------------------------------------------------------

/**
 * Containers whose content is read as if it stood in the paragraph itself: tracked insertions, and smart tags
 * (Word's recognisers for places and dates, which Word itself has ignored since 2010).
 */
const TRANSPARENT = new Set(['w:ins', 'w:moveTo', 'w:smartTag'])
/** Not part of the current text (tracked deletions) or pure noise: left out of the unit and of a rewritten paragraph. */
const DROPPED = new Set(['w:del', 'w:moveFrom', 'w:proofErr', 'w:lastRenderedPageBreak', 'w:delText', 'w:delInstrText', 'w:smartTagPr'])
/** Inline containers that become a tag pair around their content. */
const WRAPPERS = new Set(['w:hyperlink', 'w:fldSimple', 'w:customXml', 'w:dir', 'w:bdo', 'w:sdt'])

function collectItems(part: PartContext, nodes: readonly XmlElement[], items: Item[] = []): Item[] {
  for (const node of nodes) {
    if (DROPPED.has(node.name) || isNoiseBookmark(part, node)) continue
    if (node.name === 'w:r') collectRun(part, node, items)
    else if (TRANSPARENT.has(node.name)) collectItems(part, node.children, items)
    else if (WRAPPERS.has(node.name)) items.push(wrapperItem(part, node))
    else items.push({ kind: 'code', role: 'other', emits: [{ node }] })
  }
  return items
}

function collectRun(part: PartContext, run: XmlElement, items: Item[]) {
  const runProperties = run.children[0]?.name === 'w:rPr' ? run.children[0] : undefined
  for (const node of run.children) {
    if (node === runProperties || DROPPED.has(node.name)) continue
    if (node.name === 'w:t') {
      const text = elementText(part.xml, node)
      if (text !== '') items.push({ kind: 'text', text, node, run, runProperties, formatKey: formatKey(part.xml, runProperties) })
    } else {
      items.push({ kind: 'code', role: runChildRole(part.xml, node), emits: [{ node, run, runProperties }] })
    }
  }
}

function runChildRole(xml: string, node: XmlElement): CodeRole {
  switch (node.name) {
    case 'w:br': {
      const type = attributeValue(xml, node, 'type')
      return type === undefined || type === 'textWrapping' ? 'break' : 'other'
    }
    case 'w:cr':
      return 'break'
    case 'w:instrText':
      return 'field-instruction'
    case 'w:fldChar': {
      const type = attributeValue(xml, node, 'fldCharType')
      return type === 'begin' ? 'field-begin' : type === 'separate' ? 'field-separate' : type === 'end' ? 'field-end' : 'other'
    }
    default:
      return 'other'
  }
}

function wrapperItem(part: PartContext, wrapper: XmlElement): Item {
  const container = wrapper.name === 'w:sdt' ? wrapper.children.find((child) => child.name === 'w:sdtContent') : wrapper
  if (!container) return { kind: 'code', role: 'other', emits: [{ node: wrapper }] }
  // Property children (w:sdtPr, w:smartTagPr, …) travel with the opening tag.
  const content = container.children.filter((child) => !child.name.endsWith('Pr') || child.name === 'w:rPr')
  const contentStart = content[0]?.start ?? container.closeStart
  const children = groupFields(collectItems(part, wrapper === container ? content : container.children))
  if (!children.some(containsText)) return { kind: 'code', role: 'other', emits: [{ node: wrapper }] }
  return {
    kind: 'scope',
    open: [{ node: slice(wrapper.start, container === wrapper ? contentStart : container.openEnd) }],
    close: [{ node: slice(container.closeStart, wrapper.end) }],
    children,
  }
}

/** A stretch of the original written back as it is (nested translated paragraphs excepted). */
function slice(start: number, end: number): XmlElement {
  return { qname: '', name: '', start, openEnd: end, closeStart: end, end, attributesStart: start, attributesEnd: start, children: [] }
}

function isNoiseBookmark(part: PartContext, node: XmlElement): boolean {
  if (node.name !== 'w:bookmarkStart' && node.name !== 'w:bookmarkEnd') return false
  const id = attributeValue(part.xml, node, 'id')
  return id !== undefined && part.noiseBookmarkIds.has(id)
}

// --- complex fields ---------------------------------------------------------------------------------------

/**
 * `begin … separate` (the instruction) becomes one code, `end` another; when both ends and the result are in
 * the same list and the result has text, the field is a pair around its result. A field without a result
 * (or whose result is empty) is a single code.
 */
function groupFields(items: Item[]): Item[] {
  if (!items.some((item) => item.kind === 'code' && item.role === 'field-begin')) return items
  const grouped: Item[] = []
  let next = 0
  for (const [i, item] of items.entries()) {
    if (i < next) continue
    next = i + 1
    if (item.kind !== 'code' || item.role !== 'field-begin') {
      grouped.push(item)
      continue
    }
    const separator = findAtDepth(items, i + 1, 'field-separate')
    const ending = findAtDepth(items, i + 1, 'field-end')
    if (ending !== -1 && (separator === -1 || ending < separator)) {
      grouped.push(joinCodes(items.slice(i, ending + 1)))
      next = ending + 1
    } else if (separator !== -1) {
      const end = findAtDepth(items, separator + 1, 'field-end')
      const result = end === -1 ? [] : groupFields(items.slice(separator + 1, end))
      if (end === -1) {
        grouped.push(joinCodes(items.slice(i, separator + 1)))
        next = separator + 1
      } else if (result.some(containsText)) {
        const open = items.slice(i, separator + 1).flatMap(emitsOf)
        grouped.push({ kind: 'scope', open, close: items.slice(end, end + 1).flatMap(emitsOf), children: result })
        next = end + 1
      } else {
        grouped.push(joinCodes(items.slice(i, end + 1)))
        next = end + 1
      }
    } else {
      grouped.push(item)
    }
  }
  return grouped
}

function findAtDepth(items: readonly Item[], from: number, role: CodeRole): number {
  let depth = 0
  for (const [i, item] of items.entries()) {
    if (i < from || item.kind !== 'code') continue
    if (depth === 0 && item.role === role) return i
    if (item.role === 'field-begin') depth++
    else if (item.role === 'field-end') {
      if (depth === 0) return -1
      depth--
    }
  }
  return -1
}

function joinCodes(items: readonly Item[]): CodeItem {
  return { kind: 'code', role: 'other', emits: items.flatMap(emitsOf) }
}

function emitsOf(item: Item): Emit[] {
  if (item.kind === 'code') return item.emits
  if (item.kind === 'scope') return [...item.open, ...item.children.flatMap(emitsOf), ...item.close]
  // Text that ends up inside a code (within a field instruction) is written back as it was.
  return [{ node: item.node, run: item.run, runProperties: item.runProperties }]
}

function containsText(item: Item): boolean {
  return item.kind === 'text' || (item.kind === 'scope' && item.children.some(containsText))
}

function hasWords(items: readonly Item[]): boolean {
  return items.some((item) => (item.kind === 'text' ? /\S/.test(item.text) : item.kind === 'scope' && hasWords(item.children)))
}

/**
 * The text whose formatting a scope's untagged text takes: plain text (no formatting beyond noise) when the
 * scope has any, else its first text. Not the longest stretch: a translation changes lengths, and the choice
 * must come out the same when the translated file is read again.
 */
function baseText(items: readonly Item[]): TextItem | undefined {
  let first: TextItem | undefined
  for (const item of items) {
    if (item.kind !== 'text') continue
    if (item.formatKey === '') return item
    first ??= item
  }
  return first
}

// --- run formatting ---------------------------------------------------------------------------------------

const formatKeys = new Map<string, string>()

/** Run properties with proofing and revision noise removed: runs with equal keys read as one stretch of text. */
function formatKey(xml: string, runProperties: XmlElement | undefined): string {
  if (!runProperties) return ''
  const raw = xml.slice(runProperties.openEnd, runProperties.closeStart)
  let key = formatKeys.get(raw)
  if (key === undefined) {
    key = raw
      .replace(/<(?:[\w.-]+:)?(?:lang|noProof)\b[^>]*?(?:\/>|>[^<]*<\/(?:[\w.-]+:)?(?:lang|noProof)>)/g, '')
      .replace(/\s(?:[\w.-]+:)?rsid\w*\s*=\s*"[^"]*"/g, '')
      .replace(/>\s+</g, '><')
      .trim()
    if (formatKeys.size > 10_000) formatKeys.clear()
    formatKeys.set(raw, key)
  }
  return key
}

// --- from items to tokens ---------------------------------------------------------------------------------

class TokenWriter {
  tokens: TaggedText = []
  codes: Code[] = []
  private nextId = 1

  /**
   * Text in the scope's base formatting is plain text; a stretch in other formatting becomes a `g` pair,
   * running to the last text with that formatting and taking the codes in between along.
   */
  writeScope(items: readonly Item[], baseKey: string | undefined) {
    let stretch: { first: TextItem; items: (TextItem | CodeItem)[]; textEnd: number } | undefined
    const flush = () => {
      if (!stretch) return
      const open = this.open('g', { kind: 'format', runProperties: stretch.first.runProperties })
      stretch.items.slice(0, stretch.textEnd).forEach((item) => this.writeItem(item))
      this.close(open)
      stretch.items.slice(stretch.textEnd).forEach((item) => this.writeItem(item))
      stretch = undefined
    }
    for (const item of items) {
      if (item.kind === 'text' && item.formatKey !== baseKey) {
        if (stretch?.first.formatKey !== item.formatKey) {
          flush()
          stretch = { first: item, items: [], textEnd: 0 }
        }
        stretch.items.push(item)
        stretch.textEnd = stretch.items.length
      } else if (item.kind === 'code' && stretch) {
        stretch.items.push(item)
      } else {
        flush()
        this.writeItem(item)
      }
    }
    flush()
  }

  private writeItem(item: Item) {
    if (item.kind === 'text') this.writeText(item.text)
    else if (item.kind === 'code') this.writeCode(item)
    else this.writeNested(item)
  }

  private writeNested(scope: ScopeItem) {
    const base = baseText(scope.children)
    const open = this.open('g', { kind: 'scope', open: scope.open, close: scope.close, baseRunProperties: base?.runProperties })
    this.writeScope(scope.children, base?.formatKey)
    this.close(open)
  }

  private writeText(text: string) {
    const previous = this.tokens.at(-1)
    if (previous?.kind === 'text') previous.text += text
    else this.tokens.push({ kind: 'text', text })
  }

  /** Adjacent codes (a bookmark beside a tab…) travel as one tag; line breaks stay placeholders of their own. */
  private writeCode(item: CodeItem) {
    const previous = this.tokens.at(-1)
    if (item.role !== 'break' && previous?.kind === 'self' && previous.ref !== undefined) {
      const code = this.codes[Number(previous.ref)]
      if (code?.kind === 'inline') {
        code.emits.push(...item.emits)
        return
      }
    }
    const ref = this.codes.push({ kind: 'inline', emits: [...item.emits] }) - 1
    const isBreak = item.role === 'break'
    this.tokens.push({ kind: isBreak ? 'placeholder' : 'self', name: isBreak ? 'ph' : 'x', id: this.nextId++, ref: String(ref) })
  }

  private open(name: string, code: Code): TagToken {
    const ref = String(this.codes.push(code) - 1)
    const token: TagToken = { kind: 'open', name, id: this.nextId++, ref }
    this.tokens.push(token)
    return token
  }

  private close(open: TagToken) {
    this.tokens.push({ kind: 'close', name: open.name, id: open.id, ref: open.ref })
  }
}
