import { describe, expect, it } from 'vitest'
import { translateIcuPattern } from './icu-regex'

describe('translateIcuPattern', () => {
  it.each([
    [String.raw`\p{Lu}\.`, 'A.', true],
    [String.raw`\p{Lu}\.`, 'a.', false],
    [String.raw`\bDr\.`, 'Dr.', true],
    [String.raw`\bг\.`, 'г.', true],
    [String.raw`\w+`, 'ёж', true],
    [String.raw`((?i)jan|feb)\.`, 'JAN.', true],
    [String.raw`(?i)mr\.`, 'MR.', true],
    [String.raw`[\p{L}&&[^rwn]]\.`, 'a.', true],
    [String.raw`[\p{L}&&[^rwn]]\.`, 'r.', false],
    [String.raw`\Q(a.b)\E`, '(a.b)', true],
    [String.raw`a*+b`, 'aab', true],
    [String.raw`(?>ab)c`, 'abc', true],
    [String.raw`\x{41}\u0042`, 'AB', true],
    [String.raw`<0}`, '<0}', true],
    [String.raw`[\p{Pe}\p{Po}"]*`, '")', true],
    [String.raw`\p{InCyrillic}`, 'ж', true],
    [String.raw`\h`, '\u00a0', true],
  ])('%s on %j → %s', (pattern, input, matches) => {
    const translated = translateIcuPattern(pattern)
    expect(translated).not.toBeNull()
    expect(new RegExp(`^(?:${translated})$`, 'u').test(input)).toBe(matches)
  })

  it.each([String.raw`[a-z[^b]]`, String.raw`\G`, String.raw`(?x) a`, String.raw`[a`, String.raw`\p{NoSuchThing}`])(
    'refuses %s',
    (pattern) => {
      expect(translateIcuPattern(pattern)).toBeNull()
    },
  )
})
