import type { TaggedText } from '../../tags/types'
import { replaceSpans, textWithCodes, tokensWithCodes, type CodeKind, type ValueSpan } from '../text-codes'
import { decodeLegacyText, encodeTranslatedText, looksLikeText, unusualEncoding } from '../txt/text-encoding'
import { lineRanges, LINE_END } from '../line-ends'
import { FormatError, type FormatFilter, type Unit, textDetector } from '../types'
import { tagName } from '../xml/inline-codes'

/** Characters a subtitle line may hold (Netflix's and the EBU's guideline for Latin script). */
export const SUBTITLE_LINE = 42

/**
 * Subtitles (issue 18): SubRip (.srt) and WebVTT (.vtt). A cue's text is one unit, its line breaks and markup
 * (`<i>`, `<b.loud>`, `<v Mary>`, in-cue timestamps) tags; numbers, timings and cue settings are skeleton and are
 * never touched, nor are WebVTT's NOTE, STYLE and REGION blocks. The cue's timing is shown as its context.
 */

interface Cue {
  timing: string
  /** The cue text's range in the decoded file: from its first line's start to its last line's end. */
  start: number
  end: number
}

const TIMING = /-->/

function cuesOf(text: string, vtt: boolean): Cue[] {
  const lines = lineRanges(text)
  const line = (index: number) => text.slice(lines[index]!.start, lines[index]!.end)
  const blank = (index: number) => line(index).trim() === ''
  const cues: Cue[] = []
  let index = vtt ? 1 : 0
  while (index < lines.length) {
    while (index < lines.length && blank(index)) index++
    const blockStart = index
    while (index < lines.length && !blank(index)) index++
    const block = Array.from({ length: index - blockStart }, (_, offset) => blockStart + offset)
    if (block.length === 0 || (vtt && /^(NOTE|STYLE|REGION)\b/.test(line(block[0]!)))) continue
    const timingAt = block.findIndex((each) => TIMING.test(line(each)))
    if (timingAt < 0 || timingAt > 1) {
      if (vtt && blockStart <= 2) continue // WebVTT header lines after the signature (e.g. "Region: …")
      throw new FormatError(`a subtitle block without its timing line (line ${blockStart + 1})`)
    }
    const textLines = block.slice(timingAt + 1)
    if (textLines.length === 0) continue
    cues.push({ timing: line(block[timingAt]!).trim(), start: lines[textLines[0]!]!.start, end: lines[textLines.at(-1)!]!.end })
  }
  return cues
}

const CUE_CODES = new RegExp(`${LINE_END.source}|<\\/?[A-Za-z][^<>]*>|<\\d[\\d:.]*>`)

function classify(code: string): CodeKind {
  if (code.startsWith('\n') || code.startsWith('\r')) return { kind: 'self', name: 'br' }
  if (/^<\d/.test(code)) return { kind: 'placeholder', name: 'ph' }
  const name = tagName(/^<\/?([A-Za-z]+)/.exec(code)![1]!, 'g')
  return { kind: code.startsWith('</') ? 'close' : 'open', name }
}

const VTT_ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&nbsp;': '\u00a0', '&lrm;': '\u200e', '&rlm;': '\u200f' }

function subtitleFilter(id: 'srt' | 'vtt', extension: string, mimeType: string): FormatFilter {
  const vtt = id === 'vtt'
  const decode = (bytes: Uint8Array) => {
    // SubRip files from older systems are often Windows-1257 or -1251; WebVTT is UTF-8 by definition, read the same way.
    const decoded = decodeLegacyText(bytes)
    if (!looksLikeText(decoded.text)) throw new FormatError('binary content, not subtitles')
    if (vtt && !/^WEBVTT(?:[ \t]|\r|\n|$)/.test(decoded.text)) throw new FormatError('a WebVTT file starts with "WEBVTT"')
    return decoded
  }
  // WebVTT escapes &, < and > in cue text; SubRip has no escapes.
  const readText = (text: string) => (vtt ? text.replace(/&(?:amp|lt|gt|nbsp|lrm|rlm);/g, (entity) => VTT_ENTITIES[entity]!) : text)
  const writeText = (text: string) => {
    const oneLine = text.replace(new RegExp(LINE_END.source, 'g'), ' ')
    return vtt ? oneLine.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : oneLine
  }
  const spansOf = (text: string): (ValueSpan & { timing: string })[] =>
    cuesOf(text, vtt).map((cue, index) => {
      const source = tokensWithCodes(text.slice(cue.start, cue.end), CUE_CODES, classify).map((token) =>
        token.kind === 'text' ? { ...token, text: readText(token.text) } : token,
      )
      return {
        key: String(index + 1),
        timing: cue.timing,
        start: cue.start,
        end: cue.end,
        source,
        write: (translation: TaggedText) => textWithCodes(translation, writeText),
      }
    })
  return {
    id,
    extensions: [extension],
    mimeType,
    detect: textDetector(new RegExp(`\\.${extension}$`, 'i'), decode),
    encoding: unusualEncoding,
    extract(bytes) {
      // Issue 58 point 6: a subtitle line holds 42 characters at most (the usual broadcast and streaming rule).
      return spansOf(decode(bytes).text).map((span): Unit => ({ key: span.key, source: span.source, segmentable: true, context: span.timing, lineLength: SUBTITLE_LINE }))
    },
    merge(bytes, translations, options) {
      const { text, encoding } = decode(bytes)
      const merged = replaceSpans(text, spansOf(text), translations)
      return merged === undefined ? bytes : encodeTranslatedText(merged, encoding, options?.targetLang)
    },
  }
}

export const srtFilter = subtitleFilter('srt', 'srt', 'application/x-subrip')
export const vttFilter = subtitleFilter('vtt', 'vtt', 'text/vtt')
