import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { conceptsFromRows, delimitedField, fromSpreadsheetCell, guessMapping, parseDelimited, sniffDelimiter, toSpreadsheetCell } from './delimited'
import { csvConcept, csvHeader } from './glossary-write'

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

  // Issue 50: a cell a spreadsheet runs as a formula is written as text (OWASP "CSV injection").
  it.each(['=HYPERLINK("http://evil","x")', '+1+2', '-2+3', '@SUM(A1)', '\tTab', '\rReturn', "'=already", "''+twice"])(
    'writes %j so that a spreadsheet shows it as text, and reads it back unchanged',
    (value) => {
      const cell = toSpreadsheetCell(value)
      expect(cell.startsWith("'")).toBe(true)
      expect(fromSpreadsheetCell(cell)).toBe(value)
    },
  )

  it('leaves ordinary cells as they are, an apostrophe not before a formula sign included', () => {
    for (const value of ['plain', "rock'n'roll", "'quoted'", '5-7', 'a=b', '']) {
      expect(toSpreadsheetCell(value)).toBe(value)
      expect(fromSpreadsheetCell(value)).toBe(value)
    }
  })

  it('reads its own glossary export back unchanged, hostile terms included', () => {
    const concept = {
      definition: '=1+1 is two',
      note: '@mention',
      source: [{ text: '-v', status: 'preferred' as const }],
      target: [{ text: '=HYPERLINK("http://evil";"click")', status: 'admitted' as const, context: "'+quoted" }],
    }
    for (const delimiter of [',', ';', '\t'] as const) {
      const text = csvHeader('en', 'lv', delimiter) + csvConcept(1, concept, delimiter)
      for (const line of text.split('\r\n').slice(1, -1)) for (const cell of parseDelimited(line, delimiter)![0]!) expect(cell).not.toMatch(/^[=+\-@\t\r]/)
      const rows = parseDelimited(text, delimiter)!
      const { concepts } = conceptsFromRows(rows.slice(1), guessMapping(rows[0]!, 'en', 'lv'))
      expect(concepts).toEqual([concept])
    }
  })
})
