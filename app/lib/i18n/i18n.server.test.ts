import { describe, expect, it } from 'vitest'
import { renderI18next } from './i18n.server'

describe('renderI18next', () => {
  it('gives what i18next gives, render after render and language after language', () => {
    for (const round of [1, 2]) {
      for (const [language, back, segments] of [
        ['en', 'Back to the file list', '1 segment found'],
        ['lv', undefined, undefined],
        ['ru', undefined, undefined],
      ] as const) {
        const instance = renderI18next(language, ['translate'])
        const t = instance.getFixedT(null, 'translate')
        // The plain key, remembered after the first render, and keys with values, never remembered.
        const direct = instance.t.bind(instance)
        expect([round, language, t('backToFiles')]).toEqual([round, language, direct('translate:backToFiles')])
        if (back) expect(t('backToFiles')).toBe(back)
        expect(t('search.results', { count: 1 })).toBe(direct('translate:search.results', { count: 1 }))
        expect(t('search.results', { count: 5 })).toBe(direct('translate:search.results', { count: 5 }))
        if (segments) expect(t('search.results', { count: 1 })).toBe(segments)
        expect(t('title', { name: `fails-${round}.docx` })).toContain(`fails-${round}.docx`)
        expect(t('no.such.key')).toBe('no.such.key')
      }
    }
    // Latvian and Russian differ from English and from each other: nothing remembered crossed languages.
    const texts = (['en', 'lv', 'ru'] as const).map((language) => renderI18next(language, ['translate']).getFixedT(null, 'translate')('backToFiles'))
    expect(new Set(texts).size).toBe(3)
  })

  it('keeps a key prefix apart from the same key without it', () => {
    const instance = renderI18next('en', ['translate'])
    const plain = instance.getFixedT(null, 'translate')
    const footer = instance.getFixedT(null, 'translate', 'footer')
    expect(footer('minutes', { count: 2 })).toBe(plain('footer.minutes', { count: 2 }))
    expect(plain('segments')).toBe('Segments')
    expect(footer('segments')).not.toBe('Segments')
  })
})
