import { describe, expect, it } from 'vitest'
import { checkComment, COMMENT_MAX_LENGTH, commentLength, commentMatches } from './comment-rules'

describe('checkComment (SPEC §5, §9)', () => {
  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['\n\t ', 'empty'],
    ['x'.repeat(COMMENT_MAX_LENGTH + 1), 'too-long'],
    ['ā'.repeat(751), 'too-long'],
  ])('refuses %j as %s', (message, code) => {
    const check = checkComment(message)
    expect(check.ok).toBe(false)
    if (!check.ok) expect(check.errors[0]!.code).toBe(code)
  })

  it('trims and accepts up to 750 characters', () => {
    expect(checkComment('  Vai šis ir pareizi?\n')).toEqual({ ok: true, message: 'Vai šis ir pareizi?' })
    expect(checkComment('x'.repeat(750)).ok).toBe(true)
  })

  it('counts the trimmed text, so surrounding whitespace does not count', () => {
    expect(checkComment(`  ${'x'.repeat(750)}  `).ok).toBe(true)
  })

  it('reports the length and the limit', () => {
    expect(checkComment('x'.repeat(751))).toEqual({ ok: false, errors: [{ code: 'too-long', length: 751, max: 750 }] })
  })

  describe('edge cases', () => {
    it('counts characters, not UTF-16 units: 750 emoji are allowed', () => {
      expect('😀'.repeat(750).length).toBe(1500)
      expect(commentLength('😀'.repeat(750))).toBe(750)
      expect(checkComment('😀'.repeat(750)).ok).toBe(true)
    })
  })
})

describe('commentMatches', () => {
  const comment = { message: 'Termins: LĪGUMS', fullName: 'Anna Bērziņa' }
  it('matches text and author, ignoring case; an empty query matches all', () => {
    expect(commentMatches(comment, 'līgums')).toBe(true)
    expect(commentMatches(comment, 'BĒRZ')).toBe(true)
    expect(commentMatches(comment, '  ')).toBe(true)
    expect(commentMatches(comment, 'vārdnīca')).toBe(false)
  })
})
