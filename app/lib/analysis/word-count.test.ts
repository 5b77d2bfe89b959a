import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { countWords, scannedWords, segmentedWords } from './word-count'

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
    // Outside the scan's characters: a soft hyphen and a combining mark stay inside their word, Greek and CJK count.
    ['ne\u00ADpa\u0304reizi', 'lv', 1],
    ['Καλημέρα κόσμε', 'en', 2],
  ])('%j in %s has %i words', (text, language, words) => {
    expect(countWords(text, language)).toBe(words)
  })
})

// The scan's characters, weighted towards those whose neighbours decide (the middle characters and the low line),
// and a few it must refuse.
const known = [...'aZ09āžŠЖёїҊԯªµºÿß_:;,.\'’‘․‧·-–—\t\n«»„“”"…!?()×÷҂', ' ', '\u00A0', '\u2028', '\r\n']
const refused = ['\u00AD', '\u0301', '\u0483', 'Ω', '日', '😀', '\u200D', '\u202F', '\uD800']
const languages = ['en', 'lv', 'ru', 'lt', 'et', 'de', 'fr', 'es', 'sv', 'fi', 'pl', 'tr', 'uk']

describe('scannedWords', () => {
  it('counts what Intl.Segmenter counts, in every language, or declines', () => {
    const text = fc.array(fc.oneof({ weight: 20, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: fc.constantFrom(...refused) }), { maxLength: 24 })
    fc.assert(
      fc.property(text, fc.constantFrom(...languages), (pieces, language) => {
        const joined = pieces.join('')
        const scanned = scannedWords(joined)
        if (refused.some((piece) => joined.includes(piece))) expect(scanned).toBeUndefined()
        else expect(scanned).toBe(segmentedWords(joined, language))
      }),
      { numRuns: 20_000 },
    )
  })

  it('knows every character of the Latin and Cyrillic blocks it claims, one by one between letters and digits', () => {
    for (let code = 0; code < 0x2100; code++) {
      const character = String.fromCharCode(code)
      for (const around of ['a%a', '1%1', 'a%1', '1%a', '%', '%%', 'a %', '% a', '%a', 'a%', '%1', '1%', '_%_', '%_%']) {
        const text = around.replaceAll('%', character)
        const scanned = scannedWords(text)
        if (scanned !== undefined) expect([code.toString(16), text, scanned]).toEqual([code.toString(16), text, segmentedWords(text, 'en')])
      }
    }
  })
})
