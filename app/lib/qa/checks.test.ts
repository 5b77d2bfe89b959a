import { describe, expect, it } from 'vitest'
import { numberValue, qaWarnings } from './checks'

const codes = (source: string, target: string) => qaWarnings(source, target).map((warning) => warning.code)

describe('numberValue', () => {
  it('reads a number in either convention', () => {
    for (const written of ['1,250', '1 250', '1250', '1.250', '1\u00a0250', '1\u202f250']) expect(numberValue(written)).toBe('1250')
    expect(numberValue('3,5')).toBe('3.5')
    expect(numberValue('3.50')).toBe('3.5')
    expect(numberValue('1,250.75')).toBe('1250.75')
    expect(numberValue('1.250,75')).toBe('1250.75')
    expect(numberValue('1 250,75')).toBe('1250.75')
    expect(numberValue('007')).toBe('7')
  })
})

describe('qaWarnings', () => {
  it('finds no problem in a good translation, whatever the number convention', () => {
    expect(codes('The price is 1,250.50 EUR for 3 days.', 'Cena ir 1 250,50 EUR par 3 dienām.')).toEqual([])
    expect(codes('Open <g1>the file</g1>.', 'Atveriet <g1>failu</g1>.')).toEqual([])
    expect(codes('Hello', '')).toEqual([])
  })

  it('names numbers missing, changed or added', () => {
    expect(qaWarnings('Pay 1,250 EUR by 5 May.', 'Samaksājiet 1 520 EUR līdz 5. maijam.')).toEqual([
      { code: 'number-missing', detail: '1250' },
      { code: 'number-added', detail: '1520' },
    ])
  })

  it('reads a time of day as one value (issue 51: "10:00" is not 10 and 0)', () => {
    expect(codes('The shop opens at 10:00 and closes at 18:30.', 'Veikals atveras 10:00 un slēdzas 18:30.')).toEqual([])
    expect(codes('Meet at 09:05.', 'Tiekamies 9:05.')).toEqual([])
    expect(qaWarnings('Meet at 10:00.', 'Tiekamies 11:00.')).toEqual([
      { code: 'number-missing', detail: '10:00' },
      { code: 'number-added', detail: '11:00' },
    ])
    expect(qaWarnings('Meet at 10:00.', 'Tiekamies 10.')).toEqual([
      { code: 'number-missing', detail: '10:00' },
      { code: 'number-added', detail: '10' },
    ])
  })

  it('finds spaces, punctuation, an identical target and a length far from the source', () => {
    expect(codes(' Open the file.', 'Atveriet failu.')).toEqual(['leading-space'])
    expect(codes('Open the file.', 'Atveriet failu. ')).toEqual(['trailing-space'])
    expect(codes('Open the file.', 'Atveriet  failu.')).toEqual(['double-space'])
    expect(qaWarnings('Is it open?', 'Vai tā ir atvērta.')).toEqual([{ code: 'end-punctuation', detail: '?' }])
    expect(codes('Microsoft Word', 'Microsoft Word')).toEqual(['identical'])
    expect(codes('2024', '2024')).toEqual([])
    expect(codes('Please open the attached file today.', 'Jā.')).toContain('length')
  })
})
