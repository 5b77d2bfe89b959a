/**
 * TMX 1.4b writer: units in canonical tag form → a stream of XML text, one unit per chunk, so an export of any
 * size is written as it is read. readTmx gives back the same canonical strings (tmx-write.test.ts), with the
 * tag-name caveat of tmx-inline.ts: every pair reads back as g, every self-closing tag as x.
 */
import { parse, type Token } from '../tags'
import { SELF_CLOSING_TYPE } from './tmx-inline'
import { CONTEXT_PROP, type TmUnit } from './tmx'

export interface TmxHeader {
  /** The header's srclang: the source language of the units. */
  sourceLang: string
  /** Language of notes and props; we write none, but TMX requires it. */
  adminLang?: string
  creationToolVersion: string
  creationDate?: Date
}

export async function* writeTmx(units: AsyncIterable<TmUnit> | Iterable<TmUnit>, header: TmxHeader): AsyncGenerator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4">\n'
  yield `  <header${attributes({
    creationtool: 'Tulks',
    creationtoolversion: header.creationToolVersion,
    segtype: 'sentence',
    'o-tmf': 'Tulks',
    adminlang: header.adminLang ?? 'en',
    srclang: header.sourceLang,
    datatype: 'plaintext',
    creationdate: header.creationDate && formatTmxDate(header.creationDate),
  })}/>\n  <body>\n`
  for await (const unit of units) yield unitXml(unit)
  yield '  </body>\n</tmx>\n'
}

function unitXml(unit: TmUnit): string {
  const unitAttributes = attributes({
    creationid: unit.creator,
    creationdate: unit.created && formatTmxDate(unit.created),
    changedate: unit.changed && formatTmxDate(unit.changed),
  })
  return (
    `    <tu${unitAttributes}>\n` +
    (unit.contextHash ? `      <prop type="${CONTEXT_PROP}">${escapeXml(unit.contextHash)}</prop>\n` : '') +
    `      <tuv${attributes({ 'xml:lang': unit.sourceLang })}><seg>${segXml(unit.source)}</seg></tuv>\n` +
    `      <tuv${attributes({ 'xml:lang': unit.targetLang })}><seg>${segXml(unit.target)}</seg></tuv>\n` +
    '    </tu>\n'
  )
}

/** Canonical string → seg content. The codes are empty: we keep no native markup, only where a tag stands. */
export function segXml(canonical: string): string {
  return parse(canonical).map(tokenXml).join('')
}

function tokenXml(token: Token): string {
  switch (token.kind) {
    case 'text':
      return escapeXml(token.text)
    case 'open':
      return `<bpt i="${token.id}"/>`
    case 'close':
      return `<ept i="${token.id}"/>`
    case 'self':
      return `<ph x="${token.id}" type="${SELF_CLOSING_TYPE}"/>`
    case 'placeholder':
      return `<ph x="${token.id}"/>`
  }
}

export function formatTmxDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}/, '').replace(/[-:]/g, '')
}

function attributes(values: Record<string, string | undefined>): string {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value ?? '')}"`)
    .join('')
}

/** Characters XML 1.0 cannot carry, even as references. */
export const XML_FORBIDDEN_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- these are exactly the characters XML 1.0 forbids
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/**
 * Escapes markup characters, keeps a carriage return as a reference (a parser would turn a literal one into a
 * line feed) and leaves out what XML 1.0 cannot carry at all: other C0 controls, U+FFFE/U+FFFF, lone surrogates.
 */
export function escapeXml(text: string): string {
  return text
    .replace(XML_FORBIDDEN_CHARACTERS, '')
    .replace(/[&<>"\r]/g, (character) => ESCAPES[character] ?? character)
}

/** In an attribute a parser would also turn tabs and line feeds into spaces. */
export function escapeAttribute(text: string): string {
  return escapeXml(text).replace(/[\t\n]/g, (character) => (character === '\t' ? '&#9;' : '&#10;'))
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\r': '&#13;' }
