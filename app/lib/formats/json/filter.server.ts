import type { TaggedText } from '../../tags/types'
import { BRACED, PRINTF, placeholder, replaceSpans, textWithCodes, tokensWithCodes, type ValueSpan } from '../text-codes'
import { decodeText, encodeText } from '../txt/text-encoding'
import { FormatError, type FormatFilter, type Unit, textDetector } from '../types'

/**
 * JSON (issue 18), as i18n files are written (flat or nested keys, arrays): every string value with a letter in it
 * is a unit, keyed by its path (`menu.file.open`, `items[2]`); keys, numbers, booleans and formatting are skeleton.
 * ICU/MessageFormat arguments (`{name}`, `{count, number}`), i18next's `{{name}}` and printf conversions are
 * placeholders. An ICU plural or select with text inside its braces stays text, for the translator to translate
 * each branch. A written value is a JSON string literal (JSON.stringify), so the file always parses.
 */

const CODES = new RegExp(`${BRACED.source}|${PRINTF.source}`)
const LETTER = /\p{L}/u

function decode(bytes: Uint8Array) {
  const decoded = decodeText(bytes)
  try {
    // No-break spaces as indentation are not JSON, but files indented with them exist (one of the samples): read as spaces.
    JSON.parse(decoded.text.replace(/\u00a0/g, ' '))
  } catch (error) {
    throw new FormatError(`not JSON: ${error instanceof Error ? error.message : String(error)}`)
  }
  return decoded
}

interface Literal {
  path: string
  start: number
  end: number
  value: string
}

/** The string values of a valid JSON text with their paths and ranges (the literal, quotes included). */
function stringValues(text: string): Literal[] {
  const values: Literal[] = []
  // Per open container: its path, whether it is an array, the next index or the key just read.
  const stack: { path: string; array: boolean; index: number; key?: string }[] = []
  const childPath = () => {
    const top = stack.at(-1)
    if (!top) return ''
    const name = top.array ? `[${top.index}]` : top.key!
    return top.array ? `${top.path}${name}` : top.path ? `${top.path}.${name}` : name
  }
  let expectKey = false
  let at = 0
  while (at < text.length) {
    const char = text[at]!
    if (char === '"') {
      let end = at + 1
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1
      end++
      const value = JSON.parse(text.slice(at, end)) as string
      if (expectKey) {
        stack.at(-1)!.key = value
        expectKey = false
      } else values.push({ path: childPath(), start: at, end, value })
      at = end
      continue
    }
    if (char === '{' || char === '[') {
      stack.push({ path: childPath(), array: char === '[', index: 0 })
      expectKey = char === '{'
    } else if (char === '}' || char === ']') stack.pop()
    else if (char === ',') {
      const top = stack.at(-1)
      if (top?.array) top.index++
      else expectKey = true
    }
    at++
  }
  return values
}

function spansOf(text: string): ValueSpan[] {
  const seen = new Map<string, number>()
  return stringValues(text)
    .filter((literal) => LETTER.test(literal.value) && !literal.path.startsWith('@metadata'))
    .map((literal) => {
      const count = (seen.get(literal.path) ?? 0) + 1
      seen.set(literal.path, count)
      return {
        key: count === 1 ? literal.path : `${literal.path}#${count}`,
        start: literal.start,
        end: literal.end,
        source: tokensWithCodes(literal.value, CODES, placeholder),
        write: (translation: TaggedText) => JSON.stringify(textWithCodes(translation)),
      }
    })
}

export const jsonFilter: FormatFilter = {
  id: 'json',
  extensions: ['json'],
  mimeType: 'application/json',
  detect: textDetector(/\.json$/i, decode),
  extract(bytes) {
    return spansOf(decode(bytes).text).map((span): Unit => ({ key: span.key, source: span.source, segmentable: true, context: span.key }))
  },
  merge(bytes, translations) {
    const { text, encoding } = decode(bytes)
    const merged = replaceSpans(text, spansOf(text), translations)
    return merged === undefined ? bytes : encodeText(merged, encoding)
  },
}
