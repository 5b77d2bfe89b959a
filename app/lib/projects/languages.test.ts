import { describe, expect, it } from 'vitest'
import { swapLanguages, widgetLanguages } from './languages'

describe('widgetLanguages (SPEC §2 MT widget)', () => {
  it('keeps SPEC order and adds the languages of running systems after it, alphabetically, once', () => {
    const systems = [
      { sourceLang: 'en', targetLang: 'es' },
      { sourceLang: 'es', targetLang: 'en-US' },
      { sourceLang: 'ca', targetLang: 'lv' },
    ]
    expect(widgetLanguages(systems)).toEqual({ sources: ['en', 'lv', 'ru', 'ca', 'es'], targets: ['lv', 'en', 'ru', 'es'] })
  })

  it('is SPEC’s lists alone without systems', () => {
    expect(widgetLanguages([])).toEqual({ sources: ['en', 'lv', 'ru'], targets: ['lv', 'en', 'ru'] })
  })
})

describe('swapLanguages', () => {
  const lists = { sources: ['en', 'lv', 'ru', 'es'], targets: ['lv', 'en', 'es'] }
  it('swaps source and target', () => {
    expect(swapLanguages({ source: 'en', target: 'es' }, lists)).toEqual({ source: 'es', target: 'en' })
  })
  it('falls back where the swapped language is not offered (ru is no target), never to the same pair of one language', () => {
    expect(swapLanguages({ source: 'ru', target: 'lv' }, lists)).toEqual({ source: 'lv', target: 'en' })
    expect(swapLanguages({ source: 'ru', target: 'es' }, lists)).toEqual({ source: 'es', target: 'lv' })
  })
  it('swaps Russian into the target, now that Russian is one (issue 19)', () => {
    expect(swapLanguages({ source: 'ru', target: 'lv' }, widgetLanguages([]))).toEqual({ source: 'lv', target: 'ru' })
  })
})
