/** SPEC §2 machine-translation widget: source order en, lv, ru; target order lv, en; defaults en → lv. */
export const sourceLanguages = ['en', 'lv', 'ru'] as const
export const targetLanguages = ['lv', 'en'] as const
export const defaultSource = 'en'
export const defaultTarget = 'lv'

/** SPEC §3 direction: the first two letters of source and target joined as "xx - yy". */
export function direction(source: string, target: string): string {
  return `${source.slice(0, 2)} - ${target.slice(0, 2)}`
}

/** SPEC §2 pager: at most 10 page buttons, the current page kept in view. */
export function pageWindow(current: number, pages: number, size = 10): number[] {
  const first = Math.max(1, Math.min(current - Math.floor(size / 2), pages - size + 1))
  const last = Math.min(pages, first + size - 1)
  return Array.from({ length: last - first + 1 }, (_, index) => first + index)
}
