import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { conceptsFromRows, delimitedField, guessMapping, parseDelimited, sniffDelimiter } from './delimited'

describe('delimited glossaries', () => {
  const text = fs.readFileSync(new URL('../../../test/fixtures/glossaries/glossary.csv', import.meta.url), 'utf8')

  it('parses quoted fields, doubled quotes and delimiters inside quotes', () => {
    expect(sniffDelimiter(text)).toBe(';')
    const rows = parseDelimited(text, ';')!
    expect(rows[1]).toEqual(['1', 'computer', 'dators', 'preferred', 'A machine; it processes data'])
    expect(rows[3]?.[1]).toBe('file "name"')
    expect(parseDelimited('a,"b\nc",d\r\ne,f,g\n\n', ',')).toEqual([
      ['a', 'b\nc', 'd'],
      ['e', 'f', 'g'],
    ])
    expect(parseDelimited('a,"unclosed', ',')).toBeUndefined()
    expect(sniffDelimiter('en\tlv\nx\ty')).toBe('\t')
  })

  it('guesses columns from language codes and names, and groups rows of one concept', () => {
    const rows = parseDelimited(text, ';')!
    const roles = guessMapping(rows[0]!, 'en', 'lv')
    expect(roles).toEqual(['concept', 'source', 'target', 'targetStatus', 'definition'])
    expect(guessMapping(['Term', 'lv-LV', 'Piezīme'], 'en', 'lv')).toEqual(['source', 'target', 'note'])
    expect(guessMapping(['A', 'B', 'C'], 'en', 'lv')).toEqual(['source', 'target', 'ignore'])
    const { concepts, skipped } = conceptsFromRows(rows.slice(1), roles)
    expect(skipped).toBe(1)
    expect(concepts).toEqual([
      {
        definition: 'A machine; it processes data',
        source: [{ text: 'computer', status: 'admitted' }],
        target: [
          { text: 'dators', status: 'preferred' },
          { text: 'skaitļotājs', status: 'deprecated' },
        ],
      },
      { source: [{ text: 'file "name"', status: 'admitted' }], target: [{ text: 'datnes nosaukums', status: 'admitted' }] },
    ])
  })

  it('quotes a field only when it must', () => {
    expect(delimitedField('plain', ',')).toBe('plain')
    expect(delimitedField('a, b', ',')).toBe('"a, b"')
    expect(delimitedField('say "x"', '\t')).toBe('"say ""x"""')
  })
})
