/** SPEC §2 machine-translation widget: source order en, lv, ru; target order lv, en (then ru, issue 19: Russian is a target too); defaults en → lv. */
export const sourceLanguages = ['en', 'lv', 'ru'] as const
export const targetLanguages = ['lv', 'en', 'ru'] as const
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

/**
 * The widget's languages: SPEC §2's lists in SPEC's order, then (alphabetically) every other two-letter language a
 * running MT system translates from or into, so that an engine's pairs (Apertium's eng→spa) can be chosen.
 */
export function widgetLanguages(systems: readonly { sourceLang: string; targetLang: string }[]): { sources: string[]; targets: string[] } {
  const more = (fixed: readonly string[], codes: string[]) =>
    [...fixed, ...[...new Set(codes.map((code) => code.slice(0, 2).toLowerCase()))].filter((code) => !fixed.includes(code)).sort()]
  return {
    sources: more(sourceLanguages, systems.map((system) => system.sourceLang)),
    targets: more(targetLanguages, systems.map((system) => system.targetLang)),
  }
}

/**
 * The swap button: target becomes source and source target; a language the other list does not offer (ru is no
 * target) falls back to the default source, or to the first target that differs from the new source.
 */
export function swapLanguages(
  { source, target }: { source: string; target: string },
  { sources, targets }: { sources: readonly string[]; targets: readonly string[] },
): { source: string; target: string } {
  const swappedSource = sources.includes(target) ? target : defaultSource
  const swappedTarget = targets.includes(source) ? source : (targets.find((code) => code !== swappedSource) ?? defaultTarget)
  return { source: swappedSource, target: swappedTarget }
}
