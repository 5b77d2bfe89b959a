import { describe, expect, it } from 'vitest'
import { cookieValue, cultureValue, languageOfCulture } from './culture.server'

describe('the culture cookie as other systems write it (issue 19)', () => {
  it("reads ASP.NET's c=…|uic=…, the UI culture first", () => {
    expect(languageOfCulture('c%3Dlv-LV%7Cuic%3Dlv-LV')).toBe('lv')
    expect(languageOfCulture('c=en-US|uic=ru-RU')).toBe('ru')
    expect(languageOfCulture('c=ru-RU|uic=de-DE')).toBe('ru')
  })

  it('reads a bare language or culture in any case and separator', () => {
    expect(languageOfCulture('ru')).toBe('ru')
    expect(languageOfCulture('EN-gb')).toBe('en')
    expect(languageOfCulture('lv_LV')).toBe('lv')
  })

  it('reads the value Tulks wrote before (base64 JSON)', () => {
    expect(languageOfCulture('ImVuIg%3D%3D')).toBe('en')
  })

  it('gives no language for a forged or foreign value, never an error', () => {
    for (const forged of ['de', 'c=de-DE|uic=fr-FR', '%E0%A4%A', '"><script>', 'eyJ4IjoxfQ==', '', 'c=|uic=', '=====']) {
      expect(languageOfCulture(forged)).toBeUndefined()
    }
  })

  it('writes what it reads', () => {
    for (const language of ['lv', 'en', 'ru'] as const) expect(languageOfCulture(encodeURIComponent(cultureValue(language)))).toBe(language)
    expect(cultureValue('lv')).toBe('c=lv-LV|uic=lv-LV')
  })

  it('finds one cookie in a header', () => {
    expect(cookieValue('a=1; culture=c%3Dru-RU%7Cuic%3Dru-RU; b=2', 'culture')).toBe('c%3Dru-RU%7Cuic%3Dru-RU')
    expect(cookieValue('xculture=ru', 'culture')).toBeUndefined()
  })
})
