import { describe, expect, it } from 'vitest'
import { type MtSystem } from './provider'
import { systemsForPair } from './systems'

const system = (id: string, sourceLang: string, targetLang: string): MtSystem => ({
  id,
  domain: 'General',
  title: id,
  sourceLang,
  targetLang,
  status: 'running',
})

describe('systemsForPair', () => {
  const systems = [system('a', 'en', 'lv'), system('b', 'en-US', 'lv'), system('c', 'lv', 'en'), system('d', 'en', 'es')]
  it.each([
    ['en', 'lv', ['a', 'b']],
    ['en-GB', 'LV', ['a', 'b']],
    ['lv', 'en', ['c']],
    ['ru', 'lv', []],
  ])('%s → %s', (source, target, ids) => {
    expect(systemsForPair(systems, source, target).map((s) => s.id)).toEqual(ids)
  })
})
