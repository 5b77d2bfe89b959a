/**
 * Dates and numbers for the chosen interface language (pure; used on the server and in the browser).
 * SPEC §9 maps language codes to locales: a few have their own region, the rest become code-CODE.
 */
const specialLocales: Record<string, string> = {
  en: 'en-US',
  zh: 'zh-HK',
  da: 'da-DK',
  cs: 'cs-CZ',
  et: 'et-EE',
  ga: 'ga-IE',
  ja: 'ja-JP',
  nb: 'nb-NO',
  uk: 'uk-UA',
  sv: 'sv-SE',
  sl: 'sl-SI',
  el: 'el-GR',
}

export function localeFor(language: string): string {
  const code = language.slice(0, 2).toLowerCase()
  return specialLocales[code] ?? `${code}-${code.toUpperCase()}`
}

export function formatDate(value: Date | number, language: string): string {
  return new Intl.DateTimeFormat(localeFor(language), { dateStyle: 'medium' }).format(value)
}

export function formatDateTime(value: Date | number, language: string): string {
  return new Intl.DateTimeFormat(localeFor(language), { dateStyle: 'medium', timeStyle: 'short' }).format(value)
}

export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(localeFor(language), options).format(value)
}

export function formatPercent(value: number, language: string): string {
  return new Intl.NumberFormat(localeFor(language), { style: 'percent', maximumFractionDigits: 2 }).format(value / 100)
}
