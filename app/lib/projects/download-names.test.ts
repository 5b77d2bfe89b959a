import { describe, expect, it } from 'vitest'
import { translatedName } from './download-names'

describe('the translated download name (issue 19)', () => {
  it('puts the target language before the extension', () => {
    expect(translatedName('report.docx', 'en', 'lv')).toBe('report.lv.docx')
    expect(translatedName('Atskaite 2026.gada.xlsx', 'lv', 'ru')).toBe('Atskaite 2026.gada.ru.xlsx')
    expect(translatedName('README', 'en', 'lv')).toBe('README.lv')
    expect(translatedName('.profile', 'en', 'lv')).toBe('.profile.lv')
  })

  it("replaces the source language's code a name already carries", () => {
    expect(translatedName('report.en.docx', 'en', 'lv')).toBe('report.lv.docx')
    expect(translatedName('strings_EN.json', 'en', 'ru')).toBe('strings.ru.json')
    expect(translatedName('often.docx', 'en', 'lv')).toBe('often.lv.docx')
  })
})
