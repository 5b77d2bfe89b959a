import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parse, serialize } from './canonical'
import { plainText, restoreRefs, sameTags, tagKey, tagsOf, unusedTags } from './compare'
import { taggedText, withoutRefs } from './tag-arbitraries'
import { type TaggedText, type TagToken } from './types'

function tokensOf(input: string): TaggedText {
  return parse(input)
}

const source: TaggedText = [
  { kind: 'open', name: 'g', id: 1, ref: 'run-1' },
  { kind: 'text', text: 'Sveiki' },
  { kind: 'close', name: 'g', id: 1, ref: 'run-1-end' },
  { kind: 'text', text: ', ' },
  { kind: 'placeholder', name: 'ph', id: 2, ref: 'var-name' },
  { kind: 'self', name: 'x', id: 3 },
]

describe('tagsOf and plainText', () => {
  it('split a segment into its tags and its text', () => {
    expect(tagsOf(source).map((tag) => `${tag.kind} ${tag.name}${tag.id}`)).toEqual([
      'open g1',
      'close g1',
      'placeholder ph2',
      'self x3',
    ])
    expect(plainText(source)).toBe('Sveiki, ')
    expect(plainText(tokensOf('a &lt; <g1>b</g1>'))).toBe('a < b')
    expect(plainText([])).toBe('')
  })
})

describe('unusedTags', () => {
  it.each([
    ['an empty target', '', ['<g1>', '</g1>', '<ph2/>', '<x3/>']],
    ['a target with every tag', '<x3/><ph2/><g1>Hello</g1>', []],
    ['a target missing the pair', 'Hello, <ph2/><x3/>', ['<g1>', '</g1>']],
    ['a target missing a closing only', '<g1>Hello, <ph2/><x3/>', ['</g1>']],
    ['tags are told apart by kind, name and id', '<x1/><g3></g3><b1></b1>', ['<g1>', '</g1>', '<ph2/>', '<x3/>']],
  ])('for %s', (_case, target, expected) => {
    expect(unusedTags(source, tokensOf(target)).map((tag) => serialize([tag]))).toEqual(expected)
  })

  it('counts copies: a tag the source holds twice is unused once when the target has it once', () => {
    expect(unusedTags(tokensOf('<x1/><x1/>'), tokensOf('<x1/>'))).toEqual([{ kind: 'self', name: 'x', id: 1 }])
  })

  it('keeps the source tags themselves, refs included, in source order', () => {
    expect(unusedTags(source, tokensOf('<g1></g1>'))).toEqual([source[4], source[5]])
  })
})

describe('sameTags', () => {
  it.each([
    ['the same tags in another order', '<x3/><ph2/><g1>Labdien</g1>', true],
    ['a missing tag', '<g1>Labdien</g1><ph2/>', false],
    ['an extra tag', '<g1>Labdien</g1><ph2/><x3/><x4/>', false],
    ['a tag with another id', '<g1>Labdien</g1><ph2/><x4/>', false],
    ['a copy instead of another tag', '<g1>Labdien</g1><ph2/><ph2/>', false],
  ])('%s → %s', (_case, target, expected) => {
    expect(sameTags(source, tokensOf(target))).toBe(expected)
  })

  it('holds between a segment and its trip through the canonical string', () => {
    fc.assert(fc.property(taggedText, (tokens) => sameTags(tokens, tokensOf(serialize(tokens)))))
  })
})

describe('restoreRefs', () => {
  it('gives each target tag the ref of its source twin, and none to a tag the source lacks', () => {
    const target = tokensOf('<ph2/> <g1>Hello</g1><x3/><x9/>')
    const restored = restoreRefs(target, source)
    expect(restored.filter((token) => token.kind !== 'text')).toEqual([
      { kind: 'placeholder', name: 'ph', id: 2, ref: 'var-name' },
      { kind: 'open', name: 'g', id: 1, ref: 'run-1' },
      { kind: 'close', name: 'g', id: 1, ref: 'run-1-end' },
      { kind: 'self', name: 'x', id: 3 },
      { kind: 'self', name: 'x', id: 9 },
    ])
    expect(restored.filter((token) => token.kind !== 'text').every((tag) => 'ref' in tag === (tag.ref !== undefined))).toBe(true)
  })

  it('drops a stale ref the source does not vouch for', () => {
    const stale: TagToken = { kind: 'self', name: 'x', id: 9, ref: 'old' }
    expect(restoreRefs([stale], source)).toEqual([{ kind: 'self', name: 'x', id: 9 }])
  })

  it('brings back exactly the refs the canonical string dropped', () => {
    fc.assert(
      fc.property(taggedText, (tokens) => {
        // a list whose tags repeat can only get each identity's first ref back
        const identities = tagsOf(tokens).map((tag) => serialize([tag]))
        fc.pre(new Set(identities).size === identities.length)
        expect(restoreRefs(tokensOf(serialize(tokens)), tokens)).toStrictEqual(tokens)
      }),
    )
  })

  it('leaves the target untouched', () => {
    const target = tokensOf('<g1>a</g1>')
    const before = structuredClone(target)
    restoreRefs(target, source)
    expect(target).toStrictEqual(before)
    expect(withoutRefs(restoreRefs(target, source))).toStrictEqual(target)
  })
})

describe('tagKey', () => {
  it('is shared by an opening and its closing, and differs between standalone tags and pairs', () => {
    const [opening, closing, placeholder, self] = tagsOf(source) as [TagToken, TagToken, TagToken, TagToken]
    expect(tagKey(opening)).toBe('tag-g-1')
    expect(tagKey(closing)).toBe(tagKey(opening))
    expect(tagKey(placeholder)).toBe('tag-ph-2-self')
    expect(tagKey(self)).toBe('tag-x-3-self')
    expect(tagKey({ kind: 'self', name: 'g', id: 1 })).not.toBe(tagKey(opening))
    expect(tagKey({ kind: 'open', name: 'h1', id: 2 })).not.toBe(tagKey({ kind: 'open', name: 'h', id: 12 }))
  })

  it('is a valid CSS class name', () => {
    fc.assert(fc.property(taggedText, (tokens) => tagsOf(tokens).every((tag) => /^-?[_a-zA-Z][-_a-zA-Z0-9]*$/.test(tagKey(tag)))))
  })
})
