import type { TaggedText } from '../../tags/types'
import { BRACED, placeholder, replaceSpans, textWithCodes, tokensWithCodes, type ValueSpan } from '../text-codes'
import { decodeText, encodeText, looksLikeText } from '../txt/text-encoding'
import { LINE_END } from '../line-ends'
import { FormatError, type FormatFilter, type Unit, textDetector } from '../types'

/**
 * Java .properties (issue 18): each key's value is a unit, keyed by its key, MessageFormat arguments (`{0}`,
 * `{1,date,long}`) as placeholders. Comments, keys, separators and blank lines are skeleton. A value continued over
 * several lines (trailing backslash) is written back on one line. The file is read as UTF-8 (Java 9+) or, when it
 * is not valid UTF-8, as ISO-8859-1 (the classic encoding); a file whose non-ASCII text is all `\uXXXX` escapes
 * gets its translations escaped the same way.
 */

interface Entry {
  key: string
  /** The raw value's range in the decoded file (escapes and continuations included). */
  start: number
  end: number
  value: string
}

const WHITESPACE = new Set([' ', '\t', '\f'])

/** Java's reading of a logical line's escapes. */
function unescape(raw: string): string {
  return raw.replace(
    new RegExp(`\\\\(?:u([0-9a-fA-F]{4})|(${LINE_END.source})[ \\t\\f]*|(.))`, 'g'),
    (_, hex: string | undefined, lineBreak: string | undefined, char: string | undefined) => {
      if (hex) return String.fromCharCode(Number.parseInt(hex, 16))
      if (lineBreak) return ''
      return { t: '\t', n: '\n', r: '\r', f: '\f' }[char!] ?? char!
    },
  )
}

function entriesOf(text: string): Entry[] {
  const entries: Entry[] = []
  const lineEnds = new RegExp(LINE_END.source, 'g')
  /** The length of the line end at `at` (0 at the end of the text). */
  const lineEndAt = (at: number) => {
    lineEnds.lastIndex = at
    const match = lineEnds.exec(text)
    return match?.index === at ? match[0].length : 0
  }
  let at = 0
  while (at < text.length) {
    // A logical line: physical lines joined while one ends in an odd number of backslashes.
    let end = at
    for (;;) {
      lineEnds.lastIndex = end
      const physicalEnd = lineEnds.exec(text)?.index ?? text.length
      const backslashes = /\\*$/.exec(text.slice(end, physicalEnd))![0].length
      end = physicalEnd
      if (backslashes % 2 === 0 || end >= text.length) break
      end += lineEndAt(end)
    }
    const line = text.slice(at, end)
    const next = end + lineEndAt(end)
    let position = 0
    while (position < line.length && WHITESPACE.has(line[position]!)) position++
    if (position < line.length && line[position] !== '#' && line[position] !== '!') {
      const keyStart = position
      while (position < line.length && !WHITESPACE.has(line[position]!) && line[position] !== '=' && line[position] !== ':') {
        position += line[position] === '\\' ? 2 : 1
      }
      const key = unescape(line.slice(keyStart, Math.min(position, line.length)))
      while (position < line.length && WHITESPACE.has(line[position]!)) position++
      if (line[position] === '=' || line[position] === ':') position++
      while (position < line.length && WHITESPACE.has(line[position]!)) position++
      const raw = line.slice(position)
      entries.push({ key, start: at + position, end, value: unescape(raw) })
    }
    at = next
  }
  return entries
}

function decode(bytes: Uint8Array) {
  const decoded = decodeText(bytes, 'iso-8859-1')
  if (!looksLikeText(decoded.text)) throw new FormatError('binary content, not a .properties file')
  return decoded
}

/** A value as .properties writes it: backslashes, line breaks and a leading space escaped; non-ASCII as asked. */
function escapeValue(asciiOnly: boolean) {
  return (text: string, leading: boolean) =>
    text
      .replace(/[\\\t\n\r\f]/g, (char) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\f': '\\f' }[char]!))
      .replace(leading ? /^ / : /(?!)/, '\\ ')
      .replace(asciiOnly ? /[^ -~\t\n\r\f]/g : /(?!)/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

function spansOf(text: string, asciiOnly: boolean): ValueSpan[] {
  const escape = escapeValue(asciiOnly)
  const seen = new Map<string, number>()
  return entriesOf(text)
    .filter((entry) => entry.value.trim() !== '')
    .map((entry) => {
      const count = (seen.get(entry.key) ?? 0) + 1
      seen.set(entry.key, count)
      return {
        // A key repeated in a file (the last one wins in Java) keeps each occurrence apart.
        key: count === 1 ? entry.key : `${entry.key}#${count}`,
        start: entry.start,
        end: entry.end,
        source: tokensWithCodes(entry.value, BRACED, placeholder),
        write: (translation: TaggedText) => {
          let first = true
          return textWithCodes(translation, (piece) => {
            const escaped = escape(piece, first)
            first = false
            return escaped
          })
        },
      }
    })
}

export const propertiesFilter: FormatFilter = {
  id: 'properties',
  extensions: ['properties'],
  mimeType: 'text/x-java-properties',
  detect: textDetector(/\.properties$/i, decode),
  extract(bytes) {
    const { text } = decode(bytes)
    return spansOf(text, false).map((span): Unit => ({ key: span.key, source: span.source, segmentable: true, context: span.key }))
  },
  merge(bytes, translations) {
    const { text, encoding } = decode(bytes)
    // Latin-1 files cannot hold most of a translation's letters, and ASCII files say how they want them: escaped.
    const asciiOnly = encoding.label !== 'utf-8' || !/[^ -~\t\n\r\f]/.test(text)
    const merged = replaceSpans(text, spansOf(text, asciiOnly), translations)
    return merged === undefined ? bytes : encodeText(merged, encoding)
  },
}
