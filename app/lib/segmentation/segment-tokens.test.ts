import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type TagKind, type TaggedText, type Token } from '../tags/types'
import { mergeText, segmentTokens } from './segment-tokens'

const text = (value: string): Token => ({ kind: 'text', text: value })
const tag = (kind: TagKind, id: number, name = kind === 'placeholder' ? 'ph' : kind === 'self' ? 'x' : 'g'): Token => ({
  kind,
  name,
  id,
})
const open = (id: number) => tag('open', id)
const close = (id: number) => tag('close', id)

describe('segmentTokens', () => {
  it.each<[string, TaggedText, TaggedText[]]>([
    ['plain text', [text('One. Two.')], [[text('One. ')], [text('Two.')]]],
    ['no tokens', [], []],
    [
      'an opening tag at the break goes with the next sentence',
      [text('One. '), open(1), text('Two.'), close(1)],
      [[text('One. ')], [open(1), text('Two.'), close(1)]],
    ],
    [
      'a closing tag at the break stays with the sentence before',
      [open(1), text('One.'), close(1), text(' Two.')],
      [[open(1), text('One.'), close(1), text(' ')], [text('Two.')]],
    ],
    [
      'self-closing tags and placeholders at the break stay before; the opening tag after them goes after',
      [text('One. '), tag('self', 2), tag('placeholder', 3), open(1), text('Two.'), close(1)],
      [[text('One. '), tag('self', 2), tag('placeholder', 3)], [open(1), text('Two.'), close(1)]],
    ],
    [
      'everything after the first opening tag at the break goes after',
      [text('One. '), open(1), tag('self', 2), text('Two.'), close(1)],
      [[text('One. ')], [open(1), tag('self', 2), text('Two.'), close(1)]],
    ],
    [
      'a break inside a pair is dropped',
      [open(1), text('One. Two.'), close(1), text(' Three.')],
      [[open(1), text('One. Two.'), close(1), text(' ')], [text('Three.')]],
    ],
    [
      'a pair spanning a break keeps both sentences together',
      [text('One. '), open(1), text('Two. Three'), close(1), text('. Four.')],
      [[text('One. ')], [open(1), text('Two. Three'), close(1), text('. ')], [text('Four.')]],
    ],
    [
      'an unpaired tag does not block breaks',
      [tag('open', 5, 'bx'), text('One. Two.')],
      [[tag('open', 5, 'bx'), text('One. ')], [text('Two.')]],
    ],
    [
      'a tag inside a word does not hide the stop',
      [text('One'), tag('self', 1), text('. Two.')],
      [[text('One'), tag('self', 1), text('. ')], [text('Two.')]],
    ],
    [
      'abbreviation rules see through tags',
      [text('Dr'), tag('self', 1), text('. Smith came.')],
      [[text('Dr'), tag('self', 1), text('. Smith came.')]],
    ],
    ['tags only', [tag('self', 1)], [[tag('self', 1)]]],
  ])('%s', (_, tokens, segments) => {
    expect(segmentTokens(tokens, 'en')).toEqual(segments)
  })

  it('keeps the ref the format filter attached', () => {
    const withRef: Token = { kind: 'self', name: 'x', id: 1, ref: 'code-7' }
    expect(segmentTokens([text('One. '), withRef, text('Two.')], 'en')).toEqual([
      [text('One. '), withRef],
      [text('Two.')],
    ])
  })
})

describe('laws', () => {
  const words = fc.constantFrom('One', 'Dr', 'a', ' ', '. ', '.', '! ', '?', '\n', 'Two', ' t.i. ', 'janvārī', '…')
  const tokenList = fc
    .array(
      fc.oneof(
        { weight: 3, arbitrary: fc.array(words, { maxLength: 4 }).map((parts) => text(parts.join(''))) },
        { weight: 1, arbitrary: fc.constantFrom<TagKind>('self', 'placeholder').chain((kind) => fc.nat(9).map((id) => tag(kind, id))) },
        { weight: 1, arbitrary: fc.string({ maxLength: 6 }).map(text) },
      ),
      { maxLength: 16 },
    )
    // Wrap random stretches in pairs so balance matters.
    .chain((tokens) =>
      fc.array(fc.tuple(fc.nat(tokens.length), fc.nat(tokens.length)), { maxLength: 3 }).map((spans) => {
        const result = [...tokens]
        spans
          .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const)
          .sort((x, y) => y[0] - x[0])
          .forEach(([from, to], index) => {
            if (to > result.length) return
            result.splice(to, 0, close(100 + index))
            result.splice(from, 0, open(100 + index))
          })
        return result
      }),
    )
  const languages = fc.constantFrom('en', 'lv', 'ru', 'de')

  it('is lossless: the segments joined are the input, up to merging text tokens', () => {
    fc.assert(
      fc.property(tokenList, languages, (tokens, language) => {
        expect(mergeText(segmentTokens(tokens, language).flat())).toEqual(mergeText(tokens))
      }),
      { numRuns: 1000 },
    )
  })

  it('never splits a pair and never makes an empty segment', () => {
    fc.assert(
      fc.property(tokenList, languages, (tokens, language) => {
        for (const segment of segmentTokens(tokens, language)) {
          expect(segment.length).toBeGreaterThan(0)
          const opened = new Set<number>()
          for (const token of segment) {
            if (token.kind === 'open') opened.add(token.id)
            if (token.kind === 'close') expect(opened.has(token.id) || !isPaired(tokens, token.id)).toBe(true)
          }
        }
      }),
      { numRuns: 1000 },
    )
  })

  it('breaks where the tag-free text breaks when no pair is in the way', () => {
    fc.assert(
      fc.property(tokenList, languages, (tokens, language) => {
        const flat = tokens.filter((token) => token.kind !== 'open' && token.kind !== 'close')
        const plain = (segment: TaggedText) => segment.map((token) => (token.kind === 'text' ? token.text : '')).join('')
        const segments = segmentTokens(flat, language).map(plain).filter((segment) => segment !== '')
        const tagFree = segmentTokens(flat.filter((token) => token.kind === 'text'), language).map(plain)
        expect(segments).toEqual(tagFree)
      }),
      { numRuns: 500 },
    )
  })
})

function isPaired(tokens: TaggedText, id: number): boolean {
  return tokens.some((token) => token.kind === 'open' && token.id === id)
}
