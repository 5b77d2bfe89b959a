import type { SegmentStatus } from '../projects/segment-rules'

/**
 * Issue 18: what an exported unit carried, written into the unit (tulks:was) so that an import can tell the units the
 * other tool changed from those it only passed through, and the segments edited in Tulks meanwhile from those left
 * alone — without keeping a copy of every export on the server. Another CAT tool that translates an XLIFF keeps the
 * attributes it does not know (it writes the same file back with new targets).
 */
export const EXCHANGE_NAMESPACE = 'urn:tulks:exchange:1'

const STATUS_LETTERS: Record<SegmentStatus, string> = { NEW: 'N', DRAFT: 'D', TRANSLATED: 'T' }

/** A segment's status and target in a dozen characters: "T:1a2b3c4d". */
export function stateMark(status: SegmentStatus, target: string | null): string {
  return `${STATUS_LETTERS[status]}:${fnv1a(target ?? '')}`
}

/** FNV-1a, 32 bits, over UTF-16 code units, as 8 hex digits: a change detector, not a security measure. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(16).padStart(8, '0')
}

/** A target exchanged without a status (XLIFF 1.2 with no state) counts as translated, as the XLIFF filter reads it. */
export function statusFromXliff12(state: string | undefined, approved: string | undefined, hasTarget: boolean): SegmentStatus {
  if (!hasTarget) return 'NEW'
  if (approved === 'yes' || state === undefined || state === 'translated' || state === 'signed-off' || state === 'final') return 'TRANSLATED'
  return 'DRAFT'
}

/** XLIFF 2.0: translated, reviewed and final are done; initial (the default) with a target is a draft. */
export function statusFromXliff20(state: string | undefined, hasTarget: boolean): SegmentStatus {
  if (!hasTarget) return 'NEW'
  return state === 'translated' || state === 'reviewed' || state === 'final' ? 'TRANSLATED' : 'DRAFT'
}
