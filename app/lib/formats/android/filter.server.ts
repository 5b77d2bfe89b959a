import type { TaggedText, Token } from '../../tags/types'
import { PRINTF, tokensWithCodes, type CodeKind } from '../text-codes'
import { decodeText, encodeText } from '../txt/text-encoding'
import { FormatError, type FilterOptions, type FormatFilter, lengthLimit, type Unit, textDetector } from '../types'
import { attributeValue, decodeXmlText, encodeXmlText, parseXml, XmlSyntaxError, type XmlElement } from '../docx/xml-tree'
import { hasTranslatableText, sameTaggedText } from '../xml/inline-codes'
import { applyEdits, type TextEdit } from '../xml/xml-file'

/**
 * Android string resources (`res/values/strings.xml`, issue 18): each `string`, each `item` of a `string-array`, and
 * each quantity of a `plurals` is a unit, keyed by its name (`name[2]`, `name[few]`). A plurals resource gives the
 * quantities of the target language (CLDR's, as Android uses: lv zero/one/other, ru one/few/many/other), each
 * showing the source's item of that quantity or its `other`; written back, the resource holds the target's quantities.
 * Android's escapes (`\'`, `\"`, `\n`, `\uXXXX`, a quoted value) are read and written; printf arguments and
 * `xliff:g` (text marked as not to be translated) are placeholders, `<b>`, `<i>`, `<u>`, `<a>` tag pairs. Resources
 * with `translatable="false"` are not units.
 */

const local = (element: XmlElement) => element.qname.slice(element.qname.indexOf(':') + 1)

interface Value {
  key: string
  element: XmlElement
  source: TaggedText
  codes: ({ open: string; close: string } | { raw: string })[]
  quoted: boolean
  /** For a plurals quantity the target has and the source lacks: where to write it (after this item). */
  plurals?: { resource: XmlElement; quantity: string; quantities: string[] }
}

/** Android's escapes read (\' \" \n \t \uXXXX), any other escaped character as itself. */
function unescapeAndroid(raw: string): string {
  return raw.replace(/\\(?:u([0-9a-fA-F]{4})|(.))/g, (_, hex: string | undefined, char: string) =>
    hex ? String.fromCharCode(Number.parseInt(hex, 16)) : ({ n: '\n', t: '\t' }[char] ?? char),
  )
}

function escapeAndroid(text: string, quoted: boolean, atStart: boolean): string {
  let escaped = text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\t/g, '\\t').replace(/"/g, '\\"')
  if (!quoted) escaped = escaped.replace(/'/g, "\\'")
  if (atStart && !quoted) escaped = escaped.replace(/^([@?])/, '\\$1')
  return encodeXmlText(escaped)
}

const printfKind = (): CodeKind => ({ kind: 'placeholder', name: 'ph' })

function valueModel(xml: string, element: XmlElement, key: string): Value {
  const codes: Value['codes'] = []
  const source: Token[] = []
  let next = 1
  const raw = element.closeStart > element.openEnd ? xml.slice(element.openEnd, element.closeStart) : ''
  // A value in double quotes keeps its spaces and apostrophes as they are; the quotes are not part of the text.
  const quoted = /^\s*"[\s\S]*"\s*$/.test(raw) && raw.trim().length >= 2
  const text = (rawText: string) => {
    const value = unescapeAndroid(decodeXmlText(rawText))
    for (const token of tokensWithCodes(value, PRINTF, printfKind)) {
      if (token.kind === 'text') {
        const last = source.at(-1)
        if (last?.kind === 'text') source[source.length - 1] = { kind: 'text', text: last.text + token.text }
        else source.push(token)
      } else {
        codes.push({ raw: escapeAndroid(token.ref!, quoted, false) })
        source.push({ kind: 'placeholder', name: 'ph', id: next++, ref: String(codes.length - 1) })
      }
    }
  }
  const walk = (parent: XmlElement) => {
    let at = parent.openEnd
    const slice = (from: number, to: number) => {
      let piece = xml.slice(from, to)
      if (quoted && parent === element && from === element.openEnd) piece = piece.replace(/^\s*"/, '')
      if (quoted && parent === element && to === element.closeStart) piece = piece.replace(/"\s*$/, '')
      return piece
    }
    for (const child of parent.children) {
      text(slice(at, child.start))
      at = child.end
      const name = local(child)
      if (['b', 'i', 'u', 'a', 'font', 'big', 'small', 'strike', 'sup', 'sub'].includes(name) && child.closeStart > child.openEnd && !child.qname.includes(':')) {
        codes.push({ open: xml.slice(child.start, child.openEnd), close: xml.slice(child.closeStart, child.end) })
        const id = next++
        const ref = String(codes.length - 1)
        source.push({ kind: 'open', name: name.length <= 5 ? name : 'g', id, ref })
        walk(child)
        source.push({ kind: 'close', name: name.length <= 5 ? name : 'g', id, ref })
      } else {
        codes.push({ raw: xml.slice(child.start, child.end) })
        source.push({ kind: child.qname.endsWith(':g') ? 'placeholder' : 'self', name: child.qname.endsWith(':g') ? 'ph' : 'x', id: next++, ref: String(codes.length - 1) })
      }
    }
    text(slice(at, parent.closeStart))
  }
  if (element.closeStart > element.openEnd) walk(element)
  return { key, element, source, codes, quoted }
}

function renderValue(value: Value, translation: TaggedText): string {
  let out = ''
  let first = true
  for (const token of translation) {
    if (token.kind === 'text') out += escapeAndroid(token.text, value.quoted, first)
    else {
      const code = value.codes[Number(token.ref)]
      if (code && 'raw' in code) out += code.raw
      else if (code) out += token.kind === 'open' ? code.open : token.kind === 'close' ? code.close : ''
    }
    first = false
  }
  return value.quoted ? `"${out}"` : out
}

/** CLDR plural categories of a language, as Android selects plurals by them. */
function quantitiesOf(language: string | undefined, fallback: string[]): string[] {
  if (!language) return fallback
  try {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[]
    const order = ['zero', 'one', 'two', 'few', 'many', 'other']
    return [...categories].sort((a, b) => order.indexOf(a) - order.indexOf(b))
  } catch {
    return fallback
  }
}

interface Resources {
  text: string
  encoding: ReturnType<typeof decodeText>['encoding']
  values: Value[]
  /** Plurals resources, to be written whole when one of their quantities is translated. */
  plurals: { element: XmlElement; name: string; items: Map<string, Value>; quantities: string[] }[]
}

function readResources(bytes: Uint8Array, options?: FilterOptions): Resources {
  const { text, encoding } = decodeText(bytes)
  let root: XmlElement
  try {
    root = parseXml(text)
  } catch (error) {
    if (error instanceof XmlSyntaxError) throw new FormatError(`not well-formed XML: ${error.message}`)
    throw error
  }
  if (local(root) !== 'resources') throw new FormatError('not Android resources: the root is not <resources>')
  const values: Value[] = []
  const plurals: Resources['plurals'] = []
  for (const resource of root.children) {
    const name = attributeValue(text, resource, 'name')
    if (!name || attributeValue(text, resource, 'translatable') === 'false') continue
    const kind = local(resource)
    if (kind === 'string') values.push(valueModel(text, resource, name))
    else if (kind === 'string-array') {
      resource.children.filter((child) => local(child) === 'item').forEach((item, index) => values.push(valueModel(text, item, `${name}[${index}]`)))
    } else if (kind === 'plurals') {
      const byQuantity = new Map(
        resource.children.filter((child) => local(child) === 'item').map((item) => [attributeValue(text, item, 'quantity') ?? 'other', item] as const),
      )
      const fallback = byQuantity.get('other') ?? [...byQuantity.values()].at(-1)
      if (!fallback) continue
      const quantities = quantitiesOf(options?.targetLang, [...byQuantity.keys()])
      const items = new Map<string, Value>()
      for (const quantity of quantities) {
        const value = valueModel(text, byQuantity.get(quantity) ?? fallback, `${name}[${quantity}]`)
        items.set(quantity, value)
        values.push(value)
      }
      plurals.push({ element: resource, name, items, quantities })
    }
  }
  return { text, encoding, values: values.filter((value) => hasTranslatableText(value.source)), plurals }
}

export const androidFilter: FormatFilter = {
  id: 'android',
  extensions: ['xml'],
  mimeType: 'application/xml',
  // Any .xml whose root is <resources> (readResources refuses the rest) is string resources.
  detect: textDetector(/\.xml$/i, readResources),
  extract(bytes, options) {
    const resources = readResources(bytes, options)
    return resources.values.map((value): Unit => {
      // Issue 58 point 6: a limit some teams write on a string (maxLength, or tools:maxLength beside the tools namespace).
      const maxLength = lengthLimit(attributeValue(resources.text, value.element, 'maxLength') ?? attributeValue(resources.text, value.element, 'tools:maxLength'))
      return { key: value.key, source: value.source, segmentable: true, context: value.key, ...(maxLength ? { maxLength } : {}) }
    })
  },
  merge(bytes, translations, options) {
    const resources = readResources(bytes, options)
    const edits: TextEdit[] = []
    const inPlurals = new Set<Value>()
    for (const plural of resources.plurals) {
      const changed = [...plural.items.values()].some((value) => {
        const translation = translations.get(value.key)
        return translation && !sameTaggedText(translation, value.source)
      })
      plural.items.forEach((value) => inPlurals.add(value))
      if (!changed) continue
      // The whole resource, with the target language's quantities.
      const indent = /\n([ \t]*)<item/.exec(resources.text.slice(plural.element.openEnd, plural.element.closeStart))?.[1] ?? '    '
      const items = plural.quantities.map((quantity) => {
        const value = plural.items.get(quantity)!
        const translation = translations.get(value.key) ?? value.source
        return `\n${indent}<item quantity="${quantity}">${renderValue(value, translation)}</item>`
      })
      const closingIndent = /\n([ \t]*)$/.exec(resources.text.slice(plural.element.openEnd, plural.element.closeStart))?.[1] ?? ''
      edits.push({ start: plural.element.openEnd, end: plural.element.closeStart, text: `${items.join('')}\n${closingIndent}` })
    }
    for (const value of resources.values) {
      if (inPlurals.has(value)) continue
      const translation = translations.get(value.key)
      if (!translation || sameTaggedText(translation, value.source)) continue
      edits.push({ start: value.element.openEnd, end: value.element.closeStart, text: renderValue(value, translation) })
    }
    if (edits.length === 0) return bytes
    return encodeText(applyEdits(resources.text, edits), resources.encoding)
  },
}
