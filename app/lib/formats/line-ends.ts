/**
 * A line end as text files arrive at a CAT tool (issue 57): LF (Unix), CR LF (Windows), a lone CR (classic Mac OS),
 * and CR CR LF, what a Windows ↔ Unix round trip that converted twice leaves — one line end, not a line end and an
 * empty line. Two CRs without an LF are two line ends (an empty line in a Mac file). Formats in which an empty line
 * means something (a subtitle's cue ends, a PO entry ends) read their lines with this; plain text and Markdown do not
 * need to (an empty line there only parts two units, and CommonMark reads CR CR LF as two line ends by definition).
 */
export const LINE_END = /\r*\n|\r/

/** The lines of a text as [start, end) ranges without their line ends. */
export function lineRanges(text: string): { start: number; end: number }[] {
  const lines: { start: number; end: number }[] = []
  let at = 0
  for (const match of text.matchAll(new RegExp(LINE_END.source, 'g'))) {
    lines.push({ start: at, end: match.index })
    at = match.index + match[0].length
  }
  lines.push({ start: at, end: text.length })
  return lines
}
