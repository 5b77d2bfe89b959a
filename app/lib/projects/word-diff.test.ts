import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { wordDiff } from './word-diff'

const older = (parts: ReturnType<typeof wordDiff>) => parts.filter((part) => part.kind !== 'added').map((part) => part.text).join('')
const newer = (parts: ReturnType<typeof wordDiff>) => parts.filter((part) => part.kind !== 'removed').map((part) => part.text).join('')

describe('wordDiff (issue 52 point 3)', () => {
  it('marks the words removed and added between two versions', () => {
    expect(wordDiff('Atveriet failu tagad.', 'Atveriet datni tūlīt.')).toEqual([
      { kind: 'same', text: 'Atveriet ' },
      { kind: 'removed', text: 'failu' },
      { kind: 'added', text: 'datni' },
      { kind: 'same', text: ' ' },
      { kind: 'removed', text: 'tagad' },
      { kind: 'added', text: 'tūlīt' },
      { kind: 'same', text: '.' },
    ])
    expect(wordDiff('', 'Jauns.')).toEqual([{ kind: 'added', text: 'Jauns.' }])
    expect(wordDiff('Vecs.', '')).toEqual([{ kind: 'removed', text: 'Vecs.' }])
    expect(wordDiff('Tas pats.', 'Tas pats.')).toEqual([{ kind: 'same', text: 'Tas pats.' }])
  })

  it('always gives back both texts whole, whatever they hold', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.string({ maxLength: 60 }), (before, after) => {
        const parts = wordDiff(before, after)
        expect(older(parts)).toBe(before)
        expect(newer(parts)).toBe(after)
      }),
    )
  })
})
