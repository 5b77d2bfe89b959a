import { describe, expect, it } from 'vitest'
import { completionFor, completionWords, typedWord } from './autocomplete'

describe('autocomplete', () => {
  const words = completionWords(['tulkošanas atmiņa'], ['Datoram ir <g1>jauna</g1> tulkošanas atmiņa.', 'Dators'])

  it('offers glossary terms whole and word by word, then the suggestions’ words without tags, each once', () => {
    expect(words).toEqual(['tulkošanas atmiņa', 'tulkošanas', 'atmiņa', 'Datoram', 'jauna', 'Dators'])
  })

  it('completes the typed word from the first word that starts with it, keeping the typed letters', () => {
    expect(completionFor('tu', words, 'lv')).toEqual({ word: 'tulkošanas atmiņa', rest: 'lkošanas atmiņa' })
    expect(completionFor('dat', words, 'lv')).toEqual({ word: 'datoram', rest: 'oram' })
    expect(completionFor('DAT', words, 'lv')).toEqual({ word: 'DAToram', rest: 'oram' })
    expect(completionFor('d', words, 'lv')).toBeUndefined()
    expect(completionFor('datoram', words, 'lv')).toBeUndefined()
    expect(completionFor('xy', words, 'lv')).toBeUndefined()
  })

  it('reads the word being typed before the caret', () => {
    expect(typedWord('Jauns dat')).toBe('dat')
    expect(typedWord('Jauns ')).toBe('')
    expect(typedWord('компью')).toBe('компью')
    expect(typedWord("Ķēniņa don't")).toBe("don't")
    expect(typedWord('x 𝒜𝒷c')).toBe('𝒜𝒷c')
    expect(typedWord('slēgts.')).toBe('')
    expect(typedWord('')).toBe('')
  })

  it('reads the same word as a pattern anchored at the end would, on any text', () => {
    const anchored = /[\p{L}\p{M}\p{N}'’-]+$/u
    const pieces = ['a', 'ē', ' ', '.', "'", '’', '-', '7', '𝒜', '\uD835', '\uDC9C', 'ж', '\u0301', ',']
    let seed = 19
    for (let sample = 0; sample < 2_000; sample++) {
      let text = ''
      for (let length = sample % 12; length > 0; length--) text += pieces[(seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % pieces.length]
      expect(typedWord(text)).toBe(anchored.exec(text)?.[0] ?? '')
    }
  })
})
