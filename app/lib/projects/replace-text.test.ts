import { describe, expect, it } from 'vitest'
import { countMatches, replaceInTranslation } from './replace-text'

const query = (find: string, replace: string, options: { matchCase?: boolean; wholeWord?: boolean } = {}) => ({
  find,
  replace,
  matchCase: options.matchCase ?? false,
  wholeWord: options.wholeWord ?? false,
})

describe('replaceInTranslation (issue 58)', () => {
  it('replaces every match, or only the first, ignoring case unless asked', () => {
    expect(replaceInTranslation('Datne un datne.', query('datne', 'fails'))).toEqual({ text: 'fails un fails.', count: 2 })
    expect(replaceInTranslation('Datne un datne.', query('datne', 'fails', { matchCase: true }))).toEqual({ text: 'Datne un fails.', count: 1 })
    expect(replaceInTranslation('Datne un datne.', query('datne', 'fails'), { first: true })).toEqual({ text: 'fails un datne.', count: 1 })
  })
  it('whole words only: not inside a longer word, Latvian and Russian letters counted as letters', () => {
    expect(replaceInTranslation('datne, datnes, ādatne', query('datne', 'fails', { wholeWord: true })).text).toBe('fails, datnes, ādatne')
    expect(replaceInTranslation('файл файлы', query('файл', 'документ', { wholeWord: true })).text).toBe('документ файлы')
  })
  it('never changes a tag, and a replacement is text, not markup', () => {
    expect(replaceInTranslation('Atveriet <b1>datni</b1> b1.', query('b1', 'X'))).toEqual({ text: 'Atveriet <b1>datni</b1> X.', count: 1 })
    expect(replaceInTranslation('Sveiki <x1/>!', query('Sveiki', '<x2/> & co'))).toEqual({ text: '&lt;x2/> & co <x1/>!', count: 1 })
    expect(countMatches('a <g1>a</g1> a', query('a', ''))).toBe(3)
  })
  it('finds special characters as themselves, and nothing for an empty find', () => {
    expect(replaceInTranslation('1.5 vai 105', query('1.5', '1,5')).text).toBe('1,5 vai 105')
    expect(replaceInTranslation('a < b', query('<', '≤')).text).toBe('a ≤ b')
    expect(replaceInTranslation('teksts', query('', 'x'))).toEqual({ text: 'teksts', count: 0 })
  })
})
