import { describe, expect, it } from 'vitest'
import { parse, serialize } from '../tags'
import { offsetAfterWord, plainOffsetAt, splitTokensAt } from './split-points'

describe('splitTokensAt', () => {
  it.each([
    ['One two', 3, 'One', ' two'],
    ['<g1>One</g1> two', 3, '<g1>One</g1>', ' two'],
    ['One <g1>two</g1>', 4, 'One ', '<g1>two</g1>'],
    ['One<x1/> two', 3, 'One<x1/>', ' two'],
    ['a &lt;b1> c', 3, 'a <', 'b1> c'],
  ])('%s at %i', (source, offset, first, second) => {
    const cut = splitTokensAt(parse(source), offset)
    expect(cut.ok && [serialize(cut.first), serialize(cut.second)]).toEqual([first, second])
  })

  it.each([
    ['<g1>One two</g1>', 3, 'inside-tag-pair'],
    ['<g1>One <g2>two</g2></g1> three', 5, 'inside-tag-pair'],
    ['<g1>One <g2>two</g2></g1> three', 7, 'ok'],
    ['One', 0, 'bad-offset'],
    ['One', 4, 'bad-offset'],
    ['One', 1.5, 'bad-offset'],
  ])('refuses %s at %s', (source, offset, code) => {
    const cut = splitTokensAt(parse(source), offset)
    expect(cut.ok ? 'ok' : cut.code).toBe(code)
  })
})

describe('offsetAfterWord', () => {
  it.each([
    ['Hello, world.', 1, 6],
    ['One two three', 2, 7],
    ['a (b) c', 1, 1],
    ['One two', 2, undefined],
    ['One two', 0, undefined],
  ])('%s after word %i', (plain, word, offset) => {
    expect(offsetAfterWord(plain, word, 'en')).toBe(offset)
  })
})

describe('plainOffsetAt (the caret in the shown source)', () => {
  it.each([
    ['One two', 3, 3],
    ['<g1>One</g1> two', 7, 3],
    ['<g1>One</g1> two', 12, 3],
    ['<g1>One</g1> two', 2, 0],
    ['a &lt;b1> c', 6, 3],
    ['a &lt;b1> c', 4, 2],
    ['x', 99, 1],
    ['&amp;lt; x', 8, 4],
    ['ā😀 <b1>x</b1>', 4, 4],
    ['ā😀 <b1>x</b1>', 2, 1],
    ['&amp;lt; x', 3, 0],
  ])('%s at %i', (canonical, at, plain) => {
    expect(plainOffsetAt(canonical, at)).toBe(plain)
  })
})
