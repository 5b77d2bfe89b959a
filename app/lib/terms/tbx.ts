import { checkClose, CheckedParser, type CheckedHandler, type Closing } from '../formats/xml/checked-parser'
import { decodeXmlText, pickVariant, TmxReadError, type LanguagePair } from '../tm/tmx'
import { TERM_STATUSES, type GlossaryConcept, type GlossaryTerm, type TermStatus } from './glossary-types'

/**
 * Streaming TBX reader (issue 17): ISO 30042 TBX-Basic — both the 2008 names (martif, termEntry, langSet, tig/ntig)
 * and the 2019 ones (tbx, conceptEntry, langSec, termSec) — and the older martif exports of EuroTermBank and IATE.
 * Bytes in, the concepts of one language pair out; the DTD a file names is never fetched (htmlparser2 reads no DTD).
 *
 * Per term: its text, status (termNote administrativeStatus or normativeAuthorization, an admin status, or
 * temporalQualifier "obsolete"/"outdated"/"archaic"), part of speech, context (descrip context) and note. Per concept:
 * subject field, definition (the source language's first, else any) and note.
 */

export type TbxErrorCode = 'not-tbx' | 'malformed-xml' | 'unsupported-encoding' | 'invalid-encoding'

export interface TbxReport {
  /** Concepts with terms in both languages, read so far. */
  read: number
  /** Concepts without a term in the source or the target language (a multilingual file's other pairs). */
  skipped: number
  languages: string[]
  error?: { code: TbxErrorCode; detail?: string }
}

export class TbxReadError extends Error {
  constructor(readonly code: TbxErrorCode, readonly detail?: string) {
    super(detail ? `${code}: ${detail}` : code)
    this.name = 'TbxReadError'
  }
}

const malformedXml = (detail: string) => new TbxReadError('malformed-xml', detail)

export interface TbxReading {
  concepts: AsyncGenerator<GlossaryConcept, TbxReport>
  report: TbxReport
}

export function readTbx(input: AsyncIterable<Uint8Array>, pair: LanguagePair): TbxReading {
  const report: TbxReport = { read: 0, skipped: 0, languages: [] }
  return { report, concepts: readConcepts(input, pair, report) }
}

async function* readConcepts(input: AsyncIterable<Uint8Array>, pair: LanguagePair, report: TbxReport): AsyncGenerator<GlossaryConcept, TbxReport> {
  let ready: GlossaryConcept[] = []
  const handler = new TbxHandler(pair, report, (concept) => ready.push(concept))
  const parser = new CheckedParser(handler, malformedXml)
  const take = () => {
    const concepts = ready
    ready = []
    return concepts
  }
  try {
    for await (const text of decodeXmlText(input)) {
      parser.write(text)
      yield* take()
    }
    parser.end()
    yield* take()
  } catch (error) {
    if (error instanceof TmxReadError && (error.code === 'unsupported-encoding' || error.code === 'invalid-encoding')) {
      report.error = { code: error.code, detail: error.detail }
    } else if (error instanceof TbxReadError) {
      report.error = { code: error.code, detail: error.detail }
    } else throw error
  }
  return report
}

const ROOTS = new Set(['martif', 'tbx'])
const ENTRIES = new Set(['termentry', 'conceptentry'])
const LANGUAGE_SETS = new Set(['langset', 'langsec'])
const TERM_GROUPS = new Set(['tig', 'ntig', 'termsec'])
/** Elements whose text the reader keeps, with their type attribute. */
const CAPTURED = new Set(['term', 'termnote', 'descrip', 'note', 'admin'])

interface Level {
  definition?: string
  note?: string
}

interface Capture {
  element: string
  type: string
  text: string
}

interface LanguageSet extends Level {
  lang: string
  terms: GlossaryTerm[]
}

interface Entry extends Level {
  subject?: string
  sets: LanguageSet[]
}

/** The state machine over entry > language set > term group > term and its notes. */
class TbxHandler implements CheckedHandler {
  closing: Closing = 'tag'
  closedCount = 0
  position: () => number = () => 0
  private depth = 0
  private rootSeen = false
  private entry: Entry | undefined
  private set: LanguageSet | undefined
  private term: GlossaryTerm | undefined
  private readonly captures: Capture[] = []
  private readonly languages = new Set<string>()

  constructor(private readonly pair: LanguagePair, private readonly report: TbxReport, private readonly emit: (concept: GlossaryConcept) => void) {}

  onopentag(tagName: string, attribs: Record<string, string>): void {
    const name = tagName.toLowerCase()
    if (this.depth === 0) {
      if (this.rootSeen) throw malformedXml(`a second root element <${tagName}> at character ${this.position()}`)
      if (!ROOTS.has(name)) throw new TbxReadError('not-tbx', `the root element is <${tagName}>`)
      this.rootSeen = true
    }
    this.depth++
    const type = attribs.type ?? ''
    if (ENTRIES.has(name)) {
      this.entry = { sets: [] }
    } else if (LANGUAGE_SETS.has(name) && this.entry) {
      const lang = attribs['xml:lang'] ?? attribs.lang ?? ''
      this.set = { lang, terms: [] }
      if (lang && !this.languages.has(lang.toLowerCase())) {
        this.languages.add(lang.toLowerCase())
        if (this.report.languages.length < 50) this.report.languages.push(lang)
      }
    } else if (TERM_GROUPS.has(name) && this.set) {
      this.term = { text: '', status: 'admitted' }
    } else if (CAPTURED.has(name) && this.entry) {
      this.captures.push({ element: name, type, text: '' })
    }
  }

  ontext(text: string): void {
    const capture = this.captures.at(-1)
    if (capture) capture.text += text
  }

  onclosetag(tagName: string, isImplied: boolean): void {
    checkClose(this, tagName, isImplied, malformedXml)
    this.depth--
    const name = tagName.toLowerCase()
    if (CAPTURED.has(name) && this.captures.at(-1)?.element === name) {
      const capture = this.captures.pop()!
      // The text of an inner element (a <hi> in a definition) belongs to the one around it.
      const outer = this.captures.at(-1)
      if (outer) outer.text += capture.text
      else this.keep(capture)
    } else if (TERM_GROUPS.has(name) && this.term) {
      if (this.term.text.trim() !== '') this.set?.terms.push({ ...this.term, text: this.term.text.trim() })
      this.term = undefined
    } else if (LANGUAGE_SETS.has(name) && this.set) {
      this.entry?.sets.push(this.set)
      this.set = undefined
    } else if (ENTRIES.has(name) && this.entry) {
      this.finish(this.entry)
      this.entry = undefined
    }
  }

  onend(): void {
    if (!this.rootSeen) throw new TbxReadError('not-tbx', 'no root element')
  }

  /** A finished element's text, kept where it stands: on the term, the language set or the entry. */
  private keep({ element, type, text: raw }: Capture): void {
    const text = raw.replace(/\s+/g, ' ').trim()
    if (text === '') return
    const kind = type.toLowerCase()
    const term = this.term
    if (element === 'term') {
      if (term) term.text = text
      else if (this.set) this.set.terms.push({ text, status: 'admitted' })
      return
    }
    if (term) {
      const status = statusOf(element, kind, text)
      if (status) term.status = status
      else if (kind === 'partofspeech') term.partOfSpeech = text
      else if (kind === 'context') term.context = text
      else if (element === 'note' || kind === 'usagenote') term.note = joined(term.note, text)
      else if (kind === 'definition' && this.set) this.set.definition ??= text
      return
    }
    const level: Level | undefined = this.set ?? this.entry
    if (!level) return
    if (kind === 'definition') level.definition ??= text
    else if (kind === 'subjectfield' && this.entry) this.entry.subject ??= text
    else if (element === 'note') level.note = joined(level.note, text)
  }

  private finish(entry: Entry): void {
    const source = pickVariant(entry.sets, this.pair.sourceLang)
    const target = pickVariant(
      entry.sets.filter((set) => set !== source),
      this.pair.targetLang,
    )
    if (!source?.terms.length || !target?.terms.length) {
      this.report.skipped++
      return
    }
    this.report.read++
    this.emit({
      ...definedOnly({
        subject: entry.subject,
        definition: source.definition ?? entry.definition ?? target.definition,
        note: joined(entry.note, source.note),
      }),
      source: source.terms,
      target: target.terms,
    })
  }
}

/** A status from termNote administrativeStatus / normativeAuthorization, an admin status, or a temporal qualifier. */
function statusOf(element: string, kind: string, value: string): TermStatus | undefined {
  const text = value.toLowerCase()
  if (kind === 'temporalqualifier') return /obsolete|outdated|archaic/.test(text) ? 'obsolete' : undefined
  const isStatus = kind === 'administrativestatus' || kind === 'normativeauthorization' || (element === 'admin' && kind.includes('status'))
  if (!isStatus) return undefined
  if (text.startsWith('preferred')) return 'preferred'
  if (text.startsWith('admitted')) return 'admitted'
  if (text.startsWith('deprecated') || text.startsWith('notrecommended')) return 'deprecated'
  if (text.startsWith('superseded') || text.startsWith('obsolete')) return 'obsolete'
  return TERM_STATUSES.find((status) => text === status)
}

function joined(first: string | undefined, second: string | undefined): string | undefined {
  return first && second ? `${first} ${second}` : first ?? second
}

function definedOnly<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as Partial<T>
}
