import { type MtSystem } from './provider'

/**
 * SPEC §2 MT widget: systems are filtered by the first two letters of the source and target language codes
 * (`en-US` matches `en`), General first. Pure, for the widget and the upload action alike.
 */
export function systemsForPair<T extends Pick<MtSystem, 'sourceLang' | 'targetLang'>>(systems: readonly T[], source: string, target: string): T[] {
  const sourcePrefix = source.slice(0, 2).toLowerCase()
  const targetPrefix = target.slice(0, 2).toLowerCase()
  return systems.filter(
    (system) => system.sourceLang.slice(0, 2).toLowerCase() === sourcePrefix && system.targetLang.slice(0, 2).toLowerCase() === targetPrefix,
  )
}
