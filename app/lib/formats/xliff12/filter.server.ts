import type { TaggedText } from '../../tags/types'
import { type FormatFilter, FormatError, lengthLimit, type Unit } from '../types'
import { sameTaggedText } from '../xml/inline-codes'
import { type InlineSpec, indentBefore, readInline, renderInline, startTagWith } from '../xml/xml-inline'
import { type TextEdit, type XmlFile, readXmlFile, writeXmlFile } from '../xml/xml-file'
import { sniffXliffVersion, xliffRootVersion } from '../xml/xliff-root'
import { type XmlElement, type XmlNode, attribute, childElements } from '../xml/xml-tree'

/**
 * XLIFF 1.0–1.2 (also SDLXLIFF and memoQ MQXliff, which are 1.2 with extra namespaces).
 *
 * Units: one per <trans-unit> (key = file original + "#" + id), or, when <seg-source> holds <mrk mtype="seg">,
 * one per segment mrk (key + "#" + mid, not segmentable further). translate="no" (on the unit, a group or
 * the file) is skipped, and so is a source without any text. Existing targets are imported with their state.
 *
 * Merge writes a <target> only for a unit whose translation differs from what the file already says (its
 * target, or its source when there is none): so merging each unit's current content changes nothing, and an
 * untranslated unit gets no copy of its source as target. A written target gets state="translated"; a new one
 * is placed after <source>/<seg-source> with the same indentation. The <file> target-language is left as is.
 */

const inlineSpecs: Record<string, (element: XmlElement) => InlineSpec> = {
  g: (e) => ({ name: 'g', role: 'paired', id: attribute(e, 'id') }),
  mrk: (e) => ({ name: 'mrk', role: 'paired', id: attribute(e, 'mid') }),
  x: (e) => ({ name: 'x', role: 'self', id: attribute(e, 'id') }),
  ph: (e) => ({ name: 'ph', role: 'placeholder', id: attribute(e, 'id') }),
  it: (e) => ({ name: 'it', role: 'self', id: attribute(e, 'id') }),
  bx: (e) => ({ name: 'bx', role: 'start', id: attribute(e, 'id'), pairId: attribute(e, 'rid') ?? attribute(e, 'id') }),
  ex: (e) => ({ name: 'ex', role: 'end', id: attribute(e, 'id'), pairId: attribute(e, 'rid') ?? attribute(e, 'id'), loneName: 'ex' }),
  bpt: (e) => ({ name: 'bpt', role: 'start', id: attribute(e, 'id'), pairId: attribute(e, 'rid') ?? attribute(e, 'id') }),
  ept: (e) => ({ name: 'ept', role: 'end', id: attribute(e, 'id'), pairId: attribute(e, 'rid') ?? attribute(e, 'id'), loneName: 'ept' }),
}

function classify(element: XmlElement): InlineSpec {
  const known = inlineSpecs[element.name]
  if (known) return known(element)
  // Foreign inline elements (another tool's namespace): kept as codes, their content stays translatable.
  return element.children.length === 0 ? { name: 'x', role: 'self' } : { name: 'g', role: 'paired' }
}

/** One extracted unit and what merge needs to write it back. */
interface Entry {
  unit: Unit
  codes: string[]
  /** Source and target tags: what a translation's tags may refer to (source wins on a clash). */
  known: TaggedText
  /** The <source> or source segment mrk. */
  source: XmlElement
  /** The <target> or the target's segment mrk with the same mid. */
  target?: XmlElement
  mid?: string
}

interface TransUnit {
  element: XmlElement
  source: XmlElement
  segSource?: XmlElement
  target?: XmlElement
  entries: Entry[]
}

const targetStates: Record<string, Unit['targetState']> = {
  translated: 'translated',
  final: 'translated',
  'signed-off': 'translated',
  new: 'new',
  'needs-translation': 'new',
}

function targetState(target: XmlElement): Unit['targetState'] {
  const state = attribute(target, 'state')
  // No state on a target that has content: the tool that wrote it considered it done (Angular, Passolo).
  return state === undefined ? 'translated' : (targetStates[state] ?? 'draft')
}

function read(bytes: Uint8Array): { file: XmlFile; transUnits: TransUnit[] } {
  const file = readXmlFile(bytes)
  const { root } = file.document
  const version = xliffRootVersion(root)
  if (!version?.startsWith('1.')) throw new FormatError('not an XLIFF 1.x document')
  const transUnits: TransUnit[] = []
  const keys = new Set<string>()
  for (const fileElement of childElements(root, 'file')) {
    const original = attribute(fileElement, 'original') ?? ''
    collect(file.document.text, fileElement, translatable(fileElement, true), (element) => {
      const transUnit = readTransUnit(file.document.text, element, original, keys)
      if (transUnit) transUnits.push(transUnit)
    })
  }
  return { file, transUnits }
}

function translatable(element: XmlElement, inherited: boolean): boolean {
  const value = attribute(element, 'translate')
  return value === undefined ? inherited : value !== 'no'
}

function collect(text: string, parent: XmlElement, inherited: boolean, onTransUnit: (element: XmlElement) => void) {
  for (const child of childElements(parent)) {
    const translate = translatable(child, inherited)
    if (child.name === 'trans-unit') {
      if (translate) onTransUnit(child)
    } else if (child.name === 'body' || child.name === 'group') collect(text, child, translate, onTransUnit)
  }
}

function uniqueKey(keys: Set<string>, wanted: string): string {
  let key = wanted
  for (let n = 2; keys.has(key); n++) key = `${wanted}~${n}`
  keys.add(key)
  return key
}

function context(element: XmlElement, text: string): string | undefined {
  const notes = childElements(element, 'note').map((note) => noteText(note, text))
  const parts = [attribute(element, 'resname'), ...notes].filter((part): part is string => !!part && part.trim() !== '')
  return parts.length ? parts.join(' | ') : undefined
}

function noteText(note: XmlElement, text: string): string {
  return note.children.map((child) => (child.kind === 'text' ? child.text : child.kind === 'element' ? noteText(child, text) : '')).join('').trim()
}

function readTransUnit(text: string, element: XmlElement, original: string, keys: Set<string>): TransUnit | undefined {
  const source = childElements(element, 'source')[0]
  if (!source) return undefined
  const segSource = childElements(element, 'seg-source')[0]
  const target = childElements(element, 'target')[0]
  const key = uniqueKey(keys, `${original}#${attribute(element, 'id') ?? ''}`)
  const note = context(element, text)
  // Issue 58 point 6: maxwidth counts characters only with size-unit="char" (XLIFF 1.2's default unit is the pixel).
  const maxLength = attribute(element, 'size-unit') === 'char' ? lengthLimit(attribute(element, 'maxwidth')) : undefined
  const sourceSegments = segSource ? segmentMrks(segSource) : []
  const entries: Entry[] = []
  if (sourceSegments.length === 0) {
    const entry = readEntry(text, key, source, target, target, true, note)
    if (entry) entries.push(withLimit(entry, maxLength))
  } else {
    const targetSegments = new Map((target ? segmentMrks(target) : []).map((mrk) => [attribute(mrk, 'mid') ?? '', mrk]))
    const mids = new Set<string>()
    for (const mrk of sourceSegments) {
      const mid = attribute(mrk, 'mid') ?? ''
      const entry = readEntry(text, uniqueKey(mids, `${key}#${mid}`), mrk, targetSegments.get(mid), target, false, note)
      if (entry) entries.push({ ...withLimit(entry, maxLength), mid })
    }
  }
  return { element, source, segSource, target, entries }
}

function withLimit<E extends { unit: Unit }>(entry: E, maxLength: number | undefined): E {
  if (maxLength) entry.unit.maxLength = maxLength
  return entry
}

/** The <mrk mtype="seg"> elements of a seg-source or target, in order, wherever codes nest them. */
function segmentMrks(container: XmlElement): XmlElement[] {
  const found: XmlElement[] = []
  const visit = (nodes: XmlNode[]) => {
    for (const node of nodes) {
      if (node.kind !== 'element') continue
      if (node.name === 'mrk' && attribute(node, 'mtype') === 'seg') found.push(node)
      else visit(node.children)
    }
  }
  visit(container.children)
  return found
}

function readEntry(
  text: string,
  key: string,
  source: XmlElement,
  target: XmlElement | undefined,
  stateHolder: XmlElement | undefined,
  segmentable: boolean,
  note?: string,
): Entry | undefined {
  const codes: string[] = []
  const sourceContent = readInline(text, source.children, classify, codes)
  if (!sourceContent.tokens.some((token) => token.kind === 'text' && token.text.trim() !== '')) return undefined
  const unit: Unit = { key, source: sourceContent.tokens, segmentable }
  if (note) unit.context = note
  let known = sourceContent.tokens
  if (target) {
    const targetContent = readInline(text, target.children, classify, codes, sourceContent.ids)
    if (targetContent.tokens.length > 0) {
      unit.target = targetContent.tokens
      unit.targetState = targetState(stateHolder ?? target)
      known = [...targetContent.tokens, ...sourceContent.tokens]
    }
  }
  return { unit, codes, known, source, target }
}

function current(entry: Entry): TaggedText {
  return entry.unit.target ?? entry.unit.source
}

function changed(entry: Entry, translations: ReadonlyMap<string, TaggedText>): TaggedText | undefined {
  const translation = translations.get(entry.unit.key)
  return translation && !sameTaggedText(translation, current(entry)) ? translation : undefined
}

function mergeTransUnit(text: string, transUnit: TransUnit, translations: ReadonlyMap<string, TaggedText>): TextEdit[] {
  const { entries, target } = transUnit
  const updates = entries.map((entry) => changed(entry, translations))
  if (updates.every((update) => update === undefined)) return []
  const render = (entry: Entry, translation: TaggedText) => renderInline(translation, entry.known, entry.codes)

  const segmented = entries.length > 0 && entries[0]!.mid !== undefined
  const edits: TextEdit[] = []
  if (target && !target.selfClosing && (!segmented || entries.every((entry, i) => updates[i] === undefined || entry.target))) {
    // Every change has a place in the existing target: replace those contents only.
    entries.forEach((entry, i) => {
      const update = updates[i]
      if (!update) return
      const place = segmented ? entry.target! : target
      edits.push(...replaceContent(text, place, render(entry, update)))
    })
    edits.push({ start: target.start, end: target.contentStart, text: startTagWith(text, target, 'state', 'translated') })
    return edits
  }

  const content = segmented ? rebuildSegments(text, transUnit, updates, render) : render(entries[0]!, updates[0]!)
  if (target) {
    return [{ start: target.start, end: target.end, text: `${startTagWith(text, target, 'state', 'translated')}${content}</${target.name}>` }]
  }
  const after = transUnit.segSource ?? transUnit.source
  const indent = indentBefore(text, transUnit.element, transUnit.source)
  return [{ start: after.end, end: after.end, text: `${indent}<target state="translated">${content}</target>` }]
}

function replaceContent(text: string, element: XmlElement, content: string): TextEdit[] {
  if (!element.selfClosing) return [{ start: element.contentStart, end: element.contentEnd, text: content }]
  const open = text.slice(element.start, element.end).replace(/\s*\/>$/, '>')
  return [{ start: element.start, end: element.end, text: `${open}${content}</${element.name}>` }]
}

/** A whole new target built from the seg-source's markup, each segment holding its best content. */
function rebuildSegments(
  text: string,
  transUnit: TransUnit,
  updates: (TaggedText | undefined)[],
  render: (entry: Entry, translation: TaggedText) => string,
): string {
  const segSource = transUnit.segSource!
  const edits: TextEdit[] = []
  transUnit.entries.forEach((entry, i) => {
    const update = updates[i]
    const content = update
      ? render(entry, update)
      : entry.target
        ? text.slice(entry.target.contentStart, entry.target.contentEnd)
        : text.slice(entry.source.contentStart, entry.source.contentEnd)
    edits.push(...replaceContent(text, entry.source, content))
  })
  edits.sort((a, b) => a.start - b.start)
  const out: string[] = []
  let copied = segSource.contentStart
  for (const edit of edits) {
    out.push(text.slice(copied, edit.start), edit.text)
    copied = edit.end
  }
  out.push(text.slice(copied, segSource.contentEnd))
  return out.join('')
}

export const xliff12Filter: FormatFilter = {
  id: 'xliff12',
  extensions: ['xlf', 'xliff', 'sdlxliff', 'mqxliff'],
  mimeType: 'application/x-xliff+xml',

  detect(name, bytes) {
    const extension = name.toLowerCase().split('.').pop() ?? ''
    // The root decides the version; whether the rest is well-formed is extract's business (FormatError).
    return this.extensions.includes(extension) && (sniffXliffVersion(bytes)?.startsWith('1.') ?? false)
  },

  extract(bytes) {
    return read(bytes).transUnits.flatMap((transUnit) => transUnit.entries.map((entry) => entry.unit))
  },

  merge(bytes, translations) {
    const { file, transUnits } = read(bytes)
    const edits = transUnits.flatMap((transUnit) => mergeTransUnit(file.document.text, transUnit, translations))
    return writeXmlFile(bytes, file, edits)
  },
}
