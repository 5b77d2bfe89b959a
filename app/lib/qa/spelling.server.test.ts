import { afterAll, describe, expect, it } from 'vitest'
import { misspelledWords, stopSpellCheckers } from './spelling.server'

afterAll(stopSpellCheckers)

describe('spelling by hunspell', () => {
  it('finds the misspelled words of a Latvian, Russian and English text and only those', async () => {
    expect(await misspelledWords('Datoram ir jauns tulkojumsss un dattors.', 'lv')).toEqual(['tulkojumsss', 'dattors'])
    expect(await misspelledWords('Перевод для компютера готов.', 'ru')).toEqual(['компютера'])
    expect(await misspelledWords('The computer translaton is ready.', 'en')).toEqual(['translaton'])
  })

  it('leaves out names the source has, abbreviations and words with digits', async () => {
    expect(await misspelledWords('Tulks no Zxqwert un ABCD ar x86zz.', 'lv', 'Zxqwert ships ABCD')).toEqual([])
  })

  it('answers many questions at once in order', async () => {
    const answers = await Promise.all(['dators', 'dattors', 'datoram', 'datorrrs'].map((word) => misspelledWords(word, 'lv')))
    expect(answers).toEqual([[], ['dattors'], [], ['datorrrs']])
  })

  it('says it cannot check a language without a dictionary', async () => {
    expect(await misspelledWords('Hallo Welt', 'de')).toBeUndefined()
    expect(await misspelledWords('123 456', 'de')).toEqual([])
  })
})
