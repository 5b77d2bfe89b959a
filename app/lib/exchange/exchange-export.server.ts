import { Zip, ZipPassThrough } from 'fflate'
import { db } from '../db/db.server'
import { utf8Chunks } from '../http/stream-of'
import { translatedName } from '../projects/download-names'
import { translatedFile } from '../projects/pipeline.server'
import { allRows } from '../projects/segments.server'
import type { Revision } from '../projects/revision'
import type { SaveType, SegmentStatus } from '../projects/segment-rules'
import { parse } from '../tags'
import { escapeAttribute, escapeXml, writeTmx } from '../tm/tmx-write'
import type { TmUnit } from '../tm/tmx'
import { EXCHANGE_NAMESPACE, stateMark } from './exchange-state'
import { inlineXml, type XliffVersion } from './xliff-inline'

/**
 * Issue 18 bilingual exchange, the export: one or several projects as one XLIFF 1.2 or 2.0 document (a <file> per
 * project) with every segment, its translation, status, match origin, context and comments, for offline work in
 * memoQ, Trados or OmegaT; or the confirmed segments as TMX. Read a batch of segments at a time and written as read
 * (in the helper thread, threads/helper-thread.server.ts). docs/exchange.md describes the mapping.
 */
export type ExchangeFormat = 'xliff12' | 'xliff20' | 'tmx' | 'zip'

export const EXCHANGE_FORMATS: readonly ExchangeFormat[] = ['xliff12', 'xliff20', 'tmx', 'zip']

export interface ExchangeProject {
  id: number
  name: string
  format: string
  sourceLang: string
  targetLang: string
}

interface ExportRow {
  position: number
  id: number
  source: string
  target: string | null
  status: SegmentStatus
  saveType: SaveType | null
  saveMatch: number | null
  updatedAt: Date | string | null
  context: string | null
  /** Issue 52: a reviewer's decision. */
  revision: Revision | null
}

const COLUMNS = `id, source, target, status, save_type as "saveType", save_match as "saveMatch", updated_at as "updatedAt", revision,
  (select u.context from units u where u.id = segments.unit_id) as context`

interface Comment {
  segmentId: number
  author: string
  message: string
}

export function exchangeChunks(projects: readonly ExchangeProject[], format: ExchangeFormat, version: string, exportedAt = new Date()): AsyncGenerator<Uint8Array> {
  if (format === 'zip') return translationsZip(projects, exportedAt)
  if (format === 'tmx') return utf8Chunks(projectsTmx(projects, version, exportedAt))
  return utf8Chunks(xliff(projects, format === 'xliff12' ? '1.2' : '2.0', version, exportedAt))
}

/** The download's name: the file's own name plus .xlf or .tmx, or for several files one name for all. */
export function exchangeFileName(projects: readonly Pick<ExchangeProject, 'name'>[], format: ExchangeFormat, date = new Date()): string {
  const extension = format === 'tmx' ? 'tmx' : format === 'zip' ? 'zip' : 'xlf'
  if (projects.length === 1 && format !== 'zip') return `${projects[0]!.name}.${extension}`
  return `tulks-${projects.length}-${date.toISOString().slice(0, 10)}.${extension}`
}

export function exchangeMimeType(format: ExchangeFormat): string {
  if (format === 'zip') return 'application/zip'
  return format === 'tmx' ? 'application/x-tmx+xml; charset=utf-8' : 'application/xliff+xml; charset=utf-8'
}

async function* projectRows(project: ExchangeProject): AsyncGenerator<{ rows: ExportRow[]; comments: Map<number, Comment[]> }> {
  for await (const rows of allRows<ExportRow>('segments', project.id, COLUMNS, 1_000)) {
    const comments = new Map<number, Comment[]>()
    const found = await db().query<Comment>(
      `select segment_id as "segmentId", full_name as author, message from comments
        where project_id = $1 and message_type = 1 and segment_id >= $2 and segment_id <= $3 order by id`,
      [project.id, Math.min(...rows.map((row) => row.id)), Math.max(...rows.map((row) => row.id))],
    )
    for (const comment of found) comments.set(comment.segmentId, [...(comments.get(comment.segmentId) ?? []), comment])
    yield { rows, comments }
  }
}

function attributes(values: Record<string, string | number | undefined>): string {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`)
    .join('')
}

/** Where the translation came from: "tm" with its match, "mt" or "manual"; nothing for an empty segment. */
function origin(row: ExportRow): { origin?: string; match?: number } {
  if (row.target === null) return {}
  if (row.saveType === 'TM') return { origin: 'tm', match: row.saveMatch ?? undefined }
  return { origin: row.saveType === 'MT' ? 'mt' : 'manual' }
}

async function* xliff(projects: readonly ExchangeProject[], version: XliffVersion, toolVersion: string, exportedAt: Date): AsyncGenerator<string> {
  const first = projects[0]!
  yield '<?xml version="1.0" encoding="UTF-8"?>\n'
  yield version === '1.2'
    ? `<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:tulks="${EXCHANGE_NAMESPACE}">\n`
    : `<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" xmlns:tulks="${EXCHANGE_NAMESPACE}"${attributes({ srcLang: first.sourceLang, trgLang: first.targetLang })}>\n`
  for (const project of projects) {
    const common = { 'tulks:project': project.id, 'tulks:exported': exportedAt.toISOString() }
    if (version === '1.2') {
      const fileAttributes = { original: project.name, 'source-language': project.sourceLang, 'target-language': project.targetLang, datatype: `x-${project.format}`, ...common }
      yield `  <file${attributes(fileAttributes)}>\n    <header><tool tool-id="tulks" tool-name="Tulks"${attributes({ 'tool-version': toolVersion })}/></header>\n    <body>\n`
    } else {
      yield `  <file${attributes({ id: `f${project.id}`, original: project.name, ...common })}>\n`
    }
    for await (const { rows, comments } of projectRows(project)) {
      yield rows.map((row) => (version === '1.2' ? transUnit(row, comments.get(row.id) ?? []) : unit(row, comments.get(row.id) ?? []))).join('')
    }
    yield version === '1.2' ? '    </body>\n  </file>\n' : '  </file>\n'
  }
  yield '</xliff>\n'
}

function unitAttributes(row: ExportRow): Record<string, string | number | undefined> {
  const { origin: from, match } = origin(row)
  return { id: row.id, 'tulks:was': stateMark(row.status, row.target), 'tulks:origin': from, 'tulks:match': match }
}

const STATE_QUALIFIERS: Record<string, string> = { mt: 'mt-suggestion' }

function transUnit(row: ExportRow, comments: Comment[]): string {
  const { origin: from, match } = origin(row)
  const qualifier = from === 'tm' ? (match === 100 || match === 101 ? 'exact-match' : 'fuzzy-match') : from ? STATE_QUALIFIERS[from] : undefined
  const lines = [`      <trans-unit${attributes(unitAttributes(row))}>`, `        <source>${inlineXml(parse(row.source), '1.2')}</source>`]
  if (row.target !== null) {
    // Issue 52: an approved translation is signed off (read back as a confirmed one: the round trip changes nothing).
    const state = row.revision === 'REVISED' ? 'signed-off' : row.status === 'TRANSLATED' ? 'translated' : 'needs-review-translation'
    lines.push(`        <target${attributes({ state, 'state-qualifier': qualifier })}>${inlineXml(parse(row.target), '1.2')}</target>`)
  }
  if (row.context) lines.push(`        <note from="context">${escapeXml(row.context)}</note>`)
  for (const comment of comments) lines.push(`        <note${attributes({ from: comment.author })}>${escapeXml(comment.message)}</note>`)
  return `${lines.join('\n')}\n      </trans-unit>\n`
}

function unit(row: ExportRow, comments: Comment[]): string {
  const { origin: from, match } = origin(row)
  const lines = [`    <unit${attributes(unitAttributes(row))}>`]
  if (row.context || comments.length > 0) {
    lines.push('      <notes>')
    if (row.context) lines.push(`        <note category="context">${escapeXml(row.context)}</note>`)
    for (const comment of comments) lines.push(`        <note${attributes({ category: 'comment', 'tulks:author': comment.author })}>${escapeXml(comment.message)}</note>`)
    lines.push('      </notes>')
  }
  // Issue 52: XLIFF 2's reviewed is an approved translation (read back as a confirmed one).
  const state = row.revision === 'REVISED' ? 'reviewed' : row.status === 'TRANSLATED' ? 'translated' : 'initial'
  const subState = from ? `tulks:${from}${match === undefined ? '' : `-${match}`}` : undefined
  lines.push(`      <segment${attributes({ state, subState })}>`, `        <source>${inlineXml(parse(row.source), '2.0')}</source>`)
  if (row.target !== null) lines.push(`        <target>${inlineXml(parse(row.target), '2.0')}</target>`)
  lines.push('      </segment>', '    </unit>\n')
  return lines.join('\n')
}

/** The confirmed segments as TMX 1.4b translation units (the header's srclang is *all* when the sources differ). */
function projectsTmx(projects: readonly ExchangeProject[], toolVersion: string, exportedAt: Date): AsyncGenerator<string> {
  const sources = new Set(projects.map((project) => project.sourceLang))
  const sourceLang = sources.size === 1 ? projects[0]!.sourceLang : '*all*'
  return writeTmx(confirmedUnits(projects), { sourceLang, creationToolVersion: toolVersion, creationDate: exportedAt })
}

async function* confirmedUnits(projects: readonly ExchangeProject[]): AsyncGenerator<TmUnit> {
  for (const project of projects) {
    for await (const rows of allRows<ExportRow>('segments', project.id, COLUMNS, 1_000)) {
      for (const row of rows) {
        if (row.status !== 'TRANSLATED' || row.target === null) continue
        yield {
          source: row.source,
          target: row.target,
          sourceLang: project.sourceLang,
          targetLang: project.targetLang,
          ...(row.updatedAt ? { changed: new Date(row.updatedAt) } : {}),
        }
      }
    }
  }
}

/**
 * Issue 19: the selected files' translations in one ZIP, each named as its own download (report.lv.docx; a name taken
 * twice gets " (2)"), stored uncompressed (office files are zips already), made one file at a time.
 */
async function* translationsZip(projects: readonly ExchangeProject[], date: Date): AsyncGenerator<Uint8Array> {
  const chunks: Uint8Array[] = []
  let failure: Error | null = null
  const zip = new Zip((error, chunk) => {
    if (error) failure = error
    else chunks.push(chunk)
  })
  const names = new Set<string>()
  for (const project of projects) {
    const name = uniqueName(names, translatedName(project.name, project.sourceLang, project.targetLang))
    const entry = new ZipPassThrough(name)
    entry.mtime = date
    zip.add(entry)
    entry.push(await translatedFile(project.id, project.format), true)
    if (failure) throw failure
    yield* chunks.splice(0)
  }
  zip.end()
  if (failure) throw failure
  yield* chunks.splice(0)
}

function uniqueName(taken: Set<string>, wanted: string): string {
  let name = wanted
  const dot = wanted.lastIndexOf('.')
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = dot > 0 ? `${wanted.slice(0, dot)} (${n})${wanted.slice(dot)}` : `${wanted} (${n})`
  taken.add(name.toLowerCase())
  return name
}
