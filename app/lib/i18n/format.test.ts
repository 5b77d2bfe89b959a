import { describe, expect, it } from 'vitest'
import { formatDate, formatNumber, formatPercent, localeFor } from './format'

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
