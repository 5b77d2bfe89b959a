import { describe, expect, it } from 'vitest'
import { formatDate, formatDuration, formatNumber, formatPercent, localeFor, remainingSeconds } from './format'

describe('localeFor (SPEC §9)', () => {
  it.each([
    ['en', 'en-US'],
    ['lv', 'lv-LV'],
    ['ru', 'ru-RU'],
    ['uk', 'uk-UA'],
    ['et', 'et-EE'],
    ['de', 'de-DE'],
    ['EN', 'en-US'],
  ])('%s → %s', (code, locale) => {
    expect(localeFor(code)).toBe(locale)
  })
})

describe('formatting follows the interface language', () => {
  const date = new Date(Date.UTC(2026, 0, 5, 12))

  it('formats dates per language', () => {
    expect(formatDate(date, 'en')).toBe('Jan 5, 2026')
    expect(formatDate(date, 'lv')).toMatch(/2026/)
    expect(formatDate(date, 'lv')).toMatch(/janv/)
    expect(formatDate(date, 'ru')).toMatch(/янв/)
  })

  it('formats numbers with each language’s separators', () => {
    expect(formatNumber(12345.5, 'en')).toBe('12,345.5')
    expect(formatNumber(12345.5, 'lv')).toBe('12\u00a0345,5')
    expect(formatNumber(12345.5, 'ru')).toBe('12\u00a0345,5')
  })

  it('formats percentages with up to two decimals', () => {
    expect(formatPercent(42.125, 'en')).toBe('42.13%')
    expect(formatPercent(100, 'lv')).toBe('100%')
  })
})

describe('durations and time remaining (issue 19)', () => {
  it('says a duration with the plural form of the language', () => {
    expect(formatDuration(45, 'en')).toBe('45 seconds')
    expect(formatDuration(120, 'lv')).toBe('2 minūtes')
    expect(formatDuration(180, 'ru')).toBe('3 минуты')
    expect(formatDuration(300, 'ru')).toBe('5 минут')
    expect(formatDuration(10_800, 'en')).toBe('3 hours')
    expect(formatDuration(0.2, 'en')).toBe('1 second')
  })

  it('estimates what is left from the pace so far', () => {
    expect(remainingSeconds(25, 100, 30)).toBe(90)
    expect(remainingSeconds(0, 100, 30)).toBeUndefined()
    expect(remainingSeconds(100, 100, 30)).toBeUndefined()
  })
})
