import { TERM_STATUSES, type GlossaryConcept, type GlossaryTerm, type TermStatus } from './glossary-types'

/**
 * CSV and TSV glossaries (issue 17): RFC 4180 rows (quotes, doubled quotes, line breaks inside quotes; `,` `;` or tab),
 * a header whose columns the user maps to term fields (guessed first from the names), one concept per row — or per
 * value of a concept-id column, so one concept may have several target terms.
 */

export const COLUMN_ROLES = [
  'source',
  'target',
  'sourceStatus',
  'targetStatus',
  'partOfSpeech',
  'definition',
  'context',
  'note',
  'subject',
  'concept',
  'ignore',
] as const
export type ColumnRole = (typeof COLUMN_ROLES)[number]

export type Delimiter = ',' | ';' | '\t'

/** The delimiter of the header line: a tab if it has one, else the more frequent of `;` and `,`. */
export function sniffDelimiter(text: string): Delimiter {
  const header = text.slice(0, text.search(/\r?\n|$/))
  if (header.includes('\t')) return '\t'
  return (header.match(/;/g)?.length ?? 0) > (header.match(/,/g)?.length ?? 0) ? ';' : ','
}

/** The rows of a delimited text; a byte-order mark and blank lines are left out. Undefined for an unclosed quote. */
export function parseDelimited(text: string, delimiter: Delimiter): string[][] | undefined {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text
  const endRow = () => {
    row.push(field)
    if (row.length > 1 || row[0] !== '') rows.push(row)
    row = []
    field = ''
  }
  for (let index = 0; index < input.length; index++) {
    const char = input[index]!
    if (quoted) {
      if (char !== '"') field += char
      else if (input[index + 1] === '"') {
        field += '"'
        index++
      } else quoted = false
    } else if (char === '"' && field === '') quoted = true
    else if (char === delimiter) {
      row.push(field)
      field = ''
    } else if (char === '\n') endRow()
    else if (char !== '\r' || input[index + 1] !== '\n') field += char
  }
  if (quoted) return undefined
  if (field !== '' || row.length > 0) endRow()
  return rows
}

const GUESSES: [RegExp, ColumnRole][] = [
  [/^(concept|entry|id|concept ?id)$/i, 'concept'],
  [/^(source|source ?term|term)$/i, 'source'],
  [/^(target|target ?term|translation)$/i, 'target'],
  [/^source ?status$/i, 'sourceStatus'],
  [/^(target ?status|status)$/i, 'targetStatus'],
  [/^(pos|part ?of ?speech|vārdšķira|часть речи)$/i, 'partOfSpeech'],
  [/^(definition|definīcija|определение)$/i, 'definition'],
  [/^(context|example|konteksts|контекст)$/i, 'context'],
  [/^(note|notes|comment|piezīme|примечание)$/i, 'note'],
  [/^(subject|domain|subject ?field|nozare|область)$/i, 'subject'],
]

/**
 * What each column probably holds: a column named by a language of the pair (`en`, `lv-LV`, `English`…) is that
 * side; known names (source, target, status, definition, note…) their field; otherwise the first two unnamed
 * columns are source and target, the rest ignored.
 */
export function guessMapping(header: string[], sourceLang: string, targetLang: string): ColumnRole[] {
  const language = (name: string, code: string) => {
    const primary = code.slice(0, 2).toLowerCase()
    const lower = name.trim().toLowerCase()
    return lower === primary || lower.startsWith(`${primary}-`) || lower.startsWith(`${primary}_`) || languageNames[primary]?.includes(lower)
  }
  const roles = header.map((name): ColumnRole => {
    if (language(name, sourceLang)) return 'source'
    if (language(name, targetLang)) return 'target'
    return GUESSES.find(([pattern]) => pattern.test(name.trim()))?.[1] ?? 'ignore'
  })
  for (const side of ['source', 'target'] as const) {
    if (roles.includes(side)) continue
    const free = roles.findIndex((role, index) => role === 'ignore' && header[index] !== undefined)
    if (free >= 0) roles[free] = side
  }
  return roles
}

const languageNames: Record<string, string[]> = {
  en: ['english', 'angļu', 'английский'],
  lv: ['latvian', 'latviešu', 'латышский'],
  ru: ['russian', 'krievu', 'русский'],
}

/** A status cell: the TBX names (preferredTerm-admn-sts) or ours, in any case; anything else is admitted. */
export function statusOfCell(value: string | undefined): TermStatus {
  const text = (value ?? '').trim().toLowerCase()
  return TERM_STATUSES.find((status) => text.startsWith(status)) ?? (text.startsWith('superseded') ? 'obsolete' : 'admitted')
}

/** The concepts of the data rows (header excluded) under a mapping; rows without a source or target term are left out. */
export function conceptsFromRows(rows: string[][], roles: ColumnRole[]): { concepts: GlossaryConcept[]; skipped: number } {
  const cell = (row: string[], role: ColumnRole) => {
    const index = roles.indexOf(role)
    const value = index < 0 || row[index] === undefined ? undefined : fromSpreadsheetCell(row[index]).trim()
    return value === '' ? undefined : value
  }
  const byId = new Map<string, GlossaryConcept>()
  const concepts: GlossaryConcept[] = []
  let skipped = 0
  for (const row of rows) {
    const sourceText = cell(row, 'source')
    const targetText = cell(row, 'target')
    if (!sourceText || !targetText) {
      skipped++
      continue
    }
    const term = (text: string, status: string | undefined): GlossaryTerm => ({ text, status: statusOfCell(status) })
    const source = term(sourceText, cell(row, 'sourceStatus'))
    const target: GlossaryTerm = {
      ...term(targetText, cell(row, 'targetStatus')),
      ...defined({ partOfSpeech: cell(row, 'partOfSpeech'), context: cell(row, 'context') }),
    }
    const id = cell(row, 'concept')
    const known = id === undefined ? undefined : byId.get(id)
    if (known) {
      if (!known.source.some((each) => each.text === source.text)) known.source.push(source)
      known.target.push(target)
      continue
    }
    const concept: GlossaryConcept = {
      ...defined({ definition: cell(row, 'definition'), note: cell(row, 'note'), subject: cell(row, 'subject') }),
      source: [source],
      target: [target],
    }
    if (id !== undefined) byId.set(id, concept)
    concepts.push(concept)
  }
  return { concepts, skipped }
}

function defined<T extends Record<string, string | undefined>>(fields: T): Partial<Record<keyof T, string>> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<Record<keyof T, string>>
}

/**
 * Issue 50, CSV injection (OWASP): a cell a spreadsheet would run as a formula — one beginning with `=`, `+`, `-`, `@`,
 * a tab or a carriage return — is written after an apostrophe, which spreadsheets show as text. A value that already
 * begins with apostrophes before such a character gets one more, so that reading the file back (fromSpreadsheetCell)
 * removes exactly the one added: our import reads our export back unchanged.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/

export function toSpreadsheetCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value
}

/** The value of a cell toSpreadsheetCell wrote. */
export function fromSpreadsheetCell(cell: string): string {
  return /^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell
}

/** One field for a delimited file: safe from formulas, quoted when it holds the delimiter, a quote or a line break. */
export function delimitedField(value: string, delimiter: Delimiter): string {
  const safe = toSpreadsheetCell(value)
  return safe.includes(delimiter) || /["\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}
