/**
 * Issue 5 / DESIGN.md "TM matching" bands: the words of a project counted by the best TM match of each segment.
 * A repeated segment (the same source earlier in the file) counts as a repetition whatever its match: once the
 * first is translated, the rest come free. MT counts words pretranslated by machine translation. Pure.
 */
export const ANALYSIS_BANDS = ['100', '95-99', '85-94', '75-84', '50-74', 'none', 'repetitions', 'mt'] as const
export type AnalysisBand = (typeof ANALYSIS_BANDS)[number]
export type BandWords = Record<AnalysisBand, number>

export function emptyBands(): BandWords {
  return { '100': 0, '95-99': 0, '85-94': 0, '75-84': 0, '50-74': 0, none: 0, repetitions: 0, mt: 0 }
}

/** The band of a best match (undefined or below 50: no match). */
export function bandOf(match: number | null | undefined): AnalysisBand {
  if (match === null || match === undefined || match < 50) return 'none'
  if (match >= 100) return '100'
  if (match >= 95) return '95-99'
  if (match >= 85) return '85-94'
  if (match >= 75) return '75-84'
  return '50-74'
}

export interface AnalysedSegment {
  wordCount: number
  tmMatch: number | null
  repetition: boolean
  mt: boolean
}

export function countBands(segments: Iterable<AnalysedSegment>): BandWords {
  const bands = emptyBands()
  for (const segment of segments) {
    const band: AnalysisBand = segment.mt ? 'mt' : segment.repetition ? 'repetitions' : bandOf(segment.tmMatch)
    bands[band] += segment.wordCount
  }
  return bands
}

/** Reads what the database keeps (a JSON object), tolerating missing keys from older analyses. */
export function readBands(stored: unknown): BandWords | undefined {
  if (!stored || typeof stored !== 'object') return undefined
  const bands = emptyBands()
  for (const band of ANALYSIS_BANDS) {
    const value = (stored as Record<string, unknown>)[band]
    if (typeof value === 'number' && Number.isFinite(value)) bands[band] = value
  }
  return bands
}
