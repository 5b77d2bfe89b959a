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
        // The plain key and keys with values, remembered after the first render.
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

  it('remembers a text with its values: other values, counts or languages get their own', () => {
    for (const round of [1, 2]) {
      const ru = renderI18next('ru', ['translate']).getFixedT(null, 'translate')
      const direct = renderI18next('ru', ['translate']).t
      for (const count of [1, 2, 5, 21, 22, 25, 111]) {
        expect([round, count, ru('search.results', { count })]).toEqual([round, count, direct('translate:search.results', { count })])
      }
      expect(new Set([1, 2, 5].map((count) => ru('search.results', { count }))).size).toBe(3)
      const en = renderI18next('en', ['translate']).getFixedT(null, 'translate')
      // A value cannot pass for the end of another's: a name that spells out a second value is still one name.
      const name = 'a.docx\u00011:xs5:b.doc'
      expect(en('title', { name })).toContain(name)
      expect(en('title', { name: 'a.docx', x: 'b.doc' })).not.toContain('b.doc')
      expect(en('title', { name: 'a.docx' })).not.toBe(en('title', { name: 'b.docx' }))
      // Anything but plain values is not remembered (and still answered).
      expect(en('title', { name: { toString: () => `obj-${round}` } as unknown as string })).toContain(`obj-${round}`)
    }
  })

  it('gives renders of one language and namespaces one instance, and others their own', () => {
    const lv = renderI18next('lv', ['common', 'translate'])
    expect(renderI18next('lv', ['common', 'translate'])).toBe(lv)
    expect(lv.language).toBe('lv')
    for (const [language, ns] of [['en', ['common', 'translate']], ['lv', ['common', 'files']], ['lv', ['common']]] as const) {
      const other = renderI18next(language, [...ns])
      expect(other).not.toBe(lv)
      expect([other.language, other.options.ns]).toEqual([language, ns])
    }
    expect(lv.getFixedT(null, 'translate')('backToFiles')).toBe(renderI18next('lv', ['translate']).t('translate:backToFiles'))
    expect(lv.getFixedT(null, 'translate')('backToFiles')).not.toBe(renderI18next('en', ['translate']).t('translate:backToFiles'))
  })

  it('keeps a key prefix apart from the same key without it', () => {
    const instance = renderI18next('en', ['translate'])
    const plain = instance.getFixedT(null, 'translate')
    const footer = instance.getFixedT(null, 'translate', 'footer')
    expect(instance.getFixedT(null, 'translate')).toBe(plain)
    expect(instance.getFixedT(null, 'translate', 'footer')).toBe(footer)
    expect(instance.getFixedT(null, 'files')).not.toBe(plain)
    expect(footer('minutes', { count: 2 })).toBe(plain('footer.minutes', { count: 2 }))
    expect(plain('segments')).toBe('Segments')
    expect(footer('segments')).not.toBe('Segments')
    // A text without values, remembered by its key in each t's scope: the same key in another scope is its own.
    for (let round = 0; round < 2; round++) {
      expect(footer('segments')).toBe(instance.t('translate:footer.segments'))
      expect(plain('segments')).toBe('Segments')
      expect(instance.getFixedT(null, 'files')('title')).toBe(instance.t('files:title'))
    }
  })
})
