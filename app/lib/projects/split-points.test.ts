import { describe, expect, it } from 'vitest'
import { parse, serialize } from '../tags'
import { matchingSourceOffset, offsetAfterWord, plainOffsetAt, splitTokensAt } from './split-points'

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

describe('matchingSourceOffset (Ctrl+S with the caret in the translation)', () => {
  const source = 'First sentence. Second one! Third?'
  const target = 'Pirmais teikums. Otrais! Trešais?'
  it('matches the n-th sentence end, wherever the caret stands in the spaces after it', () => {
    expect(matchingSourceOffset(source, target, 'Pirmais teikums.'.length)).toEqual({ ok: true, sourceOffset: 'First sentence.'.length })
    expect(matchingSourceOffset(source, target, 'Pirmais teikums. '.length)).toEqual({ ok: true, sourceOffset: 'First sentence.'.length })
    expect(matchingSourceOffset(source, target, 'Pirmais teikums. Otrais!'.length)).toEqual({
      ok: true,
      sourceOffset: 'First sentence. Second one!'.length,
    })
  })
  it('keeps quotes and brackets after the punctuation with their sentence', () => {
    expect(matchingSourceOffset('He said “go.” Then left.', 'Viņš teica “ej.” Tad aizgāja.', 'Viņš teica “ej.”'.length)).toEqual({
      ok: true,
      sourceOffset: 'He said “go.”'.length,
    })
  })
  it('refuses a caret inside a sentence, at the very end, or where the sentence counts differ', () => {
    expect(matchingSourceOffset(source, target, 4)).toEqual({ ok: false, code: 'target-not-sentence-end' })
    expect(matchingSourceOffset(source, target, target.length)).toEqual({ ok: false, code: 'target-not-sentence-end' })
    expect(matchingSourceOffset('One. Two. Three.', 'Viens. Divi un trīs.', 'Viens.'.length)).toEqual({ ok: false, code: 'sentences-differ' })
  })
})
