import { compileRules, type CompiledRules, type SrxRule } from '../srx'
import { defaultRules } from './default'
import { englishRules } from './en'
import { latvianRules } from './lv'
import { russianRules } from './ru'

const byLanguage: Record<string, readonly SrxRule[]> = { en: englishRules, lv: latvianRules, ru: russianRules }

const compiled = new Map<string, CompiledRules>()

/** The primary language subtag of a code: 'en-GB' → 'en', 'lv_LV' → 'lv', 'RU' → 'ru'. */
export function primaryLanguage(language: string): string {
  return language.trim().toLowerCase().split(/[-_]/)[0] ?? ''
}

/** The rules for a language code; unknown languages get the default rules. Compiled once per language. */
export function rulesFor(language: string): CompiledRules {
  const key = primaryLanguage(language) in byLanguage ? primaryLanguage(language) : 'default'
  let rules = compiled.get(key)
  if (!rules) {
    rules = compileRules(byLanguage[key] ?? defaultRules)
    compiled.set(key, rules)
  }
  return rules
}
