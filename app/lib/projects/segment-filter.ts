/**
 * Issue 58: the segment list filtered by status, comments, QA warnings or repetitions (Matecat's and memoQ's segment
 * filter); issue 52, by revision: confirmed and not revised, revised, rejected. Part of the address, so it works without JavaScript and the hotkeys' next and previous stay inside it.
 */
export const SEGMENT_FILTERS = ['unconfirmed', 'draft', 'confirmed', 'comments', 'warnings', 'repetitions', 'unrevised', 'revised', 'rejected'] as const
export type SegmentFilter = (typeof SEGMENT_FILTERS)[number]

export function segmentFilterOf(value: unknown): SegmentFilter | undefined {
  return (SEGMENT_FILTERS as readonly unknown[]).includes(value) ? (value as SegmentFilter) : undefined
}
