import { describe, expect, it } from 'vitest'
import { ALONE as alone, lengthCount, lengthWarnings } from './length-limit'

describe('length limits (issue 58 point 6)', () => {
  it('counts code points, not tags, and a line break as one character between lines', () => {
    expect(lengthCount('Sveiki, <g1>pasaule</g1>!<x2/>', alone)).toEqual({ count: 16, longestLine: 16 })
    expect(lengthCount('😀 ā', alone).count).toBe(3)
    expect(lengthCount('Pirmā rinda<br1/>otra', alone)).toEqual({ count: 16, longestLine: 11 })
    expect(lengthCount('a\nbcd', alone)).toEqual({ count: 5, longestLine: 3 })
  })

  it('counts a unit split into segments whole, a space between its parts', () => {
    expect(lengthCount('Otrais.', { before: 'Pirmais.', after: 'Trešais.' }).count).toBe(8 + 1 + 7 + 1 + 8)
    expect(lengthCount('', { before: 'Pirmais.', after: '' }).count).toBe(8)
  })

  it('warns past the limit and past a line’s limit, never for an empty translation', () => {
    const limit = { max: 10, line: null, ...alone }
    expect(lengthWarnings('Desmit zīm', limit)).toEqual([])
    expect(lengthWarnings('Vienpadsmit', limit)).toEqual([{ code: 'too-long', detail: '11/10' }])
    expect(lengthWarnings('', limit)).toEqual([])
    const lines = { max: null, line: 5, ...alone }
    expect(lengthWarnings('abcde<br1/>abcdef', lines)).toEqual([{ code: 'line-too-long', detail: '6/5' }])
    expect(lengthWarnings('abcde<br1/>abc', lines)).toEqual([])
  })
})
