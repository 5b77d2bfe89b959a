import { parseAndValidate, tagString, tagsOf, type TagError } from '../tags'
import type { TaggedText } from '../tags/types'

/**
 * Rules of the translator screen that the server action and the browser editor share (pure).
 */
export type SegmentStatus = 'NEW' | 'DRAFT' | 'TRANSLATED'
export type SaveType = 'MT' | 'TM' | 'MANUAL'

export type TargetCheck = { ok: true; tokens: TaggedText } | { ok: false; errors: (TagError | { code: 'unknown-tag'; tag: string })[] }

/**
 * A target is accepted when its tags are well-formed (SPEC §5) and each of them exists in the source:
 * a tag the source does not have could not be written back into the document.
 */
export function checkTarget(target: string, source: TaggedText): TargetCheck {
  const parsed = parseAndValidate(target)
  if (!parsed.ok) return parsed
  const known = new Set(tagsOf(source).map(tagString))
  const unknown = tagsOf(parsed.tokens).filter((tag) => !known.has(tagString(tag)))
  if (unknown.length > 0) return { ok: false, errors: unknown.map((tag) => ({ code: 'unknown-tag' as const, tag: tagString(tag) })) }
  return { ok: true, tokens: parsed.tokens }
}

/**
 * SPEC §4 "Editing time": seconds since the last reference are added on each status save. A pause longer
 * than this is not work (a coffee, a meeting, the laptop asleep): at most this much of it is counted.
 */
export const MAX_EDIT_INTERVAL_SECONDS = 5 * 60

export function countedSeconds(elapsedSeconds: number): number {
  if (!Number.isFinite(elapsedSeconds) || elapsedSeconds <= 0) return 0
  return Math.min(Math.round(elapsedSeconds), MAX_EDIT_INTERVAL_SECONDS)
}

/**
 * SPEC §2 footer, as written: remaining time = editing time ÷ progress × 100, shown in minutes, or hours and
 * minutes above 59 minutes. Undefined until something is translated.
 */
export function remainingMinutes(editingSeconds: number, progressPercent: number): number | undefined {
  if (progressPercent <= 0) return undefined
  return Math.round(((editingSeconds / progressPercent) * 100) / 60)
}

export function splitHoursMinutes(minutes: number): { hours: number; minutes: number } {
  return minutes > 59 ? { hours: Math.floor(minutes / 60), minutes: minutes % 60 } : { hours: 0, minutes }
}

/** SPEC §9 match colouring: high above 69, mid 50 to 69, low below 50; a context match (101, issue 58) its own. */
export type MatchBand = 'context' | 'high' | 'mid' | 'low'

export function matchBand(match: number): MatchBand {
  return match > 100 ? 'context' : match > 69 ? 'high' : match >= 50 ? 'mid' : 'low'
}
