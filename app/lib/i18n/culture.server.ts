import { isSupportedLanguage, type Language } from './config'

/**
 * Issue 19: the culture cookie as other systems on the same domain write it (SPEC: the interface language comes from a
 * culture cookie). Read: ASP.NET's `c=lv-LV|uic=lv-LV` (the UI culture first), a bare `ru` or `ru-RU` / `ru_RU`, and the
 * base64 JSON (`"en"`) Tulks wrote before; anything else is no choice (the default language), never an error.
 * Written: ASP.NET's form, which those systems read back.
 */
const CULTURES: Record<Language, string> = { lv: 'lv-LV', en: 'en-GB', ru: 'ru-RU' }

export function cultureValue(language: Language): string {
  return `c=${CULTURES[language]}|uic=${CULTURES[language]}`
}

export function languageOfCulture(raw: string | undefined): Language | undefined {
  if (!raw) return undefined
  let value: string
  try {
    value = decodeURIComponent(raw).trim()
  } catch {
    return undefined
  }
  if (/^(?:c|uic)\s*=/.test(value)) {
    const parts = new Map(value.split('|').map((part) => part.split('=', 2).map((side) => side.trim()) as [string, string]))
    return languageOf(parts.get('uic')) ?? languageOf(parts.get('c'))
  }
  return languageOf(value) ?? languageOf(fromBase64Json(value))
}

function languageOf(culture: string | undefined): Language | undefined {
  const language = culture?.split(/[-_]/)[0]?.toLowerCase()
  return isSupportedLanguage(language) ? language : undefined
}

function fromBase64Json(value: string): string | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return undefined
  try {
    const decoded: unknown = JSON.parse(Buffer.from(value, 'base64').toString('utf8'))
    return typeof decoded === 'string' ? decoded : undefined
  } catch {
    return undefined
  }
}

/** The value of one cookie in a Cookie header, as sent (still percent-encoded). */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const equals = pair.indexOf('=')
    if (equals > 0 && pair.slice(0, equals).trim() === name) return pair.slice(equals + 1).trim().replace(/^"(.*)"$/, '$1')
  }
  return undefined
}
