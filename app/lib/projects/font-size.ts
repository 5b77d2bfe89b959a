/**
 * SPEC §9: the translator's font size, default 15, kept in a cookie named fontSize. The stylesheet has a rule
 * for each size in the range (the CSP allows no inline styles).
 */
export const DEFAULT_FONT_SIZE = 15
export const MIN_FONT_SIZE = 11
export const MAX_FONT_SIZE = 25

export type FontSizeChange = 'larger' | 'smaller' | 'reset'

export function changeFontSize(size: number, change: FontSizeChange): number {
  if (change === 'reset') return DEFAULT_FONT_SIZE
  return clampFontSize(size + (change === 'larger' ? 1 : -1))
}

export function clampFontSize(size: number): number {
  if (!Number.isFinite(size)) return DEFAULT_FONT_SIZE
  return Math.min(MAX_FONT_SIZE, Math.max(MIN_FONT_SIZE, Math.round(size)))
}
