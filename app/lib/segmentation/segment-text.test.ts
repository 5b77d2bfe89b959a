import fs from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseFixtures } from './fixtures'
import { primaryLanguage, rulesFor } from './rules'
import { breakOffsets, cutAt, LONGEST_SEGMENT, segmentText } from './segment-text'

const fixtureDir = path.join(import.meta.dirname, 'fixtures')
const goldDir = path.join(import.meta.dirname, '../../../../shared/samples/segmentation/gold')

function fixtures(language: string) {
  return parseFixtures(fs.readFileSync(path.join(fixtureDir, `${language}.txt`), 'utf8'))
}

describe.each([
  ['en', 60],
  ['lv', 60],
  ['ru', 60],
  ['default', 5],
])('fixtures/%s.txt', (language, atLeast) => {
  const cases = fixtures(language)

  it(`holds at least ${atLeast} hard cases`, () => {
    expect(cases.length).toBeGreaterThanOrEqual(atLeast)
  })

  it.each(cases.map((c) => [c.line, c.text, c.segments] as const))('line %i: %j', (_, text, segments) => {
    expect(segmentText(text, language === 'default' ? 'de' : language)).toEqual(segments)
  })
})

describe('edge cases', () => {
  it.each([
    ['', []],
    [' ', [' ']],
    ['\n\n', ['\n\n']],
    ['Hello.', ['Hello.']],
    ['Hello. ', ['Hello. ']],
    ['Hello.\n', ['Hello.\n']],
    ['A.\nB.\r\nC.', ['A.\n', 'B.\r\n', 'C.']],
    ['A.\n \nB.', ['A.\n \n', 'B.']],
    ['\nA.', ['\nA.']],
    ['😀. 😀.', ['😀. ', '😀.']],
  ])('%j', (text, segments) => {
    expect(segmentText(text, 'en')).toEqual(segments)
  })

  it('returns the offsets where segments start', () => {
    expect(breakOffsets('One. Two. Three.', 'en')).toEqual([5, 10])
  })
})

describe('rulesFor picks rules by the primary language subtag', () => {
  it.each([
    ['en', 'en'],
    ['en-GB', 'en'],
    ['lv-LV', 'lv'],
    ['ru_RU', 'ru'],
    ['RU', 'ru'],
  ])('%s → %s', (code, primary) => {
    expect(primaryLanguage(code)).toBe(primary)
    expect(rulesFor(code)).toBe(rulesFor(primary))
  })

  it('gives unknown languages the default rules', () => {
    expect(rulesFor('de')).toBe(rulesFor('xx'))
    expect(rulesFor('de')).not.toBe(rulesFor('en'))
    // Latvian abbreviations do not leak into the default.
    expect(segmentText('Lekciju lasīs doc. Ozols.', 'lv-LV')).toEqual(['Lekciju lasīs doc. Ozols.'])
    expect(segmentText('Lekciju lasīs doc. Ozols.', 'et')).toEqual(['Lekciju lasīs doc. ', 'Ozols.'])
  })
})

describe('laws', () => {
  const languages = fc.constantFrom('en', 'lv', 'ru', 'de')
  // Texts built from the characters the rules look at, so breaks and exceptions actually happen.
  const sentenceish = fc
    .array(
      fc.constantFrom(
        'Dr', 'a', 'I', 'U.S', 'т.е', 'г', '1', '3.14', ' ', '  ', '.', '. ', '?', '!', '…', '"', '»', '«', ')',
        '\n', '\r\n', '\u2028', 'The', 'janvārī', 'Москва', '•', '\u00a0', 'e.g', 'u.c', '😀',
      ),
      { maxLength: 40 },
    )
    .map((parts) => parts.join(''))

  it.each([
    ['arbitrary strings', fc.string({ unit: 'grapheme', maxLength: 200 })],
    ['sentence-like strings', sentenceish],
  ])('segments of %s join back to the text, start with non-space, are never empty', (_, texts) => {
    fc.assert(
      fc.property(texts, languages, (text, language) => {
        const segments = segmentText(text, language)
        expect(segments.join('')).toBe(text)
        for (const segment of segments) expect(segment).not.toBe('')
        for (const segment of segments.slice(1)) expect(segment).toMatch(/^\S/u)
      }),
      { numRuns: 500 },
    )
  })

  it('cuts a sentence longer than the longest segment at a space, or at that length, losing nothing (issue 50)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.integer({ min: 4, max: 40 }), languages, (text, longest, language) => {
        const segments = cutAt(text, breakOffsets(text, language, longest))
        expect(segments.join('')).toBe(text)
        for (const segment of segments) {
          expect(segment).not.toBe('')
          expect(segment.trimEnd().length).toBeLessThanOrEqual(longest)
        }
        for (const segment of segments.slice(1)) expect(segment).toMatch(/^\S/u)
      }),
      { numRuns: 500 },
    )
  })

  it('cuts a 20 MB line with no sentence end into segments of at most 5,000 characters, at spaces', () => {
    const line = 'vārds '.repeat(3_500_000)
    const segments = segmentText(line, 'lv')
    expect(segments.join('')).toBe(line)
    expect(Math.max(...segments.map((segment) => segment.length))).toBeLessThanOrEqual(LONGEST_SEGMENT)
    expect(segments.every((segment) => segment.endsWith(' '))).toBe(true)
  })

  it('always ends a segment at a line break', () => {
    fc.assert(
      fc.property(sentenceish, languages, (text, language) => {
        for (const segment of segmentText(text, language)) {
          expect(segment.trim()).not.toMatch(/[\n\r\u2028]/u)
        }
      }),
      { numRuns: 300 },
    )
  })
})

describe('gold sets from ../shared/samples/segmentation/gold', () => {
  interface GoldFile {
    sets: Record<string, { text: string; sentences: string[] }[]>
  }

  // pySBD's expected sentences are trimmed; ours keep their whitespace, so compare trimmed.
  function accuracy(file: string, language: string) {
    const gold = JSON.parse(fs.readFileSync(path.join(goldDir, file), 'utf8')) as GoldFile
    const cases = Object.values(gold.sets).flat()
    const passed = cases.filter(
      (c) => JSON.stringify(segmentText(c.text, language).map((s) => s.trim())) === JSON.stringify(c.sentences),
    )
    const percent = (100 * passed.length) / cases.length
    console.log(`${file} (${language}): ${passed.length}/${cases.length} = ${percent.toFixed(1)}%`)
    return percent
  }

  it.each([
    ['pysbd_english_golden_rules.json', 'en', 85],
    ['pysbd_test_english.json', 'en', 85],
    ['pysbd_test_russian.json', 'ru', 95],
    ['pysbd_test_german.json', 'de', 50],
    ['pysbd_test_bulgarian.json', 'bg', 50],
    ['pysbd_test_kazakh.json', 'kk', 75],
  ])('%s with %s rules: at least %i%%', (file, language, floor) => {
    expect(accuracy(file, language)).toBeGreaterThanOrEqual(floor)
  })
})
