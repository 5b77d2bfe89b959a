import { describe, expect, it } from 'vitest'
import { toProjectLanguage } from './language-codes'

describe('toProjectLanguage', () => {
  it.each([
    ['eng', 'en'],
    ['spa', 'es'],
    ['cat', 'ca'],
    ['lav', 'lv'],
    ['eng_US', 'en-US'],
    ['cat_valencia', 'ca-valencia'],
    ['lv', 'lv'],
    ['EN', 'en'],
    ['ast', 'ast'],
  ])('%s → %s', (code, expected) => {
    expect(toProjectLanguage(code)).toBe(expected)
  })
})
