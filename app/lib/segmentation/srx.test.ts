import { describe, expect, it } from 'vitest'
import { compileRules, srxBreaks, type SrxRule } from './srx'

function breaks(rules: SrxRule[], text: string): number[] {
  return srxBreaks(text, compileRules(rules))
}

const stop: SrxRule = { break: true, before: String.raw`\.`, after: String.raw`\s` }

describe('SRX semantics', () => {
  it('breaks where a break rule matches', () => {
    expect(breaks([stop], 'A. B. C.')).toEqual([2, 5])
  })

  it('does not break without a matching rule', () => {
    expect(breaks([], 'A. B.')).toEqual([])
    expect(breaks([{ break: false, before: String.raw`\.`, after: '' }], 'A. B.')).toEqual([])
  })

  it('lets the first matching rule decide', () => {
    const exception: SrxRule = { break: false, before: String.raw`\bDr\.`, after: String.raw`\s` }
    expect(breaks([exception, stop], 'Dr. Who. Yes.')).toEqual([8])
    // The same exception after the break rule never gets a say.
    expect(breaks([stop, exception], 'Dr. Who. Yes.')).toEqual([3, 8])
  })

  it('matches `before` of any length ending at the position, and `^` at the start of the text', () => {
    const list: SrxRule = { break: false, before: String.raw`^\d+\.`, after: '' }
    expect(breaks([list, stop], '12. Item. Next')).toEqual([9])
  })

  it('tries every break rule and several rules at one position', () => {
    const question: SrxRule = { break: true, before: String.raw`\?`, after: '' }
    expect(breaks([stop, question], 'A? B. C?')).toEqual([2, 5])
  })

  it('never breaks at the edges or inside a surrogate pair', () => {
    const anywhere: SrxRule = { break: true, before: '', after: '' }
    expect(breaks([anywhere], '😀a')).toEqual([2])
  })
})
