import type { TaggedText } from '../../tags/types'
import { decodeText, encodeText, looksLikeText } from '../txt/text-encoding'
import { type FormatFilter, FormatError } from '../types'
import { resolveTags, sameTaggedText } from '../xml/inline-codes'
import { type TextEdit, applyEdits } from '../xml/xml-file'
import { type HtmlUnit, extractHtmlUnits } from './html-units'

/**
 * HTML pages (html, htm, xhtml). Units and their offsets come from html-units.ts; merge replaces the range of
 * every unit whose translation differs from its source and copies everything else, so an identity merge
 * gives back the file byte for byte. A translation's tags are written as the page's original markup.
 * Encoding: a BOM, else UTF-8 when valid, else the single-byte charset the page declares (windows-1252, …);
 * characters that charset lacks are written as numeric references.
 */

function declaredCharset(bytes: Uint8Array): string | undefined {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 2048))
  return /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1]
}

function decode(bytes: Uint8Array) {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) throw new FormatError('a zip archive, not HTML')
  const decoded = decodeText(bytes, declaredCharset(bytes))
  if (!looksLikeText(decoded.text)) throw new FormatError('binary content, not HTML')
  return decoded
}

const looksLikeHtml = /<(?:!doctype\s+html|html|head|body|title|meta|p|div|h[1-6]|table|ul|ol|span|a|br|!--)[\s>/]/i

function escapeText(text: string, nbspEntity: boolean): string {
  return text.replace(/[&<>\u00a0]/g, (char) =>
    char === '&' ? '&amp;' : char === '<' ? '&lt;' : char === '>' ? '&gt;' : nbspEntity ? '&nbsp;' : char,
  )
}

function escapeAttribute(text: string, quote: '"' | "'", nbspEntity: boolean): string {
  return text.replace(/[&"'\u00a0]/g, (char) =>
    char === '&' ? '&amp;' : char === quote ? (quote === '"' ? '&quot;' : '&#39;') : char === '\u00a0' && nbspEntity ? '&nbsp;' : char,
  )
}

interface MergeContext {
  html: string
  translations: ReadonlyMap<string, TaggedText>
  /** Keep writing no-break spaces as &nbsp; when the page does. */
  nbspEntity: boolean
}

function attributeEdit(unit: HtmlUnit, context: MergeContext): TextEdit | undefined {
  const translation = context.translations.get(unit.unit.key)
  if (!translation || sameTaggedText(translation, unit.unit.source)) return undefined
  const value = translation.map((token) => (token.kind === 'text' ? token.text : '')).join('')
  const quote = unit.quote || '"'
  const escaped = escapeAttribute(value, quote, context.nbspEntity)
  return { start: unit.start, end: unit.end, text: unit.quote ? escaped : `"${escaped}"` }
}

/** The original markup of a code, with the translations of the attribute units inside it. */
function codeMarkup(code: HtmlUnit['codes'][number], context: MergeContext): string {
  const edits = code.attributes.flatMap((unit) => attributeEdit(unit, context) ?? [])
  const edited = edits.map((edit) => ({ ...edit, start: edit.start - code.start, end: edit.end - code.start }))
  return applyEdits(context.html.slice(code.start, code.end), edited)
}

function runEdit(unit: HtmlUnit, context: MergeContext): TextEdit | undefined {
  const translation = context.translations.get(unit.unit.key)
  if (!translation || sameTaggedText(translation, unit.unit.source)) return undefined
  const out: string[] = []
  for (const { token, code } of resolveTags(translation, unit.unit.source)) {
    out.push(token.kind === 'text' ? escapeText(token.text, context.nbspEntity) : codeMarkup(unit.codes[code!]!, context))
  }
  return { start: unit.start, end: unit.end, text: out.join('') }
}

export const htmlFilter: FormatFilter = {
  id: 'html',
  extensions: ['html', 'htm', 'xhtml'],
  mimeType: 'text/html',

  detect(name, bytes) {
    const extension = name.toLowerCase().split('.').pop() ?? ''
    if (!this.extensions.includes(extension)) return false
    try {
      return looksLikeHtml.test(decode(bytes).text.slice(0, 1024))
    } catch {
      return false
    }
  },

  extract(bytes) {
    return extractHtmlUnits(decode(bytes).text).map((unit) => unit.unit)
  },

  merge(bytes, translations, options) {
    const { text: html, encoding } = decode(bytes)
    const units = extractHtmlUnits(html)
    const context: MergeContext = { html, translations, nbspEntity: html.includes('&nbsp;') }
    const edits: TextEdit[] = []
    // Attribute units inside a replaced run are written by that run (inside its codes), not a second time.
    const inReplacedRun = new Set<HtmlUnit>()
    for (const unit of units) {
      if (unit.quote !== undefined) continue
      const edit = runEdit(unit, context)
      if (!edit) continue
      edits.push(edit)
      for (const code of unit.codes) for (const nested of code.attributes) inReplacedRun.add(nested)
    }
    for (const unit of units) {
      if (unit.quote === undefined || inReplacedRun.has(unit)) continue
      const edit = attributeEdit(unit, context)
      if (edit) edits.push(edit)
    }
    if (edits.length === 0) return bytes
    // Issue 51: a translated page says its new language where the page declares one (<html lang="en">).
    if (options?.targetLang) edits.push(...languageEdits(html, options.targetLang))
    return encodeText(applyEdits(html, edits), encoding)
  },
}

/** The values of the root element's `lang` and `xml:lang`, given the target language. */
function languageEdits(html: string, language: string): TextEdit[] {
  const root = /<html\b[^>]*>/i.exec(html)
  if (!root) return []
  return [...root[0].matchAll(/\s(?:xml:)?lang\s*=\s*(["']?)([^"'\s>]*)\1/gi)].map((match) => {
    const start = root.index + match.index! + match[0].length - match[1]!.length - match[2]!.length
    return { start, end: start + match[2]!.length, text: language }
  })
}
