import { parse, plainText } from '../tags'
import type { QaWarning } from './qa-kinds'

/**
 * Quality checks of one segment's translation (issue 17, point 4: the checks of its text alone; segment-qa.server.ts adds terms, spelling and consistency): numbers missing or
 * changed (read in either language's way: 1,250 = 1 250 = 1250; 3,5 = 3.5), leading and trailing spaces, double
 * spaces, end punctuation, a target identical to its source, and a length far from the source's. Pure: the
 * translator shows them beside the segment; they never block a save (tags are checked, and refused, by SPEC §5 rules).
 */

/** A number as written: digits with group or decimal separators (space, no-break spaces, `.`, `,`) between them. */
const NUMBER = /\d+(?:[ \u00a0\u202f.,]\d+)*/g
const SPACES = /[ \u00a0\u202f]/g

/**
 * The value a written number stands for, whichever convention wrote it: spaces group thousands; with both `.` and `,`
 * the last is the decimal mark; a lone `.` or `,` before exactly three digits groups thousands (1,250 and 1.250 are
 * 1250), before any other count of digits it is the decimal mark (3,5 and 3.5 are 3.5).
 */
export function numberValue(written: string): string {
  const compact = written.replace(SPACES, '')
  const marks = compact.match(/[.,]/g) ?? []
  let decimal: string | undefined
  if (new Set(marks).size === 2) decimal = compact.lastIndexOf('.') > compact.lastIndexOf(',') ? '.' : ','
  else if (marks.length === 1) decimal = /[.,]\d{3}$/.test(compact) ? undefined : marks[0]
  const [whole, fraction] = decimal ? [compact.slice(0, compact.lastIndexOf(decimal)), compact.slice(compact.lastIndexOf(decimal) + 1)] : [compact, '']
  const digits = whole.replace(/[.,]/g, '').replace(/^0+(?=\d)/, '')
  const trimmed = fraction.replace(/0+$/, '')
  return trimmed ? `${digits}.${trimmed}` : digits
}

/** Issue 51: a time of day ("10:00", "9:30:15") is one value, not the numbers 10 and 0. */
const TIME = /(?<![\d:])\d{1,2}:\d{2}(?::\d{2})?(?![\d:])/g

function numbersOf(text: string): string[] {
  const times = [...text.matchAll(TIME)].map((match) => match[0].replace(/^0(?=\d)/, ''))
  // A number's trailing group separator before a space and a word ("1 250 km") is part of it; a sentence's ", 3" is not.
  const numbers = [...text.replace(TIME, ' ').matchAll(NUMBER)].map((match) => numberValue(match[0].replace(/[ \u00a0\u202f.,]+$/, '')))
  return [...times, ...numbers]
}

const END_PUNCTUATION = /[.!?…:;]$/

function endMark(text: string): string {
  const trimmed = text.trimEnd()
  if (trimmed.endsWith('...')) return '…'
  return END_PUNCTUATION.test(trimmed) ? trimmed.slice(-1) : ''
}

/** How far a translation's length may stray from its source's (characters) before it is worth a look. */
const LENGTH_RATIO = { min: 0.4, max: 2.5, fromCharacters: 20 }

export function qaWarnings(source: string, target: string): QaWarning[] {
  const sourceText = plainText(parse(source))
  const targetText = plainText(parse(target))
  if (targetText.trim() === '') return []
  const warnings: QaWarning[] = []
  const targetNumbers = numbersOf(targetText)
  const remaining = [...targetNumbers]
  for (const value of numbersOf(sourceText)) {
    const at = remaining.indexOf(value)
    if (at >= 0) remaining.splice(at, 1)
    else warnings.push({ code: 'number-missing', detail: value })
  }
  for (const value of remaining) warnings.push({ code: 'number-added', detail: value })
  if (/^\s/.test(sourceText) !== /^\s/.test(targetText)) warnings.push({ code: 'leading-space' })
  if (/\s$/.test(sourceText) !== /\s$/.test(targetText)) warnings.push({ code: 'trailing-space' })
  if (/ {2}/.test(targetText.trim()) && !/ {2}/.test(sourceText.trim())) warnings.push({ code: 'double-space' })
  const [sourceMark, targetMark] = [endMark(sourceText), endMark(targetText)]
  if (sourceMark !== targetMark) warnings.push({ code: 'end-punctuation', detail: sourceMark || targetMark })
  if (/\p{L}/u.test(sourceText) && sourceText.trim() === targetText.trim()) warnings.push({ code: 'identical' })
  const [sourceLength, targetLength] = [sourceText.trim().length, targetText.trim().length]
  if (sourceLength >= LENGTH_RATIO.fromCharacters) {
    const ratio = targetLength / sourceLength
    if (ratio < LENGTH_RATIO.min || ratio > LENGTH_RATIO.max) warnings.push({ code: 'length', detail: ratio.toFixed(1) })
  }
  return warnings
}
