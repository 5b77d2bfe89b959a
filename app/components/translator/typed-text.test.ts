import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setTyped, subscribeTyped } from './typed-text'

describe('the text typed, told to the length count', () => {
  let told: number[]
  let unsubscribe: () => void
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
    told = []
    unsubscribe = subscribeTyped(() => told.push(performance.now()))
    setTyped(1, '')
    told.length = 0
  })
  afterEach(() => {
    unsubscribe()
    vi.useRealTimers()
  })

  it('is told once the typing pauses for 200 ms, not after every letter', () => {
    for (const text of ['a', 'ab', 'abc']) {
      setTyped(1, text, true)
      vi.advanceTimersByTime(100)
    }
    expect(told).toEqual([])
    vi.advanceTimersByTime(100)
    expect(told).toHaveLength(1)
    vi.advanceTimersByTime(5_000)
    expect(told).toHaveLength(1)
  })

  it('is told at least every second while the typing goes on', () => {
    const start = performance.now()
    for (let letter = 1; letter <= 25; letter++) {
      setTyped(1, 'x'.repeat(letter), true)
      vi.advanceTimersByTime(100)
    }
    expect(told.map((at) => at - start)).toEqual([1_000, 2_000])
  })

  it('is told at once of a text not typed letter by letter (a suggestion taken, another segment)', () => {
    setTyped(1, 'a', true)
    setTyped(1, 'A suggestion taken.')
    expect(told).toHaveLength(1)
    setTyped(2, 'The next segment.')
    expect(told).toHaveLength(2)
    vi.advanceTimersByTime(1_000)
    expect(told).toHaveLength(2)
  })
})
