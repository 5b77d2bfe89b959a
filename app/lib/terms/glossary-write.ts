import { delimitedField, type Delimiter } from './delimited'
import type { GlossaryConcept, GlossaryTerm, TermStatus } from './glossary-types'

/**
 * Writing a glossary (issue 17): TBX-Basic in its 2008 form (martif, termEntry, langSet, tig), which memoQ, Trados
 * MultiTerm, OmegaT and readTbx all read, and CSV with a concept id column so a re-import groups the target terms
 * again. Pure: the export streams these pieces a batch of concepts at a time.
 */

const xml = (text: string) => text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[char]!))

const TBX_STATUS: Record<TermStatus, string> = {
  preferred: 'preferredTerm-admn-sts',
  admitted: 'admittedTerm-admn-sts',
  deprecated: 'deprecatedTerm-admn-sts',
  obsolete: 'supersededTerm-admn-sts',
}

export function tbxStart(name: string, sourceLang: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<martif type="TBX-Basic" xml:lang="${xml(sourceLang)}">\n` +
    `<martifHeader><fileDesc><titleStmt><title>${xml(
      name,
    )}</title></titleStmt><sourceDesc><p>Tulks</p></sourceDesc></fileDesc></martifHeader>\n<text><body>\n`
  )
}

export const TBX_END = '</body></text>\n</martif>\n'

function tig(term: GlossaryTerm): string {
  return (
    `<tig><term>${xml(term.text)}</term>` +
    (term.partOfSpeech ? `<termNote type="partOfSpeech">${xml(term.partOfSpeech)}</termNote>` : '') +
    `<termNote type="administrativeStatus">${TBX_STATUS[term.status]}</termNote>` +
    (term.context ? `<descrip type="context">${xml(term.context)}</descrip>` : '') +
    (term.note ? `<note>${xml(term.note)}</note>` : '') +
    '</tig>'
  )
}

export function tbxConcept(id: number, concept: GlossaryConcept, sourceLang: string, targetLang: string): string {
  return (
    `<termEntry id="c${id}">` +
    (concept.subject ? `<descrip type="subjectField">${xml(concept.subject)}</descrip>` : '') +
    (concept.note ? `<note>${xml(concept.note)}</note>` : '') +
    `<langSet xml:lang="${xml(sourceLang)}">` +
    (concept.definition ? `<descrip type="definition">${xml(concept.definition)}</descrip>` : '') +
    concept.source.map(tig).join('') +
    `</langSet><langSet xml:lang="${xml(targetLang)}">${concept.target.map(tig).join('')}</langSet></termEntry>\n`
  )
}

export function csvHeader(sourceLang: string, targetLang: string, delimiter: Delimiter = ','): string {
  // The language codes name the term columns, so guessMapping reads them back as source and target.
  const names = ['Concept', sourceLang, targetLang, 'Source status', 'Target status', 'Part of speech', 'Definition', 'Context', 'Note', 'Subject']
  return `${names.map((name) => delimitedField(name, delimiter)).join(delimiter)}\r\n`
}

/** One row per target term, the first source term on each; the concept id ties them together. */
export function csvConcept(id: number, concept: GlossaryConcept, delimiter: Delimiter = ','): string {
  const source = concept.source[0]
  return concept.target
    .map((target) =>
      [
        String(id),
        source?.text ?? '',
        target.text,
        source?.status ?? 'admitted',
        target.status,
        target.partOfSpeech ?? '',
        concept.definition ?? '',
        target.context ?? '',
        concept.note ?? '',
        concept.subject ?? '',
      ]
        .map((value) => delimitedField(value, delimiter))
        .join(delimiter),
    )
    .map((row) => `${row}\r\n`)
    .join('')
}
