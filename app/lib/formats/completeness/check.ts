import type { TaggedText } from '../../tags/types'
import type { FormatFilter } from '../types'
import { type FileText, independentTexts } from './independent-texts'

/** Text as the check compares it: NFC, white space (no-break spaces too) as single spaces, trimmed. */
export const normalized = (text: string) => text.normalize('NFC').replace(/[\s\u00a0\u2007\u202f\ufeff]+/g, ' ').trim()

const hasWords = (text: string) => /[\p{L}\p{N}]/u.test(text)

const plain = (tokens: TaggedText) => tokens.map((token) => (token.kind === 'text' ? token.text : '')).join('')

export interface Completeness {
  /** Texts that must be units and are in none: the file, where and what, for the failure message. */
  missing: string[]
  /** Texts the format keeps as they are, counted by what the filter calls them (`comment`, `hidden sheet Prices`). */
  kept: Map<string, number>
}

/**
 * Issue 57: every text of the file (read by independent-texts.ts, not by the filter) is in a unit's source or
 * target, or is one the format documents as kept. A unit's tags count as nothing (a text node of the file never spans one).
 */
export function completeness(filter: FormatFilter, bytes: Uint8Array, texts: FileText[] = independentTexts[filter.id]!(bytes)): Completeness {
  // As a project into Latvian reads it (a PO file's plural forms are the target language's).
  const units = filter.extract(bytes, { targetLang: 'lv' })
  // Sources and targets apart: a file's unsegmented source is the units' segments one after the other.
  const covered = [units.map((unit) => plain(unit.source)), units.map((unit) => (unit.target ? plain(unit.target) : ''))].map((texts) => normalized(texts.join('\n')))
  const missing: string[] = []
  const kept = new Map<string, number>()
  for (const found of texts) {
    const text = normalized(found.text)
    if (!hasWords(text)) continue
    if (found.kept !== undefined) kept.set(found.kept, (kept.get(found.kept) ?? 0) + 1)
    else if (!covered.some((each) => each.includes(text))) missing.push(`${found.where}: ${JSON.stringify(text.length > 120 ? `${text.slice(0, 120)}…` : text)}`)
  }
  return { missing, kept }
}
