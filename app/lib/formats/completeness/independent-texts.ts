import { unzipSync } from 'fflate'
import { Parser } from 'htmlparser2'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough'
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table'
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough'
import { gfmTable } from 'micromark-extension-gfm-table'

/**
 * Issue 57: every text of a file, read without the format filters — htmlparser2 for XML and HTML, mdast for
 * Markdown, a few lines of parsing for the text formats — for the completeness check of roundtrip.test.ts. Each text
 * is either one the format translates (`kept` undefined), which must be found in the filter's units, or one
 * docs/formats.md says is kept as it is, named as the filter's `kept` names it (`comment`, `chart`, `hidden sheet
 * Prices`), which the filter must report. Whatever a reader here does not mention (markup, field results, deleted
 * text, numbers) is neither: the rules below are the documented ones, written a second time on purpose.
 */
export interface FileText {
  text: string
  /** The part or line it was found in, for the failure message. */
  where: string
  /** Why it is deliberately not a unit, as the filter reports it; undefined for a text that must be a unit. */
  kept?: string
}

interface Open {
  name: string
  attributes: Record<string, string>
}

/** What becomes of a text node, decided from the elements around it (innermost last). */
type Decision = 'text' | 'skip' | { kept: string }

/** Every text node (CDATA included, entities decoded) of an XML or HTML document with what `decide` makes of it. */
function markupTexts(source: string, where: string, decide: (stack: readonly Open[]) => Decision, html = false): FileText[] {
  const found: FileText[] = []
  const stack: Open[] = []
  let pending = ''
  const flush = () => {
    if (pending === '') return
    const decision = decide(stack)
    if (decision !== 'skip') found.push({ text: pending, where, kept: decision === 'text' ? undefined : decision.kept })
    pending = ''
  }
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        flush()
        stack.push({ name, attributes })
        if (html) for (const text of htmlAttributeTexts(stack)) found.push({ text, where })
      },
      ontext(text) {
        pending += text
      },
      onclosetag(name) {
        flush()
        const at = stack.map((open) => open.name).lastIndexOf(name)
        if (at >= 0) stack.length = at
      },
    },
    { xmlMode: !html, decodeEntities: true, recognizeCDATA: true, lowerCaseTags: html, lowerCaseAttributeNames: html },
  )
  parser.write(source)
  parser.end()
  flush()
  return found
}

const within = (stack: readonly Open[], ...names: string[]) => stack.some((open) => names.includes(open.name))
const top = (stack: readonly Open[]) => stack.at(-1)?.name ?? ''
const decoder = new TextDecoder()

function zipParts(bytes: Uint8Array): Map<string, string> {
  return new Map(Object.entries(unzipSync(bytes)).map(([name, data]) => [name, decoder.decode(data).replace(/^\uFEFF/, '')]))
}

function partsMatching(parts: Map<string, string>, pattern: RegExp): [string, string][] {
  return [...parts].filter(([name]) => pattern.test(name)).sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
}

/** Texts of the parts matching `pattern` that are in the element `textElement`, all reported as kept for `kept`. */
function keptParts(parts: Map<string, string>, pattern: RegExp, textElements: string[], kept: string): FileText[] {
  return partsMatching(parts, pattern).flatMap(([name, xml]) =>
    markupTexts(xml, name, (stack) => (textElements.includes(top(stack)) || (top(stack) === 'c:v' && within(stack, 'c:strCache', 'c:strLit')) ? { kept } : 'skip')),
  )
}

// --- office packages ----------------------------------------------------------------------------------------

/** DrawingML charts and SmartArt, wherever an Office package keeps them. */
function chartsAndSmartArt(parts: Map<string, string>, folder: string): FileText[] {
  return [
    ...keptParts(parts, new RegExp(`^${folder}/charts/chart\\d*\\.xml$`), ['a:t'], 'chart'),
    ...keptParts(parts, new RegExp(`^${folder}/diagrams/data\\d*\\.xml$`), ['a:t'], 'SmartArt'),
  ]
}

function docxTexts(bytes: Uint8Array): FileText[] {
  const parts = zipParts(bytes)
  return [
    // The body, notes, headers and footers: the text of every w:t, except what tracked changes deleted or moved away.
    ...partsMatching(parts, /^word\/(?:document|footnotes|endnotes|header\d*|footer\d*)\.xml$/).flatMap(([name, xml]) =>
      markupTexts(xml, name, (stack) => (top(stack) === 'w:t' && !within(stack, 'w:del', 'w:moveFrom') ? 'text' : 'skip')),
    ),
    ...keptParts(parts, /^word\/comments\.xml$/, ['w:t'], 'comment'),
    ...chartsAndSmartArt(parts, 'word'),
  ]
}

function pptxTexts(bytes: Uint8Array): FileText[] {
  const parts = zipParts(bytes)
  return [
    // Slides and speaker notes: every a:t but a field's (slide number, date), which PowerPoint writes itself.
    ...partsMatching(parts, /^ppt\/(?:slides\/slide|notesSlides\/notesSlide)\d+\.xml$/).flatMap(([name, xml]) =>
      markupTexts(xml, name, (stack) => (top(stack) === 'a:t' && !within(stack, 'a:fld') ? 'text' : 'skip')),
    ),
    ...keptParts(parts, /^ppt\/comments\/(?:modernC|c)omment\w*\.xml$/, ['p:text', 'a:t'], 'comment'),
    ...chartsAndSmartArt(parts, 'ppt'),
  ]
}

/** The attributes of every `element` in a document. */
function attributesOf(xml: string, element: string): Record<string, string>[] {
  const found: Record<string, string>[] = []
  new Parser({ onopentag: (name, attributes) => name === element && found.push(attributes) }, { xmlMode: true }).end(xml)
  return found
}

/** Walks a document with a stack of element names, handing each text node to `text`. */
function walkXml(xml: string, handlers: { open?: (name: string, attributes: Record<string, string>) => void; text: (text: string, stack: string[]) => void; close?: (name: string) => void }) {
  const stack: string[] = []
  new Parser(
    {
      onopentag: (name, attributes) => {
        stack.push(name)
        handlers.open?.(name, attributes)
      },
      ontext: (text) => handlers.text(text, stack),
      onclosetag: (name) => {
        stack.pop()
        handlers.close?.(name)
      },
    },
    { xmlMode: true, decodeEntities: true },
  ).end(xml)
}

/** A spreadsheet's cells: shared strings used by a visible sheet are texts, those only a hidden sheet uses are kept. */
function xlsxTexts(bytes: Uint8Array): FileText[] {
  const parts = zipParts(bytes)
  const relations = new Map(attributesOf(parts.get('xl/_rels/workbook.xml.rels') ?? '', 'Relationship').map((relation) => [relation.Id, relation.Target ?? '']))
  // Each shared string item's text, phonetic readings (rPh) left out.
  const items: string[] = []
  let item = ''
  walkXml(parts.get('xl/sharedStrings.xml') ?? '', {
    open: (name) => name === 'si' && (item = ''),
    text: (text, stack) => {
      if (stack.at(-1) === 't' && !stack.includes('rPh')) item += text
    },
    close: (name) => name === 'si' && items.push(item),
  })
  const found: FileText[] = []
  const usedBy = new Map<number, (string | undefined)[]>()
  for (const sheet of attributesOf(parts.get('xl/workbook.xml') ?? '', 'sheet')) {
    const target = relations.get(sheet['r:id'] ?? '')
    if (!target) continue
    const name = target.startsWith('/') ? target.slice(1) : `xl/${target}`
    const kept = sheet.state === 'hidden' || sheet.state === 'veryHidden' ? `hidden sheet ${sheet.name}` : undefined
    let type: string | undefined
    walkXml(parts.get(name) ?? '', {
      open: (tag, attributes) => tag === 'c' && (type = attributes.t),
      text: (text, stack) => {
        if (stack.at(-1) === 'v' && type === 's') usedBy.set(Number(text), [...(usedBy.get(Number(text)) ?? []), kept])
        else if (stack.at(-1) === 't' && stack.includes('is') && !stack.includes('rPh')) found.push({ text, where: `${name} (${sheet.name})`, kept })
      },
    })
  }
  for (const [index, places] of usedBy) {
    const text = items[index]
    // Used by a visible sheet: a text, translated once for every cell; only by hidden sheets: kept.
    if (text !== undefined) found.push({ text, where: `xl/sharedStrings.xml #${index}`, kept: places.includes(undefined) ? undefined : places[0] })
  }
  return [
    ...found,
    ...keptParts(parts, /^xl\/(?:comments\d*|threadedComments\/threadedComment\d*)\.xml$/, ['t', 'text'], 'comment'),
    ...keptParts(parts, /^xl\/drawings\/drawing\d*\.xml$/, ['a:t'], 'drawing'),
    ...chartsAndSmartArt(parts, 'xl'),
  ]
}

/** ODF fields: the application computes their text (dates, page numbers, references, document properties). */
const ODF_FIELDS = new Set(
  (
    'date time page-number page-continuation sender-firstname sender-lastname sender-initials sender-title sender-position ' +
    'sender-email sender-phone-private sender-fax sender-company sender-phone-work sender-street sender-city ' +
    'sender-postal-code sender-country sender-state-or-province author-name author-initials chapter file-name ' +
    'template-name sheet-name variable-get variable-set variable-input user-field-get user-field-input sequence ' +
    'expression text-input placeholder drop-down page-count paragraph-count word-count character-count table-count ' +
    'image-count object-count initial-creator creation-date creation-time description title subject keywords ' +
    'printed-by print-date print-time editing-cycles editing-duration modification-date modification-time creator ' +
    'database-display database-name database-row-number database-next database-row-select reference-ref ' +
    'bookmark-ref note-ref sequence-ref script execute-macro hidden-text hidden-paragraph conditional-text measure ' +
    'table-formula page-variable-get page-variable-set dde-connection bibliography-mark user-defined note-citation'
  )
    .split(' ')
    .map((name) => `text:${name}`),
)

/** A text of an ODF paragraph: inside its spans, links and metadata, but not a field's, nor a number cell's. */
function odfDecision(stack: readonly Open[], kept?: string): Decision {
  if (within(stack, 'office:annotation')) return kept ? 'skip' : { kept: 'comment' }
  if (within(stack, 'text:tracked-changes')) return 'skip'
  const paragraph = stack.findLastIndex((open) => open.name === 'text:p' || open.name === 'text:h')
  if (paragraph < 0) return 'skip'
  if (stack.slice(paragraph + 1).some((open) => ODF_FIELDS.has(open.name))) return 'skip'
  const cell = stack.findLast((open) => open.name === 'table:table-cell')
  if (cell && (cell.attributes['office:value-type'] ?? 'string') !== 'string') return 'skip'
  return kept ? { kept } : 'text'
}

function odfTexts(bytes: Uint8Array): FileText[] {
  const parts = zipParts(bytes)
  const charts = [...parts].filter(([name, xml]) => /^Object[^/]*\/content\.xml$/.test(name) && xml.includes('<office:chart'))
  return [
    ...markupTexts(parts.get('content.xml') ?? '', 'content.xml', (stack) => odfDecision(stack)),
    // Headers and footers of the page styles (a presentation's master pages are its template, not its text).
    ...markupTexts(parts.get('styles.xml') ?? '', 'styles.xml', (stack) =>
      within(stack, 'style:header', 'style:footer', 'style:header-left', 'style:footer-left', 'style:header-first', 'style:footer-first') ? odfDecision(stack) : 'skip',
    ),
    ...charts.flatMap(([name, xml]) => markupTexts(xml, name, (stack) => odfDecision(stack, 'chart'))),
  ]
}

function idmlTexts(bytes: Uint8Array): FileText[] {
  // Text a tracked change deleted is no longer the story's (InDesign shows it struck through only in the story editor).
  const deleted = (stack: readonly Open[]) => stack.some((open) => open.name === 'Change' && open.attributes.ChangeType === 'DeletedText')
  return partsMatching(zipParts(bytes), /^Stories\/.+\.xml$/).flatMap(([name, xml]) =>
    markupTexts(xml, name, (stack) => (top(stack) === 'Content' && !deleted(stack) ? 'text' : 'skip')),
  )
}

// --- XLIFF, Android, HTML ------------------------------------------------------------------------------------

/** translate="no" on an element or its nearest ancestor that says, as XLIFF inherits it. */
const notTranslated = (stack: readonly Open[], from: number) => stack.slice(0, from + 1).findLast((open) => open.attributes.translate !== undefined)?.attributes.translate === 'no'

function xliff12Texts(bytes: Uint8Array): FileText[] {
  return markupTexts(decodeXml(bytes), 'file', (stack) => {
    const unit = stack.findLastIndex((open) => open.name === 'trans-unit')
    if (unit < 0 || notTranslated(stack, unit) || within(stack, 'alt-trans', 'note')) return 'skip'
    if (!within(stack, 'source', 'seg-source', 'target')) return 'skip'
    // Native codes are markup; a sub inside a placeholder (ph, it) is text again, inside bpt or ept it stays the code's.
    const code = stack.findLastIndex((open) => ['ph', 'bpt', 'ept', 'it'].includes(open.name))
    return code < 0 || (['ph', 'it'].includes(stack[code]!.name) && stack.slice(code).some((open) => open.name === 'sub')) ? 'text' : 'skip'
  })
}

function xliff20Texts(bytes: Uint8Array): FileText[] {
  return markupTexts(decodeXml(bytes), 'file', (stack) => {
    const unit = stack.findLastIndex((open) => open.name === 'unit')
    if (unit < 0 || notTranslated(stack, unit) || !within(stack, 'segment')) return 'skip'
    // Codes are empty by definition; what a non-conforming file puts inside one is its markup.
    return within(stack, 'source', 'target') && !within(stack, 'originalData', 'ph', 'sc', 'ec', 'sm', 'em') ? 'text' : 'skip'
  })
}

function decodeXml(bytes: Uint8Array): string {
  const utf16 = bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : 'utf-8'
  return new TextDecoder(utf16).decode(bytes).replace(/^\uFEFF/, '')
}

/** Android's reading of a resource's text: unescaped quotes vanish, escapes are undone. */
function androidText(raw: string): string {
  let out = ''
  for (let at = 0; at < raw.length; at++) {
    const char = raw[at]!
    if (char === '"') continue
    if (char !== '\\') {
      out += char
      continue
    }
    const next = raw[++at] ?? ''
    if (next === 'u') {
      out += String.fromCharCode(Number.parseInt(raw.slice(at + 1, at + 5), 16))
      at += 4
    } else out += next === 'n' || next === 't' ? ' ' : next
  }
  return out
}

function androidTexts(bytes: Uint8Array): FileText[] {
  return markupTexts(decodeXml(bytes), 'file', (stack) => {
    const resource = stack.findIndex((open) => ['string', 'string-array', 'plurals'].includes(open.name))
    if (resource < 0 || stack[resource]!.attributes.translatable === 'false' || within(stack, 'xliff:g')) return 'skip'
    return stack[resource]!.name === 'string' || within(stack, 'item') ? 'text' : 'skip'
  }).map((found) => ({ ...found, text: androidText(found.text) }))
}

const HTML_SKIPPED = ['script', 'style', 'textarea', 'svg', 'math', 'template']

/** The attribute values HTML shows a reader: alternatives, titles, labels, placeholders, button captions, descriptions. */
function htmlAttributeTexts(stack: readonly Open[]): string[] {
  const { name, attributes } = stack.at(-1)!
  if (within(stack, ...HTML_SKIPPED) || stack.some((open) => open.attributes.translate === 'no')) return []
  const names = ['title', 'aria-label']
  if (['img', 'area', 'input'].includes(name)) names.push('alt')
  if (['input', 'textarea'].includes(name)) names.push('placeholder')
  if (name === 'input' && ['submit', 'button', 'reset'].includes(attributes.type ?? '')) names.push('value')
  if (name === 'meta' && ['description', 'keywords'].includes(attributes.name ?? '')) names.push('content')
  return names.flatMap((attribute) => attributes[attribute] ?? [])
}

function htmlTexts(bytes: Uint8Array): FileText[] {
  const page = new TextDecoder(bytes[0] === 0xef || isUtf8(bytes) ? 'utf-8' : 'windows-1252').decode(bytes)
  return markupTexts(
    page,
    'page',
    (stack) => {
      if (within(stack, ...HTML_SKIPPED) || stack.some((open) => open.attributes.translate === 'no')) return 'skip'
      return within(stack, 'head') && !within(stack, 'title') ? 'skip' : 'text'
    },
    true,
  )
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return true
  } catch {
    return false
  }
}

// --- text formats ----------------------------------------------------------------------------------------------

const LINES = /\r*\n|\r/
/** Placeholders of the resource formats: ICU and i18next braces, printf (and Python's named) conversions, MessageFormat arguments. */
const PLACEHOLDERS = /\{\{[^{}]*\}\}|\{[^{}]*\}|%(?:\d+\$|\([^)]*\))?[-+ 0#]*(?:\d+|\*)?(?:\.\d+)?(?:hh|h|ll|l|L|z|j|t)?[diouxXeEfFgGaAcspn@%]/g

/** A value's texts between its placeholders and line breaks, each a text of the file. */
function piecesOf(value: string, where: string, kept?: string): FileText[] {
  return value
    .split(PLACEHOLDERS)
    .flatMap((piece) => piece.split(LINES))
    .map((text) => ({ text, where, kept }))
}

function textLines(bytes: Uint8Array): string[] {
  return textOf(bytes).split(LINES)
}

function textOf(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes)
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes)
  return new TextDecoder(isUtf8(bytes) ? 'utf-8' : 'windows-1252').decode(bytes).replace(/^\uFEFF/, '')
}

function txtTexts(bytes: Uint8Array): FileText[] {
  return textLines(bytes).map((text, index) => ({ text, where: `line ${index + 1}` }))
}

function subtitleTexts(vtt: boolean) {
  return (bytes: Uint8Array): FileText[] => {
    const blocks = textOf(bytes).split(/(?:\r*\n|\r)[ \t]*(?:\r*\n|\r)/)
    return blocks.flatMap((block, index) => {
      const lines = block.split(LINES).filter((line) => line.trim() !== '')
      if (vtt && (index === 0 || /^(?:NOTE|STYLE|REGION)\b/.test(lines[0] ?? ''))) return []
      const timing = lines.findIndex((line) => line.includes('-->'))
      if (timing < 0) return []
      return lines.slice(timing + 1).flatMap((line) => {
        const text = line.split(/<[^<>]*>/).map((piece) => (vtt ? piece.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&nbsp;/g, '\u00a0') : piece))
        return text.map((piece) => ({ text: piece, where: `cue ${lines[timing]}` }))
      })
    })
  }
}

/** PO: msgid, msgid_plural and each msgstr of every entry but the header and obsolete (#~) ones, escapes undone. */
function poTexts(bytes: Uint8Array): FileText[] {
  const found: FileText[] = []
  let keyword = ''
  let value = ''
  let msgid = ''
  const finish = () => {
    if (keyword && !(keyword === 'msgstr' && msgid === '') && keyword !== 'msgctxt' && !(keyword === 'msgid' && value === '')) found.push(...piecesOf(value, keyword))
    if (keyword === 'msgid') msgid = value
    keyword = ''
    value = ''
  }
  const unescape = (quoted: string) => quoted.slice(1, -1).replace(/\\(.)/g, (_, char: string) => ({ n: '\n', t: '\t', r: '\r' })[char] ?? char)
  const charset = /charset=([\w.:-]+)/i.exec(new TextDecoder('latin1').decode(bytes.subarray(0, 4096)))?.[1]
  const lines = (charset && !/^(?:utf-?8|charset)$/i.test(charset) ? new TextDecoder(charset).decode(bytes) : textOf(bytes)).split(LINES)
  for (const line of lines.map((each) => each.trim())) {
    const start = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(".*")$/.exec(line)
    if (start) {
      finish()
      keyword = start[1]!.replace(/\[\d+\]$/, '')
      value = unescape(start[2]!)
    } else if (line.startsWith('"')) value += unescape(line)
    else finish()
  }
  finish()
  return found
}

function propertiesTexts(bytes: Uint8Array): FileText[] {
  const text = new TextDecoder(isUtf8(bytes) ? 'utf-8' : 'latin1').decode(bytes)
  const logical = text.split(LINES).reduce<string[]>((lines, line) => {
    const last = lines.at(-1)
    if (last !== undefined && /(?:^|[^\\])(?:\\\\)*\\$/.test(last)) lines[lines.length - 1] = last.slice(0, -1) + line.trimStart()
    else lines.push(line)
    return lines
  }, [])
  return logical.flatMap((line) => {
    const trimmed = line.trimStart()
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('!')) return []
    const separator = /(?<!\\)(?:\s*[=:]\s*|\s+)/.exec(trimmed)
    if (!separator) return []
    const key = trimmed.slice(0, separator.index)
    const value = trimmed
      .slice(separator.index + separator[0].length)
      .replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
      .replace(/\\(.)/g, (_, char: string) => ({ n: '\n', t: '\t', r: '\r', f: '\f' })[char] ?? char)
    return piecesOf(value, key)
  })
}

function jsonTexts(bytes: Uint8Array): FileText[] {
  const found: FileText[] = []
  const visit = (value: unknown, path: string) => {
    // translatewiki's @metadata (authors, last update) is about the file, not in it.
    if (path === '@metadata') return
    if (typeof value === 'string') {
      // A value without a letter (an id, a number written as a string) is kept as it is.
      if (/\p{L}/u.test(value)) found.push(...piecesOf(value, path))
    } else if (Array.isArray(value)) value.forEach((each, index) => visit(each, `${path}[${index}]`))
    else if (value && typeof value === 'object') for (const [key, each] of Object.entries(value)) visit(each, path ? `${path}.${key}` : key)
  }
  visit(JSON.parse(textOf(bytes).replace(/\u00a0/g, ' ')), '')
  return found
}

interface MdNode {
  type: string
  value?: string
  alt?: string
  children?: MdNode[]
  position?: { start: { line: number } }
}

/** Markdown: text of paragraphs, headings and table cells; code, HTML and link definitions are kept as they are. */
function markdownTexts(bytes: Uint8Array): FileText[] {
  const tree = fromMarkdown(textOf(bytes), { extensions: [gfmTable(), gfmStrikethrough()], mdastExtensions: [gfmTableFromMarkdown(), gfmStrikethroughFromMarkdown()] }) as MdNode
  const found: FileText[] = []
  const visit = (node: MdNode) => {
    const where = `line ${node.position?.start.line ?? '?'}`
    if (node.type === 'text') found.push(...(node.value ?? '').split(LINES).map((text) => ({ text, where })))
    else if (node.type === 'html') found.push(...markupTexts(node.value ?? '', where, () => ({ kept: 'HTML' }), true).map((each) => ({ ...each, kept: 'HTML' })))
    else if (node.type === 'image' && node.alt) found.push({ text: node.alt, where, kept: 'image' })
    for (const child of node.children ?? []) visit(child)
  }
  visit(tree)
  return found
}

export const independentTexts: Record<string, (bytes: Uint8Array) => FileText[]> = {
  txt: txtTexts,
  html: htmlTexts,
  xliff12: xliff12Texts,
  xliff20: xliff20Texts,
  po: poTexts,
  android: androidTexts,
  properties: propertiesTexts,
  json: jsonTexts,
  markdown: markdownTexts,
  srt: subtitleTexts(false),
  vtt: subtitleTexts(true),
  xlsx: xlsxTexts,
  pptx: pptxTexts,
  odt: odfTexts,
  ods: odfTexts,
  odp: odfTexts,
  idml: idmlTexts,
  docx: docxTexts,
}
