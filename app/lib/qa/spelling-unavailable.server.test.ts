import type * as ChildProcess from 'node:child_process'
import { afterAll, describe, expect, it, vi } from 'vitest'

const spawned = vi.hoisted(() => ({ count: 0 }))

vi.mock('node:child_process', async (importOriginal) => {
  const original = await importOriginal<typeof ChildProcess>()
  return {
    ...original,
    spawn: (...args: Parameters<typeof original.spawn>) => {
      spawned.count++
      return original.spawn(...args)
    },
  }
})

const { misspelledWords, stopSpellCheckers } = await import('./spelling.server')

afterAll(stopSpellCheckers)

describe('spelling where hunspell cannot run', () => {
  it('is not checked, and the checker is not started again for every save', async () => {
    const path = process.env.PATH
    process.env.PATH = '/nonexistent-tulks-path'
    try {
      for (let save = 0; save < 5; save++) expect(await misspelledWords('Datoram ir dattors.', 'lv')).toBeUndefined()
      expect(spawned.count).toBe(1)
    } finally {
      process.env.PATH = path
    }
  })

  it('starts again once the checkers are stopped', async () => {
    await stopSpellCheckers()
    await misspelledWords('Datoram ir dattors.', 'lv')
    expect(spawned.count).toBe(2)
  })
})
