import type { TaggedText } from '../../tags/types'
import { type FormatFilter, FormatError, type Unit, textDetector } from '../types'
import { plainText, sameTaggedText } from '../xml/inline-codes'
import { decodeLegacyText, encodeTranslatedText, looksLikeText, unusualEncoding } from './text-encoding'

/**
 * Plain text. One unit per non-empty line, keyed by its line number.
 *
 * Why lines and not blank-line paragraphs: the text files that reach a CAT tool are mostly line-oriented
 * (string lists, one sentence per line corpora such as the parallel samples, captions), and a line is what the
 * translator sees in their editor. Paragraph mode would turn a 10,000-line list without blank lines into one
 * unit and force its line breaks into the segments as codes. The price: hard-wrapped prose is split at the wrap
 * (sentence segmentation still runs inside each line). Indentation and trailing spaces stay in the skeleton.
 */

interface Line {
  /** 1-based line number: the unit key. */
  number: number
  /** Content range without the indentation, trailing spaces and the line break. */
  start: number
  end: number
}

const lineBreak = /\r\n|\n|\r/g

function contentLines(text: string): Line[] {
  const lines: Line[] = []
  let lineStart = 0
  let number = 1
  const add = (lineEnd: number) => {
    let start = lineStart
    let end = lineEnd
    while (start < end && isBlank(text.charCodeAt(start))) start++
    while (end > start && isBlank(text.charCodeAt(end - 1))) end--
    if (end > start) lines.push({ number, start, end })
  }
  for (const match of text.matchAll(lineBreak)) {
    add(match.index)
    lineStart = match.index + match[0].length
    number++
  }
  add(text.length)
  return lines
}

function isBlank(code: number): boolean {
  return code === 32 || code === 9 || code === 0x3000 || code === 0xa0 || code === 0xfeff
}

function decode(bytes: Uint8Array) {
  const decoded = decodeLegacyText(bytes)
  if (!looksLikeText(decoded.text)) throw new FormatError('binary content, not text')
  return decoded
}

export const txtFilter: FormatFilter = {
  id: 'txt',
  extensions: ['txt'],
  mimeType: 'text/plain',

  detect: textDetector(/\.txt$/i, decode),
  encoding: unusualEncoding,

  extract(bytes) {
    const { text } = decode(bytes)
    return contentLines(text).map(
      (line): Unit => ({
        key: String(line.number),
        source: [{ kind: 'text', text: text.slice(line.start, line.end) }],
        segmentable: true,
      }),
    )
  },

  merge(bytes, translations, options) {
    const { text, encoding } = decode(bytes)
    const pieces: string[] = []
    let copied = 0
    for (const line of contentLines(text)) {
      const translation = translations.get(String(line.number))
      const source: TaggedText = [{ kind: 'text', text: text.slice(line.start, line.end) }]
      if (!translation || sameTaggedText(translation, source)) continue
      pieces.push(text.slice(copied, line.start), plainText(translation))
      copied = line.end
    }
    if (copied === 0) return bytes
    pieces.push(text.slice(copied))
    // Written back as it came (a Windows-1257 file stays Windows-1257), unless the translation does not fit it.
    return encodeTranslatedText(pieces.join(''), encoding, options?.targetLang)
  },
}
