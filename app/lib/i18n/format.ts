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

/**
 * Intl formatters are slow to build (a few hundred microseconds each) and a page formats many numbers, so each
 * locale-and-options combination is built once and kept.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>()

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined
  if (!formatter) {
    formatter = make()
    formatters.set(key, formatter)
  }
  return formatter
}

/**
 * Issue 51: every time the interface shows is in one time zone, on the server and in the browser, with JavaScript and
 * without (a page cannot know its reader's zone without a script): Latvia's, where Tulks's translators work.
 */
export const TIME_ZONE = 'Europe/Riga'

function dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = localeFor(language)
  return cached(`date ${locale} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, { timeZone: TIME_ZONE, ...options }))
}

function numberFormat(language: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const locale = localeFor(language)
  return cached(`number ${locale} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options))
}

export function formatDate(value: Date | number, language: string): string {
  return dateFormat(language, { dateStyle: 'medium' }).format(value)
}

export function formatDateTime(value: Date | number, language: string): string {
  return dateFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(value)
}

export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  return numberFormat(language, options).format(value)
}

export function formatPercent(value: number, language: string): string {
  return numberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(value / 100)
}

/**
 * Issue 19: a duration in the interface language with its plural form — "2 minūtes", "2 минуты", "45 seconds" — in
 * seconds below a minute, minutes below two hours, hours above (whole units, at least one).
 */
export function formatDuration(seconds: number, language: string): string {
  const [value, unit] = seconds < 60 ? [seconds, 'second'] : seconds < 7200 ? [seconds / 60, 'minute'] : [seconds / 3600, 'hour']
  return numberFormat(language, { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: 0 }).format(Math.max(1, Math.round(value)))
}

/** What is left of a background task, from how long the part done took: undefined until something is done. */
export function remainingSeconds(done: number, total: number, elapsedSeconds: number): number | undefined {
  if (done <= 0 || total <= done || elapsedSeconds <= 0) return undefined
  return (elapsedSeconds * (total - done)) / done
}
