import { describe, expect, it } from 'vitest'
import { parse } from '../tags'
import { checkTarget, countedSeconds, MAX_EDIT_INTERVAL_SECONDS, remainingMinutes, splitHoursMinutes } from './segment-rules'

const source = parse('Press <g1>Save</g1> and <x2/> then <ph3/>.')

describe('checkTarget', () => {
  it.each([
    'Nospiediet <g1>Saglabāt</g1> un <x2/>, tad <ph3/>.',
    'Nospiediet Saglabāt.', // leaving tags out is allowed: they are listed as unused
    'a < b & c',
  ])('accepts %j', (target) => {
    expect(checkTarget(target, source).ok).toBe(true)
  })

  it.each([
    ['<g1>Saglabāt', 'unclosed-opening'],
    ['Saglabāt</g1>', 'closing-without-opening'],
    ['<x2/><x2/>', 'duplicate-tag'],
    ['<g9>jauns</g9>', 'unknown-tag'],
  ])('refuses %j (%s)', (target, code) => {
    const check = checkTarget(target, source)
    expect(check.ok).toBe(false)
    if (!check.ok) expect(check.errors.map((error) => error.code)).toContain(code)
  })
})

describe('editing time (SPEC §4)', () => {
  it('counts the seconds since the last save, at most five minutes of a pause', () => {
    expect(countedSeconds(42.4)).toBe(42)
    expect(countedSeconds(3600)).toBe(MAX_EDIT_INTERVAL_SECONDS)
    expect(countedSeconds(-5)).toBe(0)
    expect(countedSeconds(Number.NaN)).toBe(0)
  })

  it('estimates the remaining time as SPEC §2 writes it: editing time ÷ progress × 100', () => {
    expect(remainingMinutes(600, 0)).toBeUndefined()
    expect(remainingMinutes(600, 50)).toBe(20)
    expect(remainingMinutes(3600, 25)).toBe(240)
  })

  it('shows hours and minutes above 59 minutes', () => {
    expect(splitHoursMinutes(59)).toEqual({ hours: 0, minutes: 59 })
    expect(splitHoursMinutes(60)).toEqual({ hours: 1, minutes: 0 })
    expect(splitHoursMinutes(135)).toEqual({ hours: 2, minutes: 15 })
  })
})
