import type { TaggedText } from '../../tags/types'
import { type FormatFilter, FormatError, lengthLimit, type Unit } from '../types'
import { sameTaggedText } from '../xml/inline-codes'
import { sniffXliffVersion, xliffRootVersion } from '../xml/xliff-root'
import { type InlineSpec, indentBefore, readInline, renderInline, startTagWith } from '../xml/xml-inline'
import { type TextEdit, readXmlFile, writeXmlFile } from '../xml/xml-file'
import { type XmlElement, attribute, childElements } from '../xml/xml-tree'

/**
 * XLIFF 2.x. One unit per <segment> (key = file id + "#" + unit id + "#" + segment id), never segmented further:
 * the file is already segmented. <ignorable>, <originalData> and every module (mda, slr, mtc, …) stay in the
 * skeleton. translate="no" on a file, group or unit is skipped (inherited, a child may turn it back on), and so
 * is a segment whose source has no text. Existing targets and the segment state are imported.
 *
 * Merge writes a <target> only where the translation differs from what the file already says (the target, or
 * the source when there is none), sets state="translated" on that segment, and places a new target right
 * after the <source> with the same indentation.
 */

const inlineSpecs: Record<string, (element: XmlElement) => InlineSpec> = {
  pc: (e) => ({ name: 'pc', role: 'paired', id: attribute(e, 'id') }),
  mrk: (e) => ({ name: 'mrk', role: 'paired', id: attribute(e, 'id') }),
  ph: (e) => ({ name: 'ph', role: 'placeholder', id: attribute(e, 'id') }),
  sc: (e) =>
    attribute(e, 'isolated') === 'yes'
      ? { name: 'sc', role: 'self', id: attribute(e, 'id') }
      : { name: 'sc', role: 'start', id: attribute(e, 'id'), pairId: attribute(e, 'id') },
  ec: (e) =>
    attribute(e, 'isolated') === 'yes'
      ? { name: 'ec', role: 'self', id: attribute(e, 'id') }
      : { name: 'ec', role: 'end', id: attribute(e, 'startRef'), pairId: attribute(e, 'startRef'), loneName: 'ec' },
  sm: (e) => ({ name: 'sm', role: 'self', id: attribute(e, 'id') }),
  em: (e) => ({ name: 'em', role: 'self', id: attribute(e, 'startRef') }),
  cp: (e) => ({ name: 'cp', role: 'self', id: attribute(e, 'hex') }),
}

function classify(element: XmlElement): InlineSpec {
  const known = inlineSpecs[element.name]
  if (known) return known(element)
  return element.children.length === 0 ? { name: 'x', role: 'self' } : { name: 'g', role: 'paired' }
}

interface Entry {
  unit: Unit
  codes: string[]
  known: TaggedText
  segment: XmlElement
  source: XmlElement
  target?: XmlElement
}

const segmentStates: Record<string, Unit['targetState']> = {
  initial: 'draft',
  translated: 'translated',
  reviewed: 'translated',
  final: 'final',
}

function translatable(element: XmlElement, inherited: boolean): boolean {
  const value = attribute(element, 'translate')
  return value === undefined ? inherited : value !== 'no'
}

function uniqueKey(keys: Set<string>, wanted: string): string {
  let key = wanted
  for (let n = 2; keys.has(key); n++) key = `${wanted}~${n}`
  keys.add(key)
  return key
}

function read(bytes: Uint8Array) {
  const file = readXmlFile(bytes)
  const { root, text } = file.document
  if (!xliffRootVersion(root)?.startsWith('2.')) throw new FormatError('not an XLIFF 2.x document')
  const entries: Entry[] = []
  const keys = new Set<string>()
  for (const fileElement of childElements(root, 'file')) {
    const fileId = attribute(fileElement, 'id') ?? ''
    const visit = (parent: XmlElement, inherited: boolean) => {
      for (const child of childElements(parent)) {
        const translate = translatable(child, inherited)
        if (child.name === 'group') visit(child, translate)
        else if (child.name === 'unit' && translate) entries.push(...readUnit(text, child, fileId, keys, counted))
      }
    }
    // Issue 58 point 6: the size restriction module's limits, when they count code points (the profile Matecat,
    // Memsource and Okapi write); another profile (pixels, bytes) is not a character count.
    const profiles = childElements(fileElement).find((child) => child.name === 'slr:profiles' || child.name === 'profiles')
    const profile = profiles ? attribute(profiles, 'generalProfile') : undefined
    const counted = profile === undefined || profile === 'xliff:codepoints'
    visit(fileElement, translatable(fileElement, true))
  }
  return { file, entries }
}

function unitContext(unit: XmlElement): string | undefined {
  const notes = childElements(unit, 'notes').flatMap((notes) => childElements(notes, 'note'))
  const texts = notes.map((note) => note.children.map((child) => (child.kind === 'text' ? child.text : '')).join('').trim())
  const parts = [attribute(unit, 'name'), ...texts].filter((part): part is string => !!part)
  return parts.length ? parts.join(' | ') : undefined
}

function readUnit(text: string, unitElement: XmlElement, fileId: string, keys: Set<string>, counted: boolean): Entry[] {
  const base = `${fileId}#${attribute(unitElement, 'id') ?? ''}`
  const context = unitContext(unitElement)
  const maxLength = counted ? lengthLimit(attribute(unitElement, 'slr:sizeRestriction')) : undefined
  const entries: Entry[] = []
  childElements(unitElement, 'segment').forEach((segment, index) => {
    const source = childElements(segment, 'source')[0]
    if (!source) return
    const target = childElements(segment, 'target')[0]
    const codes: string[] = []
    const sourceContent = readInline(text, source.children, classify, codes)
    if (!sourceContent.tokens.some((token) => token.kind === 'text' && token.text.trim() !== '')) return
    const unit: Unit = { key: uniqueKey(keys, `${base}#${attribute(segment, 'id') ?? index + 1}`), source: sourceContent.tokens, segmentable: false }
    if (context) unit.context = context
    if (maxLength) unit.maxLength = maxLength
    let known = sourceContent.tokens
    if (target) {
      const targetContent = readInline(text, target.children, classify, codes, sourceContent.ids)
      if (targetContent.tokens.length > 0) {
        unit.target = targetContent.tokens
        unit.targetState = segmentStates[attribute(segment, 'state') ?? 'initial'] ?? 'draft'
        known = [...targetContent.tokens, ...sourceContent.tokens]
      }
    }
    entries.push({ unit, codes, known, segment, source, target })
  })
  return entries
}

function mergeEntry(text: string, entry: Entry, translations: ReadonlyMap<string, TaggedText>): TextEdit[] {
  const translation = translations.get(entry.unit.key)
  if (!translation || sameTaggedText(translation, entry.unit.target ?? entry.unit.source)) return []
  const content = renderInline(translation, entry.known, entry.codes)
  const { segment, source, target } = entry
  const edits: TextEdit[] = [{ start: segment.start, end: segment.contentStart, text: startTagWith(text, segment, 'state', 'translated') }]
  if (!target) {
    const indent = indentBefore(text, segment, source)
    edits.push({ start: source.end, end: source.end, text: `${indent}<target>${content}</target>` })
  } else if (target.selfClosing) {
    edits.push({ start: target.start, end: target.end, text: `${text.slice(target.start, target.end).replace(/\s*\/>$/, '>')}${content}</${target.name}>` })
  } else {
    edits.push({ start: target.contentStart, end: target.contentEnd, text: content })
  }
  return edits
}

export const xliff20Filter: FormatFilter = {
  id: 'xliff20',
  extensions: ['xlf', 'xliff'],
  mimeType: 'application/xliff+xml',

  detect(name, bytes) {
    const extension = name.toLowerCase().split('.').pop() ?? ''
    return this.extensions.includes(extension) && (sniffXliffVersion(bytes)?.startsWith('2.') ?? false)
  },

  extract(bytes) {
    return read(bytes).entries.map((entry) => entry.unit)
  },

  merge(bytes, translations) {
    const { file, entries } = read(bytes)
    const edits = entries.flatMap((entry) => mergeEntry(file.document.text, entry, translations))
    return writeXmlFile(bytes, file, edits)
  },
}
