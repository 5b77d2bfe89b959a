import { describe, expect, it } from 'vitest'
import { latvianStem } from './latvian-stemmer'
import { stemKey, stemWords } from './stemming'

describe('stemKey', () => {
  it('gives every case of a Latvian noun one stem, consonant alternations included', () => {
    const forms = (words: string[]) => new Set(words.map((word) => stemKey(word, 'lv')))
    expect(forms(['dators', 'datora', 'datoram', 'datoru', 'datorā', 'datori', 'datoriem', 'datorus', 'datoros', 'Datoru'])).toEqual(
      new Set(['dator']),
    )
    expect(forms(['māja', 'mājas', 'mājai', 'māju', 'mājā', 'mājām', 'mājās'])).toEqual(new Set(['māj']))
    expect(forms(['brālis', 'brāļa', 'brālim', 'brāļi', 'brāļiem'])).toEqual(new Set(['brāl']))
    expect(forms(['zivs', 'zivij', 'zivju', 'zivīm'])).toEqual(new Set(['ziv']))
    expect(forms(['tulkošanas atmiņa', 'tulkošanas atmiņā', 'tulkošanas atmiņām'])).toEqual(new Set(['tulkošan atmin']))
  })

  it('leaves short words alone and keeps different words apart', () => {
    expect(latvianStem('ar')).toBe('ar')
    expect(latvianStem('un')).toBe('un')
    expect(stemKey('dators', 'lv')).not.toBe(stemKey('dati', 'lv'))
  })

  it('uses Snowball for Russian (ё as е) and English, and the lower-cased word elsewhere', () => {
    expect(new Set(['компьютер', 'компьютера', 'компьютеру', 'компьютером', 'компьютерами'].map((word) => stemKey(word, 'ru')))).toEqual(
      new Set(['компьютер']),
    )
    expect(stemKey('Ёлка', 'ru')).toBe(stemKey('елки', 'ru'))
    expect(stemKey('Translation memories', 'en-US')).toBe(stemKey('translation memory', 'en'))
    expect(stemKey('Häuser', 'de')).toBe('häuser')
  })

  it('finds words with their places, hyphens and apostrophes inside a word', () => {
    expect(stemWords("user's e-mail, 2 files", 'en').map((word) => [word.start, word.end])).toEqual([
      [0, 6],
      [7, 13],
      [15, 16],
      [17, 22],
    ])
  })
})
