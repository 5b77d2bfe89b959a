import { parse, type Token } from '../tags'
import type { QaWarning } from './qa-kinds'

/**
 * Issue 58 point 6, length limits: the characters a translation may hold, from its file (a unit's limit: XLIFF
 * maxwidth or slr:sizeRestriction, Android maxLength; a subtitle line's 42) or the project's setting (each segment).
 * Characters are code points, tags not counted; a line ends at a line-break tag (`br`) or a line feed. A unit split
 * into several segments is counted whole: the translations of its other segments (`before`, `after`) with this one,
 * a space between them. Pure and browser-safe: the QA and the editor's live count use the same.
 */
export interface LengthLimit {
  /** Characters the unit's (or, for the project's limit, the segment's) translation may hold. */
  max: number | null
  /** Characters a line may hold. */
  line: number | null
  /** The unit's other segments' translations before and after this one, canonical, joined by spaces. */
  before: string
  after: string
}

/** No other segments counted with this one: a segment alone, as the project's limit counts it. */
export const ALONE: Pick<LengthLimit, 'before' | 'after'> = { before: '', after: '' }

/** The project's own limit (the translator's settings), for each segment alone. */
export function projectLimit(max: number): LengthLimit {
  return { max, line: null, ...ALONE }
}

export interface LengthCount {
  /** Characters of the unit's translation as it would be with this segment's `target`. */
  count: number
  /** Characters of its longest line. */
  longestLine: number
}

export function lengthCount(target: string, limit: Pick<LengthLimit, 'before' | 'after'>): LengthCount {
  const whole = [limit.before, target, limit.after].filter((part) => part !== '').join(' ')
  const lines = linesOf(parse(whole))
  const count = lines.reduce((sum, line) => sum + line, 0) + Math.max(0, lines.length - 1)
  return { count, longestLine: Math.max(0, ...lines) }
}

/** The code points of each line of tagged text (a line feed in a text counts as a break, not a character). */
function linesOf(tokens: readonly Token[]): number[] {
  const lines = [0]
  for (const token of tokens) {
    if (token.kind === 'text') {
      const parts = token.text.split('\n')
      parts.forEach((part, index) => {
        if (index > 0) lines.push(0)
        lines[lines.length - 1]! += [...part].length
      })
    } else if (token.name.toLowerCase() === 'br' && token.kind !== 'close') {
      lines.push(0)
    }
  }
  return lines
}

/** The QA warnings of a translation past its limits: "too-long" (count/limit) and "line-too-long" (longest/limit). */
export function lengthWarnings(target: string, limit: LengthLimit): QaWarning[] {
  if (target === '' || (limit.max === null && limit.line === null)) return []
  const { count, longestLine } = lengthCount(target, limit)
  const warnings: QaWarning[] = []
  if (limit.max !== null && count > limit.max) warnings.push({ code: 'too-long', detail: `${count}/${limit.max}` })
  if (limit.line !== null && longestLine > limit.line) warnings.push({ code: 'line-too-long', detail: `${longestLine}/${limit.line}` })
  return warnings
}
