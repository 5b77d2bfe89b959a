import { describe, expect, it } from 'vitest'
import { changeFontSize, clampFontSize, DEFAULT_FONT_SIZE, MAX_FONT_SIZE, MIN_FONT_SIZE } from './font-size'
import { lookupAddress } from './lookups'
import { matchBand } from './segment-rules'
import { placeHref, readPlace } from './translator-url'

describe('translator addresses', () => {
  it('reads the segment, the search terms and the tab', () => {
    const place = readPlace(new URLSearchParams('segment=12&searchInSource=%20house%20&searchInComments=why&panel=comments'))
    expect(place).toEqual({ segment: 12, search: { source: 'house', target: undefined, comments: 'why' }, panel: 'comments' })
  })

  it.each(['segment=-3', 'segment=abc', 'segment=1.5', 'segment=99999999999999999999', 'panel=nope'])('ignores nonsense: %s', (query) => {
    const place = readPlace(new URLSearchParams(query))
    expect(place.segment).toBeUndefined()
    expect(place.panel).toBe('translations')
  })

  it('caps search terms at 200 characters', () => {
    expect(readPlace(new URLSearchParams({ searchInTarget: 'x'.repeat(500) })).search.target).toHaveLength(200)
  })

  it('builds addresses that read back to the same place', () => {
    const place = { segment: 7, search: { source: 'a&b', target: 'ā ё', comments: undefined }, panel: 'shortkeys' as const }
    const href = placeHref('/translate/1/pw', place)
    expect(href).toMatch(/^\/translate\/1\/pw\?segment=7&[^#]*$/)
    expect(readPlace(new URL(href, 'http://x').searchParams)).toEqual(place)
    expect(placeHref('/translate/1/pw', { search: {} })).toBe('/translate/1/pw')
  })
})

describe('font size (SPEC §9: default 15)', () => {
  it.each([
    [15, 'larger', 16],
    [15, 'smaller', 14],
    [MAX_FONT_SIZE, 'larger', MAX_FONT_SIZE],
    [MIN_FONT_SIZE, 'smaller', MIN_FONT_SIZE],
    [20, 'reset', DEFAULT_FONT_SIZE],
  ] as const)('%i %s → %i', (size, change, expected) => {
    expect(changeFontSize(size, change)).toBe(expected)
  })

  it('clamps nonsense', () => {
    expect(clampFontSize(Number.NaN)).toBe(DEFAULT_FONT_SIZE)
    expect(clampFontSize(1000)).toBe(MAX_FONT_SIZE)
  })
})

describe('external lookups (SPEC §2, §5)', () => {
  const values = { text: ' māja & co ', sourceLang: 'lv', targetLang: 'en', systemId: 'smt-1' }
  it('fills a term base template with encoded values', () => {
    expect(lookupAddress('https://terms.example/q?t={term}&s={source}&d={target}', 'term', values)).toBe('https://terms.example/q?t=m%C4%81ja%20%26%20co&s=lv&d=en')
  })
  it('fills a synonym template', () => {
    expect(lookupAddress('https://syn.example/{language}/{systemid}?q={text}&x={unknown}', 'synonym', values)).toBe('https://syn.example/lv/smt-1?q=m%C4%81ja%20%26%20co&x={unknown}')
  })
  it('does nothing for empty text or without a template', () => {
    expect(lookupAddress('https://terms.example/?q={term}', 'term', { ...values, text: '   ' })).toBeUndefined()
    expect(lookupAddress(undefined, 'term', values)).toBeUndefined()
  })
})

describe('match bands (SPEC §9)', () => {
  it.each([
    [100, 'high'],
    [70, 'high'],
    [69, 'mid'],
    [50, 'mid'],
    [49, 'low'],
    [0, 'low'],
  ] as const)('%i → %s', (match, band) => {
    expect(matchBand(match)).toBe(band)
  })
})
