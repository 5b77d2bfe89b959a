import { describe, expect, it } from 'vitest'
import { countWords } from './word-count'

describe('countWords (DESIGN "Word count")', () => {
  it.each([
    ['', 'en', 0],
    ['   ', 'en', 0],
    ['Hello, world!', 'en', 2],
    ["Don't stop.", 'en', 2],
    ['3.14 is pi', 'en', 3],
    ['Sveiki, pasaule! Šodien ir 1. janvāris.', 'lv', 6],
    ['Привет, мир — это тест.', 'ru', 4],
    // ICU keeps "example.lv" together: e, mail, ana, example.lv
    ['e-mail: ana@example.lv', 'en', 4],
  ])('%j in %s has %i words', (text, language, words) => {
    expect(countWords(text, language)).toBe(words)
  })
})
