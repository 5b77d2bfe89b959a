/**
 * Streaming TMX reader (TMX 1.4b; 1.1–1.4 read the same way, `lang` standing in for `xml:lang`). Pure and
 * browser-safe: bytes in, translation units out, one chunk at a time, so a 300 MB memory is never held whole.
 * Unpacking .tmx.gz and .zip lives in tmx-archive.server.ts; writing in tmx-write.ts.
 *
 * XmlScanner tokenizes (reading what htmlparser2 with CheckedParser's well-formedness checks reads, at a third of its
 * cost: decision 0014, ninth addendum); one <tmx> root is checked here.
 */
import { XmlScanner, type XmlScanHandler } from '../formats/xml/xml-scanner'
import { MAX_SEGMENT_CHARACTERS } from '../segmentation'
import { serialize, validate, type TaggedText } from '../tags'
import { INLINE_CODE_ELEMENTS, UnitTagNumbering, type SegPiece } from './tmx-inline'

export interface LanguagePair {
  sourceLang: string
  targetLang: string
}

/** One translation unit for the pair asked for; source and target in canonical tag form (app/lib/tags). */
export interface TmUnit {
  source: string
  target: string
  /** The variants' languages as written in the file (e.g. "EN-US" when "en" was asked for). */
  sourceLang: string
  targetLang: string
  /** creationid of the target variant, else of the unit. */
  creator?: string
  created?: Date
  changed?: Date
  /**
   * Issue 58 point 4: the sources before and after the unit's segment, from the unit's context props (memoQ's
   * x-context-pre and x-context-post, OmegaT's prev and next), or their hash as Tulks exports it (CONTEXT_PROP).
   */
  contextBefore?: string
  contextAfter?: string
  contextHash?: string
}

/** The prop Tulks writes a unit's context in: units.server.ts contextHash, 32 hex digits. */
export const CONTEXT_PROP = 'x-tulks-context'

/** Context props other tools write, by the side of the segment they name. */
const CONTEXT_PROPS: Record<string, 'contextBefore' | 'contextAfter'> = {
  'x-context-pre': 'contextBefore',
  'x-context-post': 'contextAfter',
  prev: 'contextBefore',
  next: 'contextAfter',
}

/** A prop's text past this is not a context (nor kept). */
const MAX_PROP_CHARACTERS = 4_000

/** Why a unit was left out; the import goes on. */
export type TmxSkipCode = 'no-variant-for-pair' | 'empty-segment' | 'invalid-inline-codes' | 'segment-too-long'

/** Why reading stopped; the units read before stay read. */
export type TmxErrorCode =
  | 'not-tmx'
  | 'malformed-xml'
  | 'unsupported-encoding'
  | 'invalid-encoding'
  | 'invalid-gzip'
  | 'invalid-zip'
  | 'zip-without-tmx'
  | 'zip-with-several-tmx'

export interface TmxIssue<Code extends string> {
  code: Code
  /** 0-based position of the <tu> in the file. */
  unitIndex?: number
  /** For logs and support, not shown as is: the language missing, the tag error, the character offset. */
  detail?: string
}

export interface ImportReport {
  imported: number
  skipped: number
  skippedByCode: Record<TmxSkipCode, number>
  /** The first MAX_REPORTED_ISSUES skipped units with their reasons (the counts above are complete). */
  issues: TmxIssue<TmxSkipCode>[]
  error?: TmxIssue<TmxErrorCode>
  header: { srclang?: string; creationtool?: string }
  /** Issue 56: U+0000 characters removed from the units' text (the database cannot store them), the rest kept. */
  removedCharacters?: number
}

export const MAX_REPORTED_ISSUES = 100

/** What an inline code counts toward a segment's length: about its canonical form (`<g12>`). */
const CODE_CHARACTERS = 6

/** A failure of the input, carried as a value to the report; anything else thrown while reading is a bug. */
export class TmxReadError extends Error {
  constructor(
    readonly code: TmxErrorCode,
    readonly detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code)
    this.name = 'TmxReadError'
  }
}

export interface TmxReading {
  /** Yields the units as they are read; when it ends, importReport is complete (error set if reading stopped). */
  units: AsyncGenerator<TmUnit, ImportReport>
  /**
   * The same units (read these or `units`, not both), in the groups each piece of the input completes: a million
   * units are a million awaits one by one (a TMX import takes these).
   */
  batches: AsyncGenerator<TmUnit[], ImportReport>
  importReport: ImportReport
}

const malformedXml = (detail: string) => new TmxReadError('malformed-xml', detail)

/** Reads TMX bytes (UTF-8, or UTF-16 with a BOM, or another encoding its XML declaration names). */
export function readTmx(input: AsyncIterable<Uint8Array>, pair: LanguagePair): TmxReading {
  const importReport: ImportReport = {
    imported: 0,
    skipped: 0,
    skippedByCode: { 'no-variant-for-pair': 0, 'empty-segment': 0, 'invalid-inline-codes': 0, 'segment-too-long': 0 },
    issues: [],
    header: {},
  }
  const batches = readBatches(input, pair, importReport)
  return { importReport, batches, units: oneByOne(batches) }
}

async function* oneByOne(batches: AsyncGenerator<TmUnit[], ImportReport>): AsyncGenerator<TmUnit, ImportReport> {
  for (;;) {
    const next = await batches.next()
    if (next.done) return next.value
    yield* next.value
  }
}

async function* readBatches(
  input: AsyncIterable<Uint8Array>,
  pair: LanguagePair,
  report: ImportReport,
): AsyncGenerator<TmUnit[], ImportReport> {
  let ready: TmUnit[] = []
  const handler = new TmxHandler(pair, report, (unit) => ready.push(unit))
  const parser = new XmlScanner(handler, malformedXml)
  handler.position = () => parser.position()
  const takeReady = () => {
    const units = ready
    ready = []
    return units
  }
  try {
    for await (const text of decodeXmlText(input)) {
      parser.write(text)
      if (ready.length > 0) yield takeReady()
    }
    parser.end()
    if (ready.length > 0) yield takeReady()
  } catch (error) {
    if (!(error instanceof TmxReadError)) throw error
    if (ready.length > 0) yield takeReady()
    report.error = { code: error.code, ...definedOnly({ unitIndex: handler.currentUnitIndex(), detail: error.detail }) }
  }
  return report
}

interface VariantState {
  lang: string
  attributes: Record<string, string>
  pieces: SegPiece[]
  /** The characters of text read into the pieces; past MAX_SEGMENT_CHARACTERS no more are kept (issue 50). */
  characters: number
  tooLong?: boolean
  unknownElement?: string
}

interface UnitState {
  index: number
  attributes: Record<string, string>
  variants: VariantState[]
  /** The unit's props read so far, by type (only those finishUnit uses). */
  props: Record<string, string>
}

/** The parser's callbacks: a small state machine over tmx > body > tu > tuv > seg. */
class TmxHandler implements XmlScanHandler {
  position: () => number = () => 0
  private readonly elements: string[] = []
  private rootSeen = false
  private unitCount = 0
  private unit: UnitState | undefined
  private variant: VariantState | undefined
  /** A unit-level context prop being read: its type and text so far. */
  private prop: { type: string; text: string } | undefined
  private inSeg = false
  /** > 0 inside an inline code's native content (bpt, ept, it, ph, ut and any <sub> in them): not text. */
  private codeDepth = 0
  private readonly dates = new DateReader()
  private readonly wantedLanguages = new Map<string, boolean>()

  constructor(
    private readonly pair: LanguagePair,
    private readonly report: ImportReport,
    private readonly emit: (unit: TmUnit) => void,
  ) {}

  currentUnitIndex(): number | undefined {
    return this.unit?.index
  }

  onopentag(tagName: string, attribs: Record<string, string>): void {
    const name = tagName.toLowerCase()
    if (this.elements.length === 0) {
      if (this.rootSeen) throw new TmxReadError('malformed-xml', `a second root element <${tagName}> at character ${this.position()}`)
      if (name !== 'tmx') throw new TmxReadError('not-tmx', `the root element is <${tagName}>`)
      this.rootSeen = true
    }
    this.elements.push(name)
    if (this.codeDepth > 0) {
      this.codeDepth++
    } else if (this.inSeg) {
      this.openInline(name, lowerCaseKeys(attribs))
    } else if (name === 'header') {
      const attributes = lowerCaseKeys(attribs)
      this.report.header = { srclang: attributes.srclang, creationtool: attributes.creationtool }
    } else if (name === 'tu') {
      this.unit = { index: this.unitCount++, attributes: lowerCaseKeys(attribs), variants: [], props: {} }
      this.variant = undefined
    } else if (name === 'prop' && this.unit && !this.variant && this.elements.at(-2) === 'tu') {
      const type = lowerCaseKeys(attribs).type ?? ''
      if (type === CONTEXT_PROP || type in CONTEXT_PROPS) this.prop = { type, text: '' }
    } else if (name === 'tuv' && this.unit) {
      const attributes = lowerCaseKeys(attribs)
      const lang = attributes['xml:lang'] ?? attributes.lang ?? ''
      let wanted = this.wantedLanguages.get(lang)
      if (wanted === undefined) {
        wanted = samePrimary(lang, this.pair.sourceLang) || samePrimary(lang, this.pair.targetLang)
        // A file names a few languages, in a million variants: each is looked at once.
        if (this.wantedLanguages.size < 1_000) this.wantedLanguages.set(lang, wanted)
      }
      // Variants in other languages are not kept: a 50-language unit costs no more than a bilingual one.
      this.variant = wanted ? { lang, attributes, pieces: [], characters: 0 } : undefined
    } else if (name === 'seg') {
      this.inSeg = true
    }
  }

  ontext(text: string): void {
    if (this.prop) {
      if (this.prop.text.length <= MAX_PROP_CHARACTERS) this.prop.text += text
      return
    }
    if (!this.inSeg || this.codeDepth > 0 || !this.variant) return
    // Issue 50: a <seg> of 2 GiB (a 2 MB .tmx.gz) was read whole, a gigabyte a try: past the longest segment Tulks
    // keeps, the text is not kept, and the unit is skipped with its reason.
    this.variant.characters += text.length
    if (this.variant.characters > MAX_SEGMENT_CHARACTERS) {
      this.variant.tooLong = true
      this.variant.pieces = []
      return
    }
    const last = this.variant.pieces.at(-1)
    if (last?.kind === 'text') last.text += text
    else this.variant.pieces.push({ kind: 'text', text })
  }

  onclosetag(): void {
    const name = this.elements.pop()
    if (this.codeDepth > 0) {
      this.codeDepth--
    } else if (this.inSeg) {
      if (name === 'seg') this.inSeg = false
      else if (name === 'hi' && this.kept(this.variant)) this.variant?.pieces.push({ kind: 'hi', edge: 'close' })
    } else if (name === 'prop' && this.prop) {
      if (this.unit && this.prop.text.length <= MAX_PROP_CHARACTERS) this.unit.props[this.prop.type] = this.prop.text
      this.prop = undefined
    } else if (name === 'tuv') {
      if (this.unit && this.variant) this.unit.variants.push(this.variant)
      this.variant = undefined
    } else if (name === 'tu' && this.unit) {
      this.finishUnit(this.unit)
      this.unit = undefined
    }
  }

  onend(): void {
    if (!this.rootSeen) throw new TmxReadError('not-tmx', 'no root element')
  }

  /** Counts an inline code's place toward the segment's length; whether the variant is still kept (issue 50). */
  private kept(variant: VariantState | undefined): boolean {
    if (!variant) return false
    variant.characters += CODE_CHARACTERS
    if (variant.characters > MAX_SEGMENT_CHARACTERS) {
      variant.tooLong = true
      variant.pieces = []
    }
    return !variant.tooLong
  }

  private openInline(name: string, attributes: Record<string, string>): void {
    const variant = this.kept(this.variant) ? this.variant : undefined
    if (INLINE_CODE_ELEMENTS.has(name)) {
      this.codeDepth = 1
      variant?.pieces.push({
        kind: 'code',
        element: name as 'bpt' | 'ept' | 'it' | 'ph' | 'ut',
        i: attributes.i,
        x: attributes.x,
        type: attributes.type,
      })
    } else if (name === 'hi') {
      variant?.pieces.push({ kind: 'hi', edge: 'open', x: attributes.x })
    } else if (this.variant) {
      this.variant.unknownElement ??= name
    }
  }

  private finishUnit(unit: UnitState): void {
    const source = pickVariant(unit.variants, this.pair.sourceLang)
    const target = pickVariant(
      unit.variants.filter((variant) => variant !== source),
      this.pair.targetLang,
    )
    if (!source || !target) {
      const missing = source ? this.pair.targetLang : this.pair.sourceLang
      return this.skip({ code: 'no-variant-for-pair', unitIndex: unit.index, detail: missing })
    }
    if (source.tooLong || target.tooLong) {
      return this.skip({ code: 'segment-too-long', unitIndex: unit.index, detail: `${source.tooLong ? 'source' : 'target'}: over ${MAX_SEGMENT_CHARACTERS} characters` })
    }
    const unknownElement = source.unknownElement ?? target.unknownElement
    if (unknownElement) {
      return this.skip({ code: 'invalid-inline-codes', unitIndex: unit.index, detail: `<${unknownElement}> in <seg>` })
    }
    const numbering = new UnitTagNumbering()
    const sourceTokens = numbering.tokensOf(source.pieces)
    const targetTokens = numbering.tokensOf(target.pieces)
    if (isBlank(sourceTokens) || isBlank(targetTokens)) {
      return this.skip({ code: 'empty-segment', unitIndex: unit.index, detail: isBlank(sourceTokens) ? 'source' : 'target' })
    }
    for (const [side, tokens] of [['source', sourceTokens], ['target', targetTokens]] as const) {
      const [error] = validate(tokens)
      if (error) {
        const detail = `${side}: ${error.code}${error.tag ? ` ${error.tag}` : ''}`
        return this.skip({ code: 'invalid-inline-codes', unitIndex: unit.index, detail })
      }
    }
    const attribute = (name: string) => target.attributes[name] ?? unit.attributes[name]
    this.report.imported++
    const read: TmUnit = { source: this.withoutNul(serialize(sourceTokens)), target: this.withoutNul(serialize(targetTokens)), sourceLang: source.lang, targetLang: target.lang }
    const creator = attribute('creationid') === undefined ? undefined : this.withoutNul(attribute('creationid')!)
    const created = this.dates.read(attribute('creationdate'))
    const changed = this.dates.read(attribute('changedate'))
    if (creator !== undefined) read.creator = creator
    if (created) read.created = created
    if (changed) read.changed = changed
    this.readContext(unit.props, read)
    this.emit(read)
  }

  /** Issue 58 point 4: the unit's context props onto the unit read (a memoQ context may be wrapped in <seg>). */
  private readContext(props: Record<string, string>, read: TmUnit): void {
    const hashed = props[CONTEXT_PROP]?.trim().toLowerCase()
    if (hashed && /^[0-9a-f]{32}$/.test(hashed)) read.contextHash = hashed
    for (const [type, side] of Object.entries(CONTEXT_PROPS)) {
      const text = props[type]
      if (text !== undefined) read[side] = this.withoutNul(text.replace(/^\s*<seg>([\s\S]*)<\/seg>\s*$/u, '$1'))
    }
  }

  /** Issue 56: the text without U+0000, counted in the report. */
  private withoutNul(text: string): string {
    if (!text.includes('\u0000')) return text
    const kept = text.replaceAll('\u0000', '')
    this.report.removedCharacters = (this.report.removedCharacters ?? 0) + text.length - kept.length
    return kept
  }

  private skip(issue: TmxIssue<TmxSkipCode>): void {
    this.report.skipped++
    this.report.skippedByCode[issue.code]++
    if (this.report.issues.length < MAX_REPORTED_ISSUES) this.report.issues.push(issue)
  }
}

/** The exact language first (case-insensitive), else the first variant with the same primary subtag ("en" ~ "EN-US"). */
export function pickVariant<V extends { lang: string }>(variants: readonly V[], lang: string): V | undefined {
  const wanted = lang.toLowerCase()
  return (
    variants.find((variant) => variant.lang.toLowerCase() === wanted) ??
    variants.find((variant) => samePrimary(variant.lang, lang))
  )
}

function samePrimary(a: string, b: string): boolean {
  return a !== '' && primarySubtag(a) === primarySubtag(b)
}

/** "EN-US" → "en": the language before any "-" or "_", lower-cased. */
function primarySubtag(lang: string): string {
  const end = lang.search(/[-_]/)
  return (end === -1 ? lang : lang.slice(0, end)).toLowerCase()
}

/**
 * parseTmxDate for a million units: the day (YYYYMMDD) read once while it repeats, the time of day from its digits.
 * The same answers: a time past the day's end (hour 24 or more, or a second that carries into it) moves the date
 * to the next day, which parseTmxDate refuses.
 */
class DateReader {
  private lastDay: string | undefined
  private lastDayTime: number | undefined

  read(text: string | undefined): Date | undefined {
    if (text === undefined) return undefined
    if (text.length !== 16 || text.charCodeAt(8) !== 0x54 /* T */ || text.charCodeAt(15) !== 0x5a /* Z */) return parseTmxDate(text)
    const day = text.slice(0, 8)
    if (day !== this.lastDay) {
      this.lastDay = day
      this.lastDayTime = parseTmxDate(`${day}T000000Z`)?.getTime()
    }
    const time = timeOfDay(text)
    return this.lastDayTime === undefined || time === undefined || time >= DAY ? undefined : new Date(this.lastDayTime + time)
  }
}

const DAY = 24 * 60 * 60 * 1000

/** hhmmss at 9–14 of a TMX date, in milliseconds (up to 99:99:99); undefined if a character is not a digit. */
function timeOfDay(text: string): number | undefined {
  let time = 0
  for (const [at, unit] of TIME_FIELDS) {
    const tens = text.charCodeAt(at) - 0x30
    const ones = text.charCodeAt(at + 1) - 0x30
    if (tens < 0 || tens > 9 || ones < 0 || ones > 9) return undefined
    time += (tens * 10 + ones) * unit
  }
  return time
}

const TIME_FIELDS = [
  [9, 60 * 60 * 1000],
  [11, 60 * 1000],
  [13, 1000],
] as const

/** TMX dates are UTC, YYYYMMDDThhmmssZ; anything else is ignored rather than failing the unit. */
export function parseTmxDate(value: string | undefined): Date | undefined {
  const text = value?.trim()
  if (!text || !TMX_DATE.test(text)) return undefined
  const number = (from: number, to: number) => Number(text.slice(from, to))
  const [year, month, day] = [number(0, 4), number(4, 6), number(6, 8)]
  const date = new Date(Date.UTC(year, month - 1, day, number(9, 11), number(11, 13), number(13, 15)))
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : undefined
}

const TMX_DATE = /^\d{8}T\d{6}Z$/

function isBlank(tokens: TaggedText): boolean {
  return tokens.every((token) => token.kind !== 'text' || token.text.trim() === '')
}

function lowerCaseKeys(attributes: Record<string, string>): Record<string, string> {
  // Nearly always so already: then the object is kept as it is.
  if (Object.keys(attributes).every((key) => LOWER_CASE_NAME.test(key))) return attributes
  const lowered: Record<string, string> = {}
  for (const [key, value] of Object.entries(attributes)) lowered[key.toLowerCase()] = value
  return lowered
}

const LOWER_CASE_NAME = /^[a-z0-9:_.-]*$/

function definedOnly<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>
}

const SNIFF_BYTES = 512

/**
 * Bytes to text, chunk by chunk. The encoding comes from a BOM, else from the first bytes of "<?xml" in
 * UTF-16, else from the XML declaration, else UTF-8 (the XML default). Invalid bytes stop the reading.
 */
export async function* decodeXmlText(input: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  let decoder: TextDecoder | undefined
  let head: Uint8Array = new Uint8Array(0)
  const decode = (bytes?: Uint8Array) => {
    try {
      return bytes ? decoder!.decode(bytes, { stream: true }) : decoder!.decode()
    } catch {
      throw new TmxReadError('invalid-encoding', `not valid ${decoder!.encoding}`)
    }
  }
  for await (const chunk of input) {
    if (decoder) {
      yield decode(chunk)
      continue
    }
    head = concatBytes(head, chunk)
    if (head.length < SNIFF_BYTES) continue
    decoder = decoderFor(head)
    yield decode(head)
  }
  if (!decoder) {
    decoder = decoderFor(head)
    yield decode(head)
  }
  yield decode()
}

function decoderFor(head: Uint8Array): TextDecoder {
  const label = encodingLabel(head)
  try {
    return new TextDecoder(label, { fatal: true })
  } catch {
    throw new TmxReadError('unsupported-encoding', label)
  }
}

function encodingLabel(head: Uint8Array): string {
  const [b0, b1, b2] = head
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) return 'utf-8'
  if (b0 === 0xff && b1 === 0xfe) return 'utf-16le'
  if (b0 === 0xfe && b1 === 0xff) return 'utf-16be'
  if (b0 === 0x3c && b1 === 0x00) return 'utf-16le'
  if (b0 === 0x00 && b1 === 0x3c) return 'utf-16be'
  // Only the first bytes: a whole first chunk (megabytes, when a file arrives in one piece) decoded as Latin-1 cost
  // more than the parse.
  const declaration = /^<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(new TextDecoder('latin1').decode(head.subarray(0, SNIFF_BYTES)))
  const declared = declaration?.[1]?.toLowerCase()
  // Without a BOM, bytes that read as ASCII cannot be UTF-16, whatever the declaration says.
  return declared && !declared.startsWith('utf-16') ? declared : 'utf-8'
}

function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length)
  joined.set(a)
  joined.set(b, a.length)
  return joined
}
