import type { TagKind, TagToken, TaggedText } from '../../tags/types'
import { resolveTags } from './inline-codes'
import { type XmlElement, type XmlNode, escapeXmlText } from './xml-tree'

/**
 * Inline content of an XML element (an XLIFF <source>, <target> or <mrk>) as tagged text plus the unit's code
 * table. Each filter says what its inline elements are through a `classify` table; this module does the walk,
 * the pairing of start/end codes, the numbering and the rendering of a translation back into markup.
 */

export interface InlineSpec {
  /** Canonical tag name (1–5 alphanumerics). */
  name: string
  /**
   * paired: start tag → open, end tag → close, content is part of the unit (g, pc, mrk).
   * self | placeholder: the whole element is one code (x, ph, it).
   * start | end: the whole element is one code opening or closing a pair found by `pairId` among the unit's
   * codes (bpt/ept, bx/ex, sc/ec); without its partner it is a self tag named `loneName`.
   */
  role: 'paired' | 'self' | 'placeholder' | 'start' | 'end'
  /** The element's own id: ties a target's tags to the source's. */
  id?: string
  pairId?: string
  loneName?: string
}

export type Classify = (element: XmlElement) => InlineSpec

interface RawTag {
  kind: TagKind
  name: string
  code: string
  /** Identity across source and target: name + original id (or occurrence). */
  match: string
  spec?: InlineSpec
  partner?: RawTag
}

type RawPiece = string | RawTag

/** The markup of a unit: tokens with refs into `codes`, and the (match → id) map used to number a target. */
export interface InlineContent {
  tokens: TaggedText
  codes: string[]
  ids: Map<string, number>
}

export function readInline(text: string, children: XmlNode[], classify: Classify, codes: string[], sourceIds?: Map<string, number>): InlineContent {
  const pieces: RawPiece[] = []
  // Occurrence counts keep keys unique when ids are missing or repeated (<x id="1"/><x id="1"/>): the n-th such
  // code of a target then maps to the n-th of the source.
  const seen = new Map<string, number>()
  const matchKey = (name: string, id: string | undefined) => {
    const base = id === undefined ? `${name}@` : `${name}#${id}`
    const n = (seen.get(base) ?? 0) + 1
    seen.set(base, n)
    return n === 1 ? base : `${base}^${n}`
  }
  walk(text, children, classify, pieces, matchKey)
  pairStartsAndEnds(pieces)
  return numberPieces(pieces, codes, sourceIds)
}

function walk(text: string, children: XmlNode[], classify: Classify, pieces: RawPiece[], matchKey: (name: string, id?: string) => string) {
  for (const node of children) {
    if (node.kind === 'text') {
      pieces.push(node.text)
    } else if (node.kind !== 'element') {
      pieces.push({ kind: 'self', name: 'x', code: text.slice(node.start, node.end), match: matchKey('x') })
    } else {
      const spec = classify(node)
      if (spec.role === 'paired') {
        const match = matchKey(spec.name, spec.id)
        const startTag = text.slice(node.start, node.contentStart)
        const open: RawTag = { kind: 'open', name: spec.name, code: node.selfClosing ? startTag.replace(/\s*\/>$/, '>') : startTag, match }
        const close: RawTag = { kind: 'close', name: spec.name, code: node.selfClosing ? `</${node.name}>` : text.slice(node.contentEnd, node.end), match }
        open.partner = close
        close.partner = open
        pieces.push(open)
        walk(text, node.children, classify, pieces, matchKey)
        pieces.push(close)
      } else if ((spec.role === 'self' || spec.role === 'placeholder') && node.children.some(isSub)) {
        walkSubs(text, node, spec, classify, pieces, matchKey)
      } else {
        const kind = spec.role === 'placeholder' ? 'placeholder' : 'self'
        pieces.push({ kind, name: spec.name, code: text.slice(node.start, node.end), match: matchKey(spec.name, spec.id ?? spec.pairId), spec })
      }
    }
  }
}

const isSub = (node: XmlNode): node is XmlElement => node.kind === 'element' && node.name === 'sub'

/**
 * Issue 57: XLIFF 1.2's `sub` inside a code (`<ph>&lt;img alt="<sub>A picture</sub>"&gt;</ph>`) holds text to
 * translate. Each sub is a tag pair around its text, the code's markup on either side in the pair's tags.
 */
function walkSubs(text: string, code: XmlElement, spec: InlineSpec, classify: Classify, pieces: RawPiece[], matchKey: (name: string, id?: string) => string) {
  const subs = code.children.filter(isSub)
  let at = code.start
  subs.forEach((sub, index) => {
    const match = matchKey(spec.name, `${spec.id ?? ''}/sub${index}`)
    const open: RawTag = { kind: 'open', name: spec.name, code: text.slice(at, sub.contentStart), match }
    const close: RawTag = { kind: 'close', name: spec.name, code: index === subs.length - 1 ? text.slice(sub.contentEnd, code.end) : '', match }
    open.partner = close
    close.partner = open
    pieces.push(open)
    walk(text, sub.children, classify, pieces, matchKey)
    pieces.push(close)
    at = sub.contentEnd
  })
}

/** A start code followed later by an end code with the same pair id becomes an open/close pair. */
function pairStartsAndEnds(pieces: RawPiece[]) {
  const waiting = new Map<string, RawTag>()
  for (const piece of pieces) {
    if (typeof piece === 'string' || !piece.spec) continue
    const { role, pairId } = piece.spec
    if (pairId === undefined) continue
    if (role === 'start') waiting.set(pairId, piece)
    else if (role === 'end') {
      const start = waiting.get(pairId)
      if (!start) continue
      waiting.delete(pairId)
      start.kind = 'open'
      piece.kind = 'close'
      piece.name = start.name
      start.partner = piece
      piece.partner = start
    }
  }
  for (const piece of pieces) {
    if (typeof piece !== 'string' && piece.spec?.role === 'end' && !piece.partner && piece.spec.loneName) piece.name = piece.spec.loneName
  }
}

function numberPieces(pieces: RawPiece[], codes: string[], sourceIds?: Map<string, number>): InlineContent {
  const tokens: TaggedText = []
  const ids = new Map<string, number>()
  const given = new Map<RawTag, number>()
  const used = new Set(sourceIds?.values() ?? [])
  const assigned = new Set<number>()
  let next = 1
  const freshId = () => {
    while (used.has(next)) next++
    used.add(next)
    return next
  }
  let text = ''
  const flush = () => {
    if (text) tokens.push({ kind: 'text', text })
    text = ''
  }
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      text += piece
      continue
    }
    flush()
    let id: number
    if (piece.kind === 'close' && piece.partner && given.has(piece.partner)) id = given.get(piece.partner)!
    else {
      const known = sourceIds?.get(`${piece.kind} ${piece.match}`)
      id = known !== undefined && !assigned.has(known) ? known : freshId()
      assigned.add(id)
      used.add(id)
      given.set(piece, id)
      ids.set(`${piece.kind} ${piece.match}`, id)
    }
    codes.push(piece.code)
    const token: TagToken = { kind: piece.kind, name: piece.name, id, ref: String(codes.length - 1) }
    tokens.push(token)
  }
  flush()
  return { tokens, codes, ids }
}

/** A translation as markup: text escaped, each tag replaced by the unit's original code for it. */
export function renderInline(translation: TaggedText, known: TaggedText, codes: string[]): string {
  const out: string[] = []
  for (const { token, code } of resolveTags(translation, known)) {
    out.push(token.kind === 'text' ? escapeXmlText(token.text) : (codes[code!] ?? ''))
  }
  return out.join('')
}

/** A start tag with one attribute set (added before the `>` when missing); an empty-element tag is opened. */
export function startTagWith(text: string, element: XmlElement, name: string, value: string): string {
  const tag = text.slice(element.start, element.contentStart)
  const existing = element.attributes.find((attr) => attr.name === name)
  let out: string
  if (existing) {
    out = tag.slice(0, existing.valueStart - element.start) + value + tag.slice(existing.valueEnd - element.start)
  } else {
    const close = element.selfClosing ? tag.lastIndexOf('/') : tag.length - 1
    out = `${tag.slice(0, close).replace(/\s+$/, '')} ${name}="${value}"${tag.slice(close)}`
  }
  return element.selfClosing ? out.replace(/\s*\/>$/, '>') : out
}

/** The text of the whitespace-only node before `child` in `parent`, to indent an inserted sibling alike. */
export function indentBefore(text: string, parent: XmlElement, child: XmlElement): string {
  const index = parent.children.indexOf(child)
  const previous = parent.children[index - 1]
  if (!previous || previous.kind !== 'text') return ''
  const raw = text.slice(previous.start, previous.end)
  const lastBreak = Math.max(raw.lastIndexOf('\n'), raw.lastIndexOf('\r'))
  return /^[ \t\r\n]*$/.test(raw) && lastBreak >= 0 ? raw.slice(lastBreak > 0 && raw[lastBreak - 1] === '\r' ? lastBreak - 1 : lastBreak) : ''
}
