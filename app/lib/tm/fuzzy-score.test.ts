import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { diff, score, tokenDistance } from './fuzzy-score'
import { tokenize } from './tokens'

const ten = 'one two three four five six seven eight nine ten'

describe('score', () => {
  it.each([
    // [name, query, candidate, match]
    ['identical', 'The cat sat on the mat.', 'The cat sat on the mat.', 100],
    ['identical up to whitespace', 'The cat  sat\non the mat.', ' The cat sat on the mat . ', 100],
    ['identical with tags', '<g1>Sveiki</g1>, <x2/>pasaule', '<g1>Sveiki</g1>,<x2/> pasaule', 100],
    ['case only', 'The cat sat on the mat.', 'the cat sat on the MAT.', 98],
    ['a tag only', '<g1>The cat</g1> sat on the mat.', 'The cat sat on the mat.', 99],
    ['a tag moved', '<g1>The</g1> cat sat.', '<g1>The cat</g1> sat.', 99],
    ['another tag', 'Press <x1/> now.', 'Press <x2/> now.', 99],
    ['a number only', 'Press 3 times.', 'Press 4 times.', 97],
    ['number formatting only', 'It costs 1,000 euro.', 'It costs 1000 euro.', 97],
    ['tags and case', '<b1>Press</b1> now.', 'press now.', 97],
    ['tags and a number', '<b1>Press</b1> 3 times.', 'Press 4 times.', 96],
    ['case and a number', 'Press 3 times.', 'press 4 times.', 95],
    ['tags, case and a number', '<b1>Press</b1> 3 times.', 'press 4 times.', 95],
    ['one word of ten changed', ten, ten.replace('six', 'zzz'), 90],
    ['one word of ten dropped', ten, ten.replace('six ', ''), 90],
    ['one word of ten changed and case', ten, ten.replace('six', 'zzz').replace('one', 'One'), 88],
    ['half the words', 'a b', 'a c', 50],
    ['nothing shared', 'Good morning', 'Labrīt', 0],
    ['both empty', '', '', 100],
    ['both only whitespace and tags', ' <x1/> ', '<x1/>', 100],
    ['empty against tags only', '', '<x1/>', 99],
    ['empty against text', '', 'word', 0],
    ['one token each, different', 'a', 'b', 0],
    ['one token, case', 'a', 'A', 98],
    ['Latvian, case', 'Šī ir ļoti vienkārša tabula.', 'ŠĪ IR ĻOTI VIENKĀRŠA TABULA.', 98],
    ['Latvian, one word of six', 'Šī ir ļoti vienkārša tabula.', 'Šī ir ļoti sarežģīta tabula.', 83],
    ['Latvian, decomposed letters', 'Māja', 'Ma\u0304ja', 100],
    ['Russian, one word of five', 'Москва — столица России.', 'Москва — столица Франции.', 80],
    ['Russian, case', 'Москва — столица России.', 'МОСКВА — столица России.', 98],
  ])('%s', (_name, query, candidate, match) => {
    expect(score(query, candidate).match).toBe(match)
  })

  it('names what differs', () => {
    expect(score('<b1>Press</b1> 3 times.', 'press 4 times.').differences).toEqual({ tags: true, case: true, numbers: true })
    expect(score('Press 3 times.', 'Press 3 times.').differences).toEqual({ tags: false, case: false, numbers: false })
    expect(score(ten, ten.replace('six', '6')).differences).toEqual({ tags: false, case: false, numbers: false })
  })

  it('takes tokenized segments as well as strings', () => {
    expect(score(tokenize('Press 3 times.'), tokenize('Press 4 times.'))).toEqual(score('Press 3 times.', 'Press 4 times.'))
  })

  describe('invariants', () => {
    const piece = fc.constantFrom('a', 'A', 'b', 'ā', 'Ā', 'ж', '1', '2', '3.5', '.', ',', '<g1>', '</g1>', '<x2/>', ' ', '  ')
    const segment = fc.array(piece, { maxLength: 10 }).map((pieces) => pieces.join(' '))
    const identical = (a: string, b: string) => {
      const [x, y] = [tokenize(a), tokenize(b)]
      return JSON.stringify([x.tokens.map((t) => t.form), x.tags]) === JSON.stringify([y.tokens.map((t) => t.form), y.tags])
    }

    it('is an integer from 0 to 100, and 100 only for identical text', () => {
      fc.assert(
        fc.property(segment, segment, (a, b) => {
          const { match } = score(a, b)
          expect(Number.isInteger(match) && match >= 0 && match <= 100).toBe(true)
          expect(match === 100).toBe(identical(a, b))
        }),
      )
    })

    it('scores 95–99 when only tags, case or numbers differ', () => {
      // Pairs built to share their keys: the second side changes case, numbers and tags piece by piece.
      const tag = fc.option(fc.constantFrom('<g1>', '</g1>', '<x2/>', '<ph3/>'), { nil: '' })
      const piece = fc.record({
        text: fc.constantFrom('a', 'b', 'ā', 'ж', 'Ļoti', '1', '3.5', '.', ','),
        upper: fc.boolean(),
        number: fc.constantFrom('1', '2', '3.5'),
        tags: fc.tuple(tag, tag),
      })
      const pair = fc.array(piece, { maxLength: 8 }).map((pieces) => [
        pieces.map(({ text, tags }) => `${tags[0]}${text}`).join(' '),
        pieces
          .map(({ text, upper, number, tags }) => `${tags[1]}${/\d/.test(text) ? number : upper ? text.toUpperCase() : text}`)
          .join(' '),
      ])
      fc.assert(
        fc.property(pair, ([a = '', b = '']) => {
          const { match } = score(a, b)
          if (identical(a, b)) expect(match).toBe(100)
          else expect([match, match >= 95 && match <= 99]).toEqual([match, true])
        }),
      )
    })

    it('never exceeds the formula without penalties', () => {
      fc.assert(
        fc.property(segment, segment, (a, b) => {
          const [x, y] = [tokenize(a), tokenize(b)]
          const longest = Math.max(x.tokens.length, y.tokens.length)
          const d = tokenDistance(x.tokens, y.tokens)
          if (d > 0) expect(score(x, y).match).toBeLessThanOrEqual(Math.floor((100 * (longest - d)) / longest))
        }),
      )
    })
  })
})

describe('diff', () => {
  it('marks a replaced word in both texts', () => {
    expect(diff('The cat sat on the mat.', 'The dog sat on the mat.')).toEqual({
      operations: [
        { kind: 'equal', candidate: { start: 0, end: 3 }, query: { start: 0, end: 3 } },
        { kind: 'replace', candidate: { start: 4, end: 7 }, query: { start: 4, end: 7 } },
        { kind: 'equal', candidate: { start: 8, end: 23 }, query: { start: 8, end: 23 } },
      ],
      numbers: [],
    })
  })

  it('places missing and extra words', () => {
    const { operations } = diff('a b c', 'a c d')
    expect(operations).toEqual([
      { kind: 'equal', candidate: { start: 0, end: 1 }, query: { start: 0, end: 1 } },
      { kind: 'insert', candidate: { start: 1, end: 1 }, query: { start: 2, end: 3 } },
      { kind: 'equal', candidate: { start: 2, end: 3 }, query: { start: 4, end: 5 } },
      { kind: 'delete', candidate: { start: 4, end: 5 }, query: { start: 5, end: 5 } },
    ])
  })

  it('sets apart words that differ in case and lists numbers that differ', () => {
    const result = diff('Press 3 times now.', 'press 4 times now.')
    expect(result.operations.map(({ kind, differs, candidate }) => [kind, differs, candidate.start, candidate.end])).toEqual([
      ['equal', 'case', 0, 5],
      ['equal', 'number', 6, 7],
      ['equal', undefined, 8, 18],
    ])
    expect(result.numbers).toEqual([{ query: '3', candidate: '4', candidateRange: { start: 6, end: 7 } }])
  })

  it('gives ranges in the plain text of tagged segments', () => {
    const candidate = '<g1>Sveiki</g1>, jaunā pasaule'
    const { plain } = tokenize(candidate)
    const replaced = diff('Sveiki, vecā pasaule', candidate).operations.find((operation) => operation.kind === 'replace')
    expect(replaced && plain.slice(replaced.candidate.start, replaced.candidate.end)).toBe('jaunā')
  })

  it('has nothing to show for empty segments', () => {
    expect(diff('', '<x1/>')).toEqual({ operations: [], numbers: [] })
  })
})
