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

describe('spelling answers never change hands (issue 50)', () => {
  // The checker once ended each answer at one fixed word: a translation holding it gave its unknown words to the
  // next request, whoever's it was (one project's words were seen in another user's QA report).
  const hostile = [
    'Sveiki qqxzzqtulkssentinel dattorrs',
    '',
    '\n\n\n',
    'Rindas\rbeigas\r\nun\u2028atdalītāji\u0085zzyzzx',
    `nul\u0000rakstzīme\u0007zvans\u001bqqxkontroleee`,
    `${'garš vārds '.repeat(20_000)}garrrrsvards`,
    'qqx',
    '* & @ + - ~ # ! % ` ^ zīmessss',
  ]

  it('gives each of two users at once only the words of their own texts, whatever the texts hold', async () => {
    const own = ['Viņa raksta ananasss un banaaans.', 'Jānis raksta citronsss un ābolllu.']
    for (let round = 0; round < 3; round++) {
      const asked = hostile.flatMap((text, index) => [
        { user: 'hostile', text, answer: misspelledWords(text, 'lv') },
        { user: 'other', text: own[index % 2]!, answer: misspelledWords(own[index % 2]!, 'lv') },
      ])
      for (const { user, text, answer } of asked) {
        const words = await answer
        if (user === 'other') expect(words, text).toEqual(text.startsWith('Viņa') ? ['ananasss', 'banaaans'] : ['citronsss', 'ābolllu'])
        else for (const word of words ?? []) expect(text.includes(word), `${word} is not in ${JSON.stringify(text.slice(0, 60))}`).toBe(true)
      }
    }
  })

  it('still reports the unknown words of a text that holds the old end word', async () => {
    expect(await misspelledWords('Sveiki qqxzzqtulkssentinel dattorrs', 'lv')).toEqual(['qqxzzqtulkssentinel', 'dattorrs'])
    expect(await misspelledWords('Datoram ir dattors.', 'lv')).toEqual(['dattors'])
  })
})
