import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parse, serialize } from './canonical'
import { tagsOf } from './compare'
import { validTaggedText } from './tag-arbitraries'
import { type TagError } from './tag-errors'
import { type TagToken, type Token } from './types'
import { parseAndValidate, TAG_LIMIT, validate } from './validate'

function errorsOf(input: string): TagError[] {
  return validate(parse(input))
}

function selfClosingTags(count: number): string {
  return Array.from({ length: count }, (_, index) => `<x${index + 1}/>`).join(' ')
}

describe('validate', () => {
  it.each([
    ['nothing', ''],
    ['plain text', 'a < b'],
    ['an empty pair', '<g1></g1>'],
    ['nested pairs', '<g1>a <g2>b</g2> <g3><x4/></g3></g1>'],
    ['pairs side by side', '<g1></g1><g2></g2>'],
    ['ids in any order', '<g9><x3/></g9><ph1/>'],
    ['a self-closing tag and a pair sharing a name and id', '<g1></g1><g1/>'],
    ['standalone tags sharing an id under different names', '<x1/><bx1/><ph1/>'],
    ['the underscore form', '<g_1>a</g_1><x_2/>'],
    [`${TAG_LIMIT} tags`, selfClosingTags(TAG_LIMIT)],
  ])('accepts %s', (_case, input) => {
    expect(errorsOf(input)).toEqual([])
  })

  it.each<[string, string, TagError[]]>([
    ['a self-closing tag twice', '<x1/> and <x1/>', [{ code: 'duplicate-tag', tag: '<x1/>' }]],
    ['a placeholder twice', '<ph2/><ph_2/>', [{ code: 'duplicate-tag', tag: '<ph2/>' }]],
    ['two openings with one id', '<g1><b1></b1></g1>', [
      { code: 'duplicate-tag', tag: '<b1>' },
      { code: 'closing-without-opening', tag: '</b1>' },
    ]],
    ['two closings with one id', '<g1></g1></g1>', [{ code: 'duplicate-tag', tag: '</g1>' }]],
    ['a stray closing after a pair with its id', '<g1></g1></b1>', [{ code: 'duplicate-tag', tag: '</b1>' }]],
    ['a pair twice', '<g1></g1><g1></g1>', [
      { code: 'duplicate-tag', tag: '<g1>' },
      { code: 'duplicate-tag', tag: '</g1>' },
    ]],
    ['a closing without opening', 'a</g1>', [{ code: 'closing-without-opening', tag: '</g1>' }]],
    ['a closing before its opening', '</g1>a<g1>', [
      { code: 'closing-without-opening', tag: '</g1>' },
      { code: 'unclosed-opening', tag: '<g1>' },
    ]],
    ['a closing whose name differs, then the right one', '<g1>a</b1></g1>', [
      { code: 'closing-without-opening', tag: '</b1>' },
    ]],
    ['a closing whose name differs', '<g1>a</b1>', [
      { code: 'closing-without-opening', tag: '</b1>' },
      { code: 'unclosed-opening', tag: '<g1>' },
    ]],
    ['unclosed openings, reported in opening order', '<g1><g2>a', [
      { code: 'unclosed-opening', tag: '<g1>' },
      { code: 'unclosed-opening', tag: '<g2>' },
    ]],
    ['crossed pairs', '<g1><g2></g1></g2>', [{ code: 'crossed-tags', tag: '</g1>' }]],
    ['crossed pairs inside a valid one', '<g1><g2>a<g3>b</g2>c</g3></g1>', [{ code: 'crossed-tags', tag: '</g2>' }]],
    [`${TAG_LIMIT + 1} tags`, selfClosingTags(TAG_LIMIT + 1), [{ code: 'too-many-tags' }]],
    ['more than the limit, even when otherwise broken', `</g1>${selfClosingTags(TAG_LIMIT)}`, [{ code: 'too-many-tags' }]],
  ])('refuses %s', (_case, input, expected) => {
    expect(errorsOf(input)).toEqual(expected)
  })

  it.each<[string, TagToken]>([
    ['a name too long', { kind: 'self', name: 'toolong', id: 1 }],
    ['a negative id', { kind: 'open', name: 'g', id: -1 }],
    ['a placeholder not named ph', { kind: 'placeholder', name: 'x', id: 1 }],
    ['a self-closing tag named ph', { kind: 'self', name: 'ph', id: 1 }],
  ])('refuses a malformed token (from a buggy filter or editor): %s', (_case, tag) => {
    expect(validate([tag]).map((error) => error.code)).toEqual(['malformed-tag'])
  })

  it('reports each error once', () => {
    expect(errorsOf('<x1/><x1/><x1/>')).toEqual([{ code: 'duplicate-tag', tag: '<x1/>' }])
  })
})

describe('parseAndValidate', () => {
  it('gives the tokens of a valid target', () => {
    expect(parseAndValidate('<g1>a</g1>')).toEqual({
      ok: true,
      tokens: [
        { kind: 'open', name: 'g', id: 1 },
        { kind: 'text', text: 'a' },
        { kind: 'close', name: 'g', id: 1 },
      ],
    })
  })

  it('gives the errors of an invalid one', () => {
    expect(parseAndValidate('<g1>a')).toEqual({ ok: false, errors: [{ code: 'unclosed-opening', tag: '<g1>' }] })
  })
})

/**
 * An oracle that shares no code with validate: cancel each opening immediately followed by its closing
 * (standalone tags never matter) until nothing changes; the pairs nest properly when nothing is left.
 */
function nestsProperly(tags: readonly TagToken[]): boolean {
  const pairs = tags.filter((tag) => tag.kind === 'open' || tag.kind === 'close')
  let cancelled = true
  while (cancelled) {
    cancelled = false
    for (let index = 0; index + 1 < pairs.length; index++) {
      const [first, second] = [pairs[index], pairs[index + 1]]
      if (first?.kind === 'open' && second?.kind === 'close' && first.id === second.id && first.name === second.name) {
        pairs.splice(index, 2)
        cancelled = true
      }
    }
  }
  return pairs.length === 0
}

const nonEmptyValid = validTaggedText.filter((tokens) => tagsOf(tokens).some((tag) => tag.kind === 'open'))

describe('validate laws', () => {
  it('accepts every properly nested segment, also after a trip through the canonical string', () => {
    fc.assert(
      fc.property(validTaggedText, (tokens) => {
        expect(validate(tokens)).toEqual([])
        expect(parseAndValidate(serialize(tokens)).ok).toBe(true)
      }),
      { numRuns: 1000 },
    )
  })

  it('finds errors in reordered or partly dropped tags exactly when they no longer nest', () => {
    const reordered = validTaggedText.chain((tokens) => fc.shuffledSubarray(tagsOf(tokens)))
    fc.assert(
      fc.property(reordered, (tags) => {
        expect(validate(tags).length === 0).toBe(nestsProperly(tags))
      }),
      { numRuns: 2000 },
    )
  })

  it('refuses a segment that lost a closing, lost an opening, or got a tag twice', () => {
    const broken = nonEmptyValid.chain((tokens) => {
      const pairIds = tagsOf(tokens).filter((tag) => tag.kind === 'open').map((tag) => tag.id)
      return fc.tuple(fc.constant(tokens), fc.constantFrom(...pairIds), fc.constantFrom('open', 'close', 'twice'))
    })
    fc.assert(
      fc.property(broken, ([tokens, id, change]) => {
        const isTarget = (token: Token) => token.kind === (change === 'twice' ? 'open' : change) && 'id' in token && token.id === id
        const changed =
          change === 'twice' ? tokens.flatMap((token) => (isTarget(token) ? [token, token] : [token])) : tokens.filter((token) => !isTarget(token))
        const expected = { open: 'closing-without-opening', close: 'unclosed-opening', twice: 'duplicate-tag' }[change]
        expect(validate(changed).map((error) => error.code)).toContain(expected)
      }),
    )
  })

  it('refuses crossed pairs: an inner closing moved after its parent closing', () => {
    const crossed = nonEmptyValid
      .map((tokens) => {
        // the first opening directly inside another pair, if any
        const open: TagToken[] = []
        for (const token of tagsOf(tokens)) {
          if (token.kind === 'open') {
            if (open.length > 0) return { tokens, inner: token, outer: open.at(-1) as TagToken }
            open.push(token)
          } else if (token.kind === 'close') open.pop()
        }
        return undefined
      })
      .filter((found) => found !== undefined)
    fc.assert(
      fc.property(crossed, ({ tokens, inner, outer }) => {
        const isClosing = (tag: TagToken) => (token: Token) => token.kind === 'close' && token.id === tag.id
        const without = tokens.filter((token) => !isClosing(inner)(token))
        const at = without.findIndex(isClosing(outer)) + 1
        const changed = [...without.slice(0, at), { kind: 'close' as const, name: inner.name, id: inner.id }, ...without.slice(at)]
        expect(validate(changed)).toContainEqual({ code: 'crossed-tags', tag: serialize([{ kind: 'close', name: outer.name, id: outer.id }]) })
      }),
    )
  })
})
