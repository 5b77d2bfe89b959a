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
  })
})
