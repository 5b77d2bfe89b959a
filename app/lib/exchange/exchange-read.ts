import { FormatError } from '../formats/types'
import { readXmlFile } from '../formats/xml/xml-file'
import { xliffRootVersion } from '../formats/xml/xliff-root'
import { type XmlElement, attribute, localName } from '../formats/xml/xml-tree'
import type { SegmentStatus } from '../projects/segment-rules'
import { EXCHANGE_NAMESPACE, statusFromXliff12, statusFromXliff20 } from './exchange-state'

/**
 * Issue 18 bilingual exchange, reading an XLIFF 1.2 or 2.0 file that Tulks exported and another tool translated:
 * per <file>, the project it came from (tulks:project, else the name) and per unit the segment id, the source text,
 * the target's XML (read against the segment's source tags later, exchange-import.server.ts), the status the target
 * now has and the state it was exported with (tulks:was). Elements are matched by local name, so a prefixed
 * XLIFF namespace reads the same.
 */
export interface ExchangeUnit {
  segmentId: number
  /** The source's text with its inline elements' text (to check the file still belongs to the segment). */
  sourceText: string
  /** The <target> element; undefined when the unit has none or an empty one. */
  target?: XmlElement
  status: SegmentStatus
  /** stateMark of the segment when it was exported, when the file kept it. */
  was?: string
}

export interface ExchangeFile {
  projectId?: number
  original: string
  exportedAt?: Date
  units: ExchangeUnit[]
}

export interface ExchangeDocument {
  version: '1.2' | '2.0'
  files: ExchangeFile[]
}

/** Throws FormatError when the bytes are not an XLIFF 1.x or 2.x document. */
export function readExchangeXliff(bytes: Uint8Array): ExchangeDocument {
  const { root } = readXmlFile(bytes).document
  const version = xliffRootVersion(root)
  if (!version?.startsWith('1.') && !version?.startsWith('2.')) throw new FormatError('not an XLIFF document')
  const prefix = namespacePrefix(root)
  const ours = (element: XmlElement, name: string) => (prefix === undefined ? undefined : attribute(element, `${prefix}:${name}`))
  const files = children(root, 'file').map((file): ExchangeFile => {
    const projectId = Number(ours(file, 'project'))
    const exportedAt = new Date(ours(file, 'exported') ?? '')
    return {
      ...(Number.isSafeInteger(projectId) && projectId > 0 ? { projectId } : {}),
      original: attribute(file, 'original') ?? '',
      ...(Number.isNaN(exportedAt.getTime()) ? {} : { exportedAt }),
      units: version.startsWith('1.') ? units12(file, ours) : units20(file, ours),
    }
  })
  return { version: version.startsWith('1.') ? '1.2' : '2.0', files }
}

type Ours = (element: XmlElement, name: string) => string | undefined

/** The prefix the root binds to our namespace ("tulks" as we write it, whatever a tool renamed it to). */
function namespacePrefix(root: XmlElement): string | undefined {
  for (const attr of root.attributes) if (attr.name.startsWith('xmlns:') && attr.value === EXCHANGE_NAMESPACE) return attr.name.slice(6)
  return undefined
}

function children(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((child): child is XmlElement => child.kind === 'element' && localName(child.name) === name)
}

/** Every descendant with the local name, not inside another of them (units inside groups at any depth). */
function descendants(element: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = []
  const visit = (parent: XmlElement) => {
    for (const child of parent.children) {
      if (child.kind !== 'element') continue
      if (localName(child.name) === name) found.push(child)
      else visit(child)
    }
  }
  visit(element)
  return found
}

function segmentId(value: string | undefined): number | undefined {
  const id = value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : NaN
  return Number.isSafeInteger(id) && id > 0 ? id : undefined
}

function textOf(element: XmlElement | undefined): string {
  if (!element) return ''
  return element.children.map((child) => (child.kind === 'text' ? child.text : child.kind === 'element' ? textOf(child) : '')).join('')
}

/** A target counts when it holds anything: text or a tag. */
function filled(target: XmlElement | undefined): XmlElement | undefined {
  return target && target.children.some((child) => child.kind === 'element' || (child.kind === 'text' && child.text.trim() !== '')) ? target : undefined
}

function units12(file: XmlElement, ours: Ours): ExchangeUnit[] {
  return descendants(file, 'trans-unit').flatMap((transUnit): ExchangeUnit[] => {
    const id = segmentId(attribute(transUnit, 'id'))
    if (id === undefined) return []
    const target = filled(children(transUnit, 'target')[0])
    const status = statusFromXliff12(target && attribute(target, 'state'), attribute(transUnit, 'approved'), target !== undefined)
    const was = ours(transUnit, 'was')
    return [{ segmentId: id, sourceText: textOf(children(transUnit, 'source')[0]), ...(target ? { target } : {}), status, ...(was ? { was } : {}) }]
  })
}

function units20(file: XmlElement, ours: Ours): ExchangeUnit[] {
  return descendants(file, 'unit').flatMap((unit): ExchangeUnit[] => {
    const id = segmentId(attribute(unit, 'id'))
    const segment = children(unit, 'segment')[0]
    if (id === undefined || !segment) return []
    const target = filled(children(segment, 'target')[0])
    const status = statusFromXliff20(attribute(segment, 'state'), target !== undefined)
    const was = ours(unit, 'was')
    return [{ segmentId: id, sourceText: textOf(children(segment, 'source')[0]), ...(target ? { target } : {}), status, ...(was ? { was } : {}) }]
  })
}
