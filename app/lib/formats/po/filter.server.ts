import type { TaggedText } from '../../tags/types'
import { BRACED, PRINTF, textWithCodes, tokensWithCodes, type CodeKind } from '../text-codes'
import { decodeText, encodeText, looksLikeText, type TextEncoding } from '../txt/text-encoding'
import { FormatError, type FilterOptions, type FormatFilter, type Unit, textDetector } from '../types'
import { sameTaggedText } from '../xml/inline-codes'
import { applyEdits, type TextEdit } from '../xml/xml-file'
import { LINE_END } from '../line-ends'
import { pluralFormsOf } from './plural-forms'

/**
 * Gettext PO and POT (issue 18). Each entry's msgid is a unit (keyed by msgctxt and msgid, as gettext keys them);
 * an entry with msgid_plural gives one unit per plural form of the target language (lv and ru have 3: the
 * first shows the singular msgid, the others msgid_plural). An existing msgstr is the unit's target — fuzzy as a
 * draft, otherwise translated — and an empty one stays empty unless a translation differs from the source. Comments,
 * references and msgctxt are shown as the unit's context; printf and brace placeholders (entries flagged *-format)
 * and line breaks are tags, so a translation keeps them where msgfmt -c checks them. The header is skeleton, except
 * its Plural-Forms, written for the target language when plural translations are. Obsolete (#~) entries are kept
 * as they are. The file's declared charset is honoured (e.g. CP1251).
 */

interface Field {
  value: string
  /** Range of the keyword line and its continuation lines. */
  start: number
  end: number
}

interface Entry {
  flags: string[]
  flagsLine?: { start: number; end: number }
  notes: string[]
  msgctxt?: Field
  msgid?: Field
  msgidPlural?: Field
  msgstr: Field[]
}

/** A keyword and the space after it; its quoted string is read by quotedAt. */
const KEYWORD = /^\s*(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+/

/**
 * The quoted string ("…", backslash escapes) that starts a line at `from` after spaces, with nothing but spaces after
 * it; undefined otherwise. Read by hand: a regular expression over an 18 MB line (issue 50) overflowed the stack.
 */
function quotedAt(line: string, from: number): string | undefined {
  let at = from
  while (at < line.length && isBlank(line.charCodeAt(at))) at++
  if (line.charCodeAt(at) !== 34 /* " */) return undefined
  let end = at + 1
  for (; end < line.length; end++) {
    const code = line.charCodeAt(end)
    if (code === 92 /* \ */) end++
    else if (code === 34) break
  }
  if (end >= line.length) return undefined
  for (let after = end + 1; after < line.length; after++) if (!isBlank(line.charCodeAt(after))) return undefined
  return line.slice(at + 1, end)
}

const isBlank = (code: number) => code === 32 || code === 9 || code === 11 || code === 12 || code === 0xfeff || code === 0xa0

function unescapePo(text: string): string {
  return text.replace(/\\(.)/g, (_, char: string) => ({ n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', f: '\f', v: '\v' }[char] ?? char))
}

function escapePo(text: string): string {
  return text.replace(/[\\"\n\t\r]/g, (char) => ({ '\\': '\\\\', '"': '\\"', '\n': '\\n', '\t': '\\t', '\r': '\\r' }[char]!))
}

function entriesOf(text: string): Entry[] {
  const entries: Entry[] = []
  let entry: Entry = { flags: [], notes: [], msgstr: [] }
  let field: Field | undefined
  const finish = () => {
    if (entry.msgid) entries.push(entry)
    entry = { flags: [], notes: [], msgstr: [] }
    field = undefined
  }
  let at = 0
  let number = 0
  const lineEnds = new RegExp(LINE_END.source, 'g')
  while (at <= text.length) {
    lineEnds.lastIndex = at
    const lineEnd = lineEnds.exec(text)
    const end = lineEnd ? lineEnd.index : text.length
    const line = text.slice(at, end)
    number++
    const trimmed = line.trim()
    if (trimmed === '') finish()
    else if (trimmed.startsWith('#')) {
      if (field) finish()
      if (trimmed.startsWith('#,')) {
        entry.flags.push(
          ...trimmed
            .slice(2)
            .split(',')
            .map((flag) => flag.trim())
            .filter(Boolean),
        )
        entry.flagsLine = { start: at, end }
      } else if (/^#[.:]?\s/.test(trimmed) || trimmed === '#') {
        const note = trimmed.replace(/^#[.:]?\s*/, '')
        if (note) entry.notes.push(note)
      }
    } else {
      const named = KEYWORD.exec(line)
      const keyword = named ? quotedAt(line, named[0].length) : undefined
      const quoted = keyword === undefined ? quotedAt(line, 0) : undefined
      if (named && keyword !== undefined) {
        field = { value: unescapePo(keyword), start: at, end }
        const keywordName = named[1]!
        if (keywordName === 'msgctxt') {
          if (entry.msgid) finish()
          entry.msgctxt = field
        } else if (keywordName === 'msgid') {
          if (entry.msgid) finish()
          entry.msgid = field
        } else if (keywordName === 'msgid_plural') entry.msgidPlural = field
        else entry.msgstr[named[2] === undefined ? 0 : Number(named[2])] = field
      } else if (quoted !== undefined && field) {
        field.value += unescapePo(quoted)
        field.end = end
      } else if (quoted !== undefined && !entry.msgid && entries.length === 0) {
        // Header lines whose msgid/msgstr were cut off (seen in the wild): skeleton.
      } else throw new FormatError(`line ${number} is not PO: ${line.slice(0, 60)}`)
    }
    if (!lineEnd) break
    at = end + lineEnd[0].length
  }
  finish()
  return entries
}

function decode(bytes: Uint8Array) {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 4096))
  const charset = /charset=([\w.:-]+)/i.exec(head)?.[1]
  const decoded = decodeText(bytes, charset && !/^(utf-?8|charset)$/i.test(charset) ? charset : undefined)
  if (!looksLikeText(decoded.text)) throw new FormatError('binary content, not a PO file')
  const entries = entriesOf(decoded.text)
  if (entries.length === 0) throw new FormatError('no msgid in the file')
  return { ...decoded, entries }
}

const isHeader = (entry: Entry) => entry.msgid!.value === '' && !entry.msgctxt

function codesOf(entry: Entry): RegExp {
  const formatted = entry.flags.some((flag) => /-format$/.test(flag) && !flag.startsWith('no-'))
  return formatted ? new RegExp(`\\n|${PRINTF.source}|${BRACED.source}`) : /\n/
}

const classify = (code: string): CodeKind => (code === '\n' ? { kind: 'self', name: 'br' } : { kind: 'placeholder', name: 'ph' })

interface PoUnit extends Unit {
  entry: Entry
  form: number
}

/** The plural count: the target language's (gettext's table), else the header's, else two. */
function pluralCount(entries: Entry[], options?: FilterOptions): number {
  if (options?.targetLang) return pluralFormsOf(options.targetLang).count
  const header = entries.find(isHeader)?.msgstr[0]?.value ?? ''
  const declared = /nplurals\s*=\s*(\d+)/.exec(header)
  return declared ? Number(declared[1]) : 2
}

function unitsOf(entries: Entry[], options?: FilterOptions): PoUnit[] {
  const plurals = pluralCount(entries, options)
  const seen = new Map<string, number>()
  return entries
    .filter((entry) => !isHeader(entry))
    .flatMap((entry) => {
      const id = entry.msgctxt ? `${entry.msgctxt.value}\u0004${entry.msgid!.value}` : entry.msgid!.value
      const count = (seen.get(id) ?? 0) + 1
      seen.set(id, count)
      const key = count === 1 ? id : `${id}#${count}`
      const codes = codesOf(entry)
      const context = [entry.msgctxt?.value, ...entry.notes].filter(Boolean).join(' · ')
      const forms = entry.msgidPlural ? plurals : 1
      return Array.from({ length: forms }, (_, form): PoUnit => {
        const source = form === 0 ? entry.msgid!.value : entry.msgidPlural!.value
        const existing = entry.msgstr[form]?.value ?? ''
        return {
          key: entry.msgidPlural ? `${key}[${form}]` : key,
          source: tokensWithCodes(source, codes, classify),
          ...(existing
            ? {
                target: tokensWithCodes(existing, codes, classify),
                targetState: entry.flags.includes('fuzzy') ? ('draft' as const) : ('translated' as const),
              }
            : {}),
          segmentable: true,
          context: entry.msgidPlural ? [context, `msgstr[${form}]`].filter(Boolean).join(' · ') : context || undefined,
          entry,
          form,
        }
      })
    })
}

function writeField(keyword: string, value: string, newline: string): string {
  const lines = value.split(/(?<=\n)/)
  if (lines.length <= 1) return `${keyword} "${escapePo(value)}"`
  return [`${keyword} ""`, ...lines.map((line) => `"${escapePo(line)}"`)].join(newline)
}

/**
 * The merged file in its own charset; when a translation has letters that charset lacks (Latvian in a CP1251 file),
 * the whole file becomes UTF-8 and its header says so, rather than losing them.
 */
function encodeInCharset(text: string, encoding: TextEncoding): Uint8Array {
  let lacking = false
  const encoded = encodeText(text, encoding, () => {
    lacking = true
    return '?'
  })
  if (!lacking) return encoded
  return encodeText(text.replace(/(Content-Type:[^"\\]*charset=)[\w.:-]+/i, '$1UTF-8'), { label: 'utf-8', bom: false })
}

export const poFilter: FormatFilter = {
  id: 'po',
  extensions: ['po', 'pot'],
  mimeType: 'text/x-gettext-translation',
  detect: textDetector(/\.pot?$/i, decode),
  extract(bytes, options) {
    return unitsOf(decode(bytes).entries, options).map(({ entry: _entry, form: _form, ...unit }) => unit)
  },
  merge(bytes, translations, options) {
    const { text, encoding, entries } = decode(bytes)
    const newline = /\r\n/.test(text) ? '\r\n' : '\n'
    const edits: TextEdit[] = []
    const byEntry = new Map<Entry, PoUnit[]>()
    for (const unit of unitsOf(entries, options)) byEntry.set(unit.entry, [...(byEntry.get(unit.entry) ?? []), unit])
    let pluralsWritten = false
    for (const [entry, units] of byEntry) {
      let changed = false
      const values = units.map((unit) => {
        const existing = entry.msgstr[unit.form]?.value ?? ''
        const translation = translations.get(unit.key)
        if (!translation || (existing === '' && sameTaggedText(translation, unit.source))) return existing
        const value = textWithCodes(translation)
        if (value !== existing) changed = true
        return value
      })
      if (!changed) continue
      const written = entry.msgidPlural
        ? values.map((value, form) => writeField(`msgstr[${form}]`, value, newline)).join(newline)
        : writeField('msgstr', values[0]!, newline)
      const fields = entry.msgstr.filter(Boolean)
      if (fields.length > 0) {
        edits.push({ start: Math.min(...fields.map((field) => field.start)), end: Math.max(...fields.map((field) => field.end)), text: written })
      } else {
        // An entry without msgstr (a POT may leave it out) gets one after its msgid.
        const after = (entry.msgidPlural ?? entry.msgid)!.end
        edits.push({ start: after, end: after, text: `${newline}${written}` })
      }
      if (entry.msgidPlural) pluralsWritten = true
      // A changed translation is no longer the fuzzy guess the file held — unless its codes differ from the msgid's
      // (a guess carried over from another string), which gettext must go on ignoring.
      const sameCodes = units.every((unit) => {
        const codes = (tokens: TaggedText) =>
          tokens
            .flatMap((token) => (token.kind === 'text' ? [] : [token.ref ?? '']))
            .sort()
            .join('\u0000')
        return codes(translations.get(unit.key) ?? unit.source) === codes(unit.source)
      })
      if (entry.flagsLine && entry.flags.includes('fuzzy') && sameCodes) {
        const flags = entry.flags.filter((flag) => flag !== 'fuzzy')
        // A flags line left empty goes, with its line break.
        const lineBreak = flags.length > 0 ? 0 : text.startsWith('\r\n', entry.flagsLine.end) ? 2 : 1
        edits.push({ start: entry.flagsLine.start, end: entry.flagsLine.end + lineBreak, text: flags.length > 0 ? `#, ${flags.join(', ')}` : '' })
      }
    }
    const header = entries.find(isHeader)?.msgstr[0]
    if (pluralsWritten && header && options?.targetLang) {
      const forms = pluralFormsOf(options.targetLang)
      const value = /Plural-Forms:[^\n]*\n/.test(header.value)
        ? header.value.replace(/Plural-Forms:[^\n]*\n/, `Plural-Forms: ${forms.expression}\n`)
        : `${header.value}Plural-Forms: ${forms.expression}\n`
      if (value !== header.value) edits.push({ start: header.start, end: header.end, text: writeField('msgstr', value, newline) })
    }
    if (edits.length === 0) return bytes
    return encodeInCharset(applyEdits(text, edits), encoding)
  },
}
