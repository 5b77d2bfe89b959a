import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { normalize, parse, serialize, tagString } from './canonical'
import { literalText, postedString, taggedText, withoutRefs } from './tag-arbitraries'
import { type TagToken, type Token } from './types'

const text = (value: string): Token => ({ kind: 'text', text: value })
const open = (name: string, id: number): Token => ({ kind: 'open', name, id })
const close = (name: string, id: number): Token => ({ kind: 'close', name, id })
const self = (name: string, id: number): Token => ({ kind: 'self', name, id })
const placeholder = (id: number): Token => ({ kind: 'placeholder', name: 'ph', id })

function tokensOf(input: string): Token[] {
  return parse(input)
}

describe('parse', () => {
  it.each<[string, string, Token[]]>([
    ['empty string', '', []],
    ['plain text', 'Sveika, pasaule', [text('Sveika, pasaule')]],
    ['a pair', '<g1>bold</g1> text', [open('g', 1), text('bold'), close('g', 1), text(' text')]],
    ['an empty pair', '<g1></g1>', [open('g', 1), close('g', 1)]],
    ['self-closing', 'a<x2/>b', [text('a'), self('x', 2), text('b')]],
    ['placeholder', 'Hello <ph3/>!', [text('Hello '), placeholder(3), text('!')]],
    ['only tags', '<g1><x2/></g1><ph3/>', [open('g', 1), self('x', 2), close('g', 1), placeholder(3)]],
    ['longer names', '<bpt12><bx1/></bpt12>', [open('bpt', 12), self('bx', 1), close('bpt', 12)]],
    ['five-letter name', '<abcde9/>', [self('abcde', 9)]],
    ['names are case-sensitive', '<G1></G1><PH2/>', [open('G', 1), close('G', 1), self('PH', 2)]],
    ['id zero and leading zeros', '<g0></g0><x007/>', [open('g', 0), close('g', 0), self('x', 7)]],
    ['underscore form', '<g_1>a</g_1><x_2/><ph_3/>', [open('g', 1), text('a'), close('g', 1), self('x', 2), placeholder(3)]],
    ['plain digits go to the id', '<h12>', [open('h', 12)]],
    ['underscore keeps a digit in the name', '<h1_2></h1_2>', [open('h1', 2), close('h1', 2)]],
    ['escapes', '&lt;g1&gt; &amp; &amp;lt;', [text('<g1> & &lt;')]],
    ['escapes meet tags', '&lt;<g1>&amp;</g1>&gt;', [text('<'), open('g', 1), text('&'), close('g', 1), text('>')]],
  ])('%s: %j', (_case, input, expected) => {
    expect(tokensOf(input)).toStrictEqual(expected)
  })

  it.each([
    ['a comparison', 'a < b and c > d'],
    ['an unfinished tag', '<b'],
    ['a tag without an id', '<b>bold</b>'],
    ['a name longer than five', '<toolongname1>'],
    ['a name not starting with a letter', '<1g>'],
    ['ph is for placeholders only', '<ph1>x</ph1>'],
    ['both slashes', '</g1/>'],
    ['a space inside', '<g1 >< g1>'],
    ['an underscore without an id', '<g_>'],
    ['two underscores', '<g__1>'],
    ['an id beyond safe integers', '<g99999999999999999>'],
    ['a non-ASCII name', '<ā1>'],
    ['an incomplete escape', 'AT&T &lt &gt &amp'],
    ['an escape we do not read', '&#60;g1&#62; &quot;'],
    ['a stray less-than before a tag', '<<g1'],
  ])('reads %s as literal text: %j', (_case, input) => {
    expect(tokensOf(input)).toStrictEqual([text(input)])
  })

  it('reads a long segment with 300 tags (speed is measured in bench/, not here)', () => {
    const pieces: string[] = []
    for (let id = 1; id <= 100; id++) {
      pieces.push(`<g${id}>`, 'Teksts ar a < b & c, ', `<x${id + 100}/>`, 'mazliet vairāk', `</g${id}>`, ' '.repeat(40))
    }
    const segment = pieces.join('').padEnd(10_000, 'ž')
    expect(tokensOf(segment).filter((token) => token.kind !== 'text')).toHaveLength(300)
  })
})

describe('serialize', () => {
  it.each<[string, Token[], string]>([
    ['nothing', [], ''],
    ['a pair with text', [open('g', 1), text('bold'), close('g', 1)], '<g1>bold</g1>'],
    ['self-closing and placeholder', [self('x', 2), placeholder(3)], '<x2/><ph3/>'],
    ['underscore only after a name ending in a digit', [open('h1', 2), close('h1', 2)], '<h1_2></h1_2>'],
    ['literal tag text is escaped', [text('<g1> and <x_2/>')], '&lt;g1> and &lt;x_2/>'],
    ['literal escapes are escaped', [text('&lt; &amp;')], '&amp;lt; &amp;amp;'],
    ['a lone < or & stays', [text('a < b & c > d')], 'a < b & c > d'],
    ['near-tags stay', [text('<b>bold</b> <ph1> <toolongname1>')], '<b>bold</b> <ph1> <toolongname1>'],
    ['refs are not written', [{ kind: 'self', name: 'x', id: 1, ref: 'code-7' }], '<x1/>'],
  ])('%s', (_case, tokens, expected) => {
    expect(serialize(tokens)).toBe(expected)
  })

  it.each<[string, TagToken]>([
    ['a name too long', { kind: 'self', name: 'toolong', id: 1 }],
    ['a name starting with a digit', { kind: 'open', name: '1g', id: 1 }],
    ['a negative id', { kind: 'self', name: 'x', id: -1 }],
    ['a fractional id', { kind: 'self', name: 'x', id: 1.5 }],
    ['an unsafe id', { kind: 'self', name: 'x', id: 2 ** 53 }],
    ['a placeholder not named ph', { kind: 'placeholder', name: 'x', id: 1 }],
    ['a self-closing tag named ph', { kind: 'self', name: 'ph', id: 1 }],
    ['an opening named ph', { kind: 'open', name: 'ph', id: 1 }],
  ])('throws on a malformed tag (a bug in whoever built it): %s', (_case, tag) => {
    expect(() => serialize([tag])).toThrow(RangeError)
    expect(tagString(tag)).toMatch(/^<.*>$/)
  })
})

describe('normalize', () => {
  it('drops empty text and merges neighbouring text, keeping tags as they are', () => {
    const tag: TagToken = { kind: 'self', name: 'x', id: 1, ref: 'r' }
    expect(normalize([text(''), text('a'), text(''), text('b'), tag, text('c'), text('d'), text('')])).toStrictEqual([
      text('ab'),
      tag,
      text('cd'),
    ])
  })
})

describe('laws', () => {
  it('parse(serialize(t)) = t for normalized token lists, refs aside', () => {
    fc.assert(
      fc.property(taggedText, (tokens) => {
        expect(tokensOf(serialize(tokens))).toStrictEqual(withoutRefs(tokens))
      }),
      { numRuns: 2000 },
    )
  })

  it('literal text of any shape survives as one text token', () => {
    fc.assert(
      fc.property(
        literalText.filter((value) => value !== ''),
        (value) => {
          expect(tokensOf(serialize([text(value)]))).toStrictEqual([text(value)])
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('parse returns normalized lists and serialize(parse(s)) is a fixed point for any string', () => {
    fc.assert(
      fc.property(postedString, (posted) => {
        const tokens = tokensOf(posted)
        expect(normalize(tokens)).toStrictEqual(tokens)
        const once = serialize(tokens)
        expect(serialize(tokensOf(once))).toBe(once)
      }),
      { numRuns: 2000 },
    )
  })

  it('writes text without < or & unchanged (escaping is minimal)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }).filter((value) => !/[<&]/.test(value)),
        (value) => {
          expect(serialize([text(value)])).toBe(value)
        },
      ),
    )
  })
})
