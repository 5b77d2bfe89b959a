import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { txtFilter } from '../txt/filter.server'
import { xliff20Filter } from '../xliff20/filter.server'
import { xliff12Filter } from './filter.server'

const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(import.meta.dirname, '../fixtures', name)))
const summary = (units: ReturnType<typeof xliff12Filter.extract>) =>
  units.map((unit) => [unit.key, unit.targetState ?? '-', unit.segmentable ? 'seg' : 'noseg'])

describe('XLIFF 1.2 fixture', () => {
  it('extracts units, segments, states and skips translate="no" and tag-only sources', () => {
    expect(summary(xliff12Filter.extract(fixture('inline-codes-12.xlf')))).toEqual([
      ['fixture.html#plain', '-', 'seg'],
      ['fixture.html#codes', '-', 'seg'],
      ['fixture.html#translated', 'translated', 'seg'],
      ['fixture.html#draft', 'draft', 'seg'],
      ['fixture.html#new', '-', 'seg'],
      ['fixture.html#empty-target', '-', 'seg'],
      ['fixture.html#back-on', '-', 'seg'],
      ['fixture.html#seg#1', '-', 'noseg'],
      ['fixture.html#seg#2', '-', 'noseg'],
      ['fixture.html#seg-target#a', 'translated', 'noseg'],
      ['fixture.html#seg-target#b', 'translated', 'noseg'],
      ['fixture.html#cdata', '-', 'seg'],
    ])
  })

  it('maps every inline code to a tag, target tags to the source ids', () => {
    const [, codes, translated] = xliff12Filter.extract(fixture('inline-codes-12.xlf'))
    const tags = codes!.source.flatMap((t) => (t.kind === 'text' ? [] : [`${t.kind}:${t.name}${t.id}`]))
    expect(tags).toEqual(['open:g1', 'self:x2', 'close:g1', 'open:bx3', 'close:bx3', 'placeholder:ph4', 'open:bpt5', 'close:bpt5', 'self:it6', 'open:mrk7', 'close:mrk7'])
    expect(translated!.target).toEqual([
      { kind: 'text', text: 'Labrīt ' },
      { kind: 'open', name: 'g', id: 1, ref: '2' },
      { kind: 'text', text: 'rīts' },
      { kind: 'close', name: 'g', id: 1, ref: '3' },
    ])
    expect(xliff12Filter.extract(fixture('inline-codes-12.xlf'))[0]!.context).toBe('greeting | Shown on the start page')
  })

  it('writes a new target after the source with its indentation and state="translated"', () => {
    const bytes = fixture('crlf-no-target-language.xlf')
    const merged = new TextDecoder().decode(xliff12Filter.merge(bytes, new Map([['crlf.txt#2', [{ kind: 'text', text: 'Otrais' }]]])))
    expect(merged).toContain('<trans-unit id="2"><source>Second</source><target state="translated">Otrais</target></trans-unit>')
  })
})

describe('XLIFF 2.0 fixture', () => {
  it('extracts one unit per segment with its state', () => {
    expect(summary(xliff20Filter.extract(fixture('inline-codes-20.xlf')))).toEqual([
      ['f1#u1#s1', '-', 'noseg'],
      ['f1#u1#s2', 'translated', 'noseg'],
      ['f1#u2#1', '-', 'noseg'],
      ['f1#u2#2', 'final', 'noseg'],
      ['f1#u4#1', '-', 'noseg'],
      ['f1#u6#1', '-', 'noseg'],
    ])
  })
})

describe('plain text', () => {
  it('one unit per non-empty line, keyed by line number, indentation outside', () => {
    const units = txtFilter.extract(fixture('plain-utf16le-bom.txt'))
    expect(units.map((unit) => [unit.key, unit.source[0]])).toEqual([
      ['1', { kind: 'text', text: 'First line of the file.' }],
      ['3', { kind: 'text', text: 'Indented second paragraph. It has two sentences.' }],
      ['4', { kind: 'text', text: 'A line right after, with trailing spaces.' }],
      ['7', { kind: 'text', text: 'Last line without a break: Rīga, Москва, 東京 🙂' }],
    ])
  })
})
