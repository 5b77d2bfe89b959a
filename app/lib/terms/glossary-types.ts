/** Glossaries (term bases), issue 17: what the readers give and the pages show. Pure, so the browser may load it. */

/** ISO 12620 / TBX administrative statuses as translators know them; deprecated and obsolete terms are not to be used. */
export const TERM_STATUSES = ['preferred', 'admitted', 'deprecated', 'obsolete'] as const
export type TermStatus = (typeof TERM_STATUSES)[number]

export interface GlossaryTerm {
  text: string
  status: TermStatus
  partOfSpeech?: string
  /** An example of use (TBX descrip context). */
  context?: string
  note?: string
}

/** One concept: one or more source terms, one or more target terms, and what they mean. */
export interface GlossaryConcept {
  subject?: string
  definition?: string
  note?: string
  source: GlossaryTerm[]
  target: GlossaryTerm[]
}

/** A status translators should avoid: marked as such wherever the term is shown. */
export function isAvoided(status: TermStatus): boolean {
  return status === 'deprecated' || status === 'obsolete'
}

/** The longest term, and definition, example or note, the concept form takes (browser and server alike). */
export const TERM_MAX = 500
export const TEXT_MAX = 2_000
/** Target terms the concept form offers (more come from an import). */
export const TARGET_ROWS = 3
