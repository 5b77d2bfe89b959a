import crypto from 'node:crypto'
import { containsPattern } from '../db/contains-pattern'
import { KEPT_PLAN } from '../db/database.server'
import { db } from '../db/db.server'
import { enqueue } from '../jobs/queue.server'
import { wakeWorker } from '../jobs/wake.server'
import { deleteStoredFile, storedFileBytes, storeFile } from './stored-files.server'
import { ensureDefaultMemory } from '../tm/memories.server'
import { rowId } from '../http/row-id'
import { DEFAULT_ORDER, type FileListQuery, type FileSort, type FileState } from './file-list'
import type { QaCheck } from '../qa/qa-kinds'
import type { KeptText } from '../formats/types'
import { requireUser, sessionKey, type KeepPosted } from '../auth/session.server'
import type { User } from '../auth/users.server'

/**
 * Projects and their one job (SPEC §3). Every read filters by its owner and the colleagues it is shared with (issue
 * 52), so anyone else's project is simply not found (STYLE, Indie Stack habit); the password in the URL must match as
 * well. Only the owner manages a file (deletes, renames, replaces or shares it): `requireOwnProject`.
 */
export type CreationStatus = 'WAITING' | 'READY' | 'FAILED'
export type AnalysisStatus = 'NEW' | 'ANALYSING' | 'DONE' | 'EMPTY' | 'PRETRANSLATING'

/** Issue 52: what the signed-in user is to a file: its owner, or a colleague it is shared with as translator or reviewer. */
export type ProjectRole = 'owner' | 'translator' | 'reviewer'

export interface ProjectSummary {
  id: number
  /** The account the file belongs to: its memories, glossaries and spelling words serve everyone working in it. */
  ownerId: number
  role: ProjectRole
  /** Issue 52: shared with anyone (its members see where the others are, and each opens it where they left it). */
  shared: boolean
  password: string
  jobId: number
  jobPassword: string
  name: string
  format: string
  sourceLang: string
  targetLang: string
  status: CreationStatus
  analysisStatus: AnalysisStatus
  errorCode: string | null
  wordCount: number
  segmentCount: number
  segmentsAnalyzed: number
  /** Percent of words confirmed, 2 decimals; -1 while unknown (SPEC §3 "progress"). */
  translatedPercent: number
  /** Issue 52 point 5: the words a reviewer approved, in percent of the file's (revision progress). */
  revisedPercent: number
  /** Issue 52 point 5: the revision report's pass threshold, penalty points per 1,000 words; null: the default. */
  revisionThreshold: number | null
  /** Issue 52: a decision or an issue has been made in the file (until then its pages read no issues). */
  revisionStarted: boolean
  createdAt: Date
  /** SPEC §3 job data: the last active segment and the editing time in seconds. */
  lastSegmentId: number | null
  editingTime: number
  /** Issue 19: the text encoding the file was read in and is written back in, when not UTF-8 ("Windows-1257"). */
  encoding?: string | null
  /** The project's own "send my translations to improve MT" (copied from the profile at upload). */
  updateMt: boolean | null
  /** The project's MT system (`apertium:eng|spa`), chosen at upload or in the translator's settings. */
  mtSystemId: string | null
  /** Why the last pretranslation with MT stopped (an MT error code), if it did. */
  pretranslateError: string | null
  /** Words per TM band from the analysis (app/lib/tm/analysis-bands.ts), as stored; null before it. */
  analysisBands: unknown
  /** Segments a running pretranslation has looked at. */
  pretranslated: number
  /** Issue 17: the quality checks this project turned off. */
  qaOff: QaCheck[]
  /** Issue 58: a confirm fills the segment's repetitions (on unless the project turned it off). */
  propagate: boolean
  /** Issue 58: the characters each segment's translation may hold (the translator's settings); null: no limit. */
  maxLength: number | null
  /** Issue 58: the last copy of the source to every empty segment, while it can be undone. */
  lastCopy: { id: number; changed: number } | null
  /** Issue 57: the texts the file keeps as they are (comments, charts, hidden sheets…), when it keeps any. */
  keptAsIs: KeptText[] | null
  /** Issue 50, read by the file list: what a new version took over from the earlier one, and that one while it is kept. */
  carriedOver?: CarriedOver | null
  earlierVersion?: { id: number; password: string } | null
  /** Issue 52, read by the file list: the owner's name on a file shared with the user; how many colleagues share the user's own. */
  ownerName?: string | null
  memberCount?: number
}

/** What a new version of a file took over from the earlier one, and what it could not (the source changed). */
export interface CarriedOver {
  confirmed: number
  drafts: number
  comments: number
  leftTranslations: number
  leftComments: number
}

/** An unguessable URL-safe secret (96 bits), as SPEC's project and job passwords. */
export function newPassword(): string {
  return crypto.randomBytes(12).toString('base64url')
}

/** Issue 52: a project row `p` the user (a parameter, `$1`) owns or is a member of. */
export const accessibleBy = (user: string) =>
  `(p.owner_id = ${user} or exists (select 1 from project_members m where m.project_id = p.id and m.user_id = ${user}))`

/** The project's columns as the user (`$1`) sees them: with the user's role in it. */
const summaryColumns = (user: string) => `
  p.id, p.owner_id as "ownerId",
  case when p.owner_id = ${user} then 'owner' else (select m.role from project_members m where m.project_id = p.id and m.user_id = ${user}) end as role,
  exists (select 1 from project_members sm where sm.project_id = p.id) as shared,
  p.password, j.id as "jobId", j.password as "jobPassword", p.name, p.format,
  p.source_lang as "sourceLang", p.target_lang as "targetLang", p.status, p.analysis_status as "analysisStatus",
  p.error_code as "errorCode", p.word_count as "wordCount", p.segment_count as "segmentCount",
  p.segments_analyzed as "segmentsAnalyzed", p.created_at as "createdAt",
  j.last_segment_id as "lastSegmentId", j.editing_time as "editingTime", p.update_mt as "updateMt",
  p.mt_system_id as "mtSystemId", p.pretranslate_error as "pretranslateError", p.analysis_bands as "analysisBands", p.pretranslated, p.encoding,
  p.qa_off as "qaOff", p.kept_as_is as "keptAsIs", p.propagate, p.max_length as "maxLength", p.last_copy as "lastCopy",
  case when p.analysis_status <> 'DONE' then -1
       else coalesce(round(100.0 * p.words_translated / nullif(p.words_total, 0), 2)::float8, 0) end as "translatedPercent",
  coalesce(round(100.0 * p.words_revised / nullif(p.words_total, 0), 2)::float8, 0) as "revisedPercent",
  p.revision_threshold::float8 as "revisionThreshold", p.revision_started as "revisionStarted"`

export interface NewProject {
  ownerId: number
  name: string
  format: string
  bytes: Uint8Array
  sourceLang: string
  targetLang: string
  mtSystemId?: string
  tmPretranslate: boolean
  mtPretranslate: boolean
  /** Issue 19: the project this upload is a new version of (its confirmed translations carry over). */
  replacesId?: number
}

/**
 * Creates the project, its file and job, and queues its conversion — all or nothing: the file's chunks are stored
 * first (short statements each), then one short transaction makes the project that refers to them.
 */
export async function createProject(input: NewProject): Promise<{ id: number; password: string }> {
  return createProjectWithFile(input, await storeFile(input.bytes))
}

/** The same, for a file stored already (an upload, stored by the helper thread); the stored file goes if it fails. */
export async function createProjectWithFile(input: Omit<NewProject, 'bytes'>, fileId: number): Promise<{ id: number; password: string }> {
  try {
    return await db().transaction(async (tx) => {
      const password = newPassword()
      const [project] = await tx.query<{ id: number }>(
        `insert into projects (password, owner_id, name, format, source_lang, target_lang, mt_system_id,
                               tm_pretranslate, mt_pretranslate, update_mt, replaces_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, coalesce((select update_mt from user_settings where user_id = $2), false), $10) returning id`,
        [password, input.ownerId, input.name, input.format, input.sourceLang, input.targetLang,
         input.mtSystemId ?? null, input.tmPretranslate, input.mtPretranslate, input.replacesId ?? null],
      )
      const id = project!.id
      await tx.query(
        `insert into project_files (project_id, file_id, size, sha256) select $1, id, size, sha256 from stored_files where id = $2`,
        [id, fileId],
      )
      await tx.query(`insert into jobs (project_id, password, source_lang, target_lang) values ($1, $2, $3, $4)`, [
        id,
        newPassword(),
        input.sourceLang,
        input.targetLang,
      ])
      await ensureDefaultMemory(input.ownerId, input.sourceLang, input.targetLang, tx)
      await enqueue(tx, { kind: 'convert', projectId: id })
      return { id, password }
    })
  } catch (error) {
    await deleteStoredFile(fileId).catch(() => {})
    throw error
  }
}

/** Issue 19: the states a file list filters by, as conditions on a project row `p`. */
const STATE_CONDITIONS: Record<FileState, string> = {
  broken: `(p.status = 'FAILED' or p.analysis_status = 'EMPTY')`,
  done: `(p.status = 'READY' and p.analysis_status = 'DONE' and p.words_total > 0 and p.words_translated >= p.words_total)`,
  progress: `not (p.status = 'FAILED' or p.analysis_status = 'EMPTY')
    and not (p.status = 'READY' and p.analysis_status = 'DONE' and p.words_total > 0 and p.words_translated >= p.words_total)`,
}

const SORT_EXPRESSIONS: Record<FileSort, string> = {
  added: 'p.created_at',
  // Byte order, the same on PGlite and PostgreSQL whatever their locale; Latvian letters with marks next to their base
  // letter (ā with a, š with s), as a Latvian reader looks for them; Cyrillic is in alphabetical order already.
  name: `translate(lower(p.name), 'āčēģīķļņōŗšūž', 'acegiklnorsuz') collate "C"`,
  words: 'p.word_count',
  progress: 'coalesce(p.words_translated::float8 / nullif(p.words_total, 0), 0)',
}

/**
 * A page of the owner's files: by default newest first (SPEC §2); `query` finds them by name (any case), language pair
 * and state, and orders them (issue 19). The same order always (ties by id), so paging never shows a file twice.
 */
export async function listProjects(
  userId: number,
  page: number,
  perPage: number,
  query: string | Partial<FileListQuery> = '',
): Promise<{ total: number; projects: ProjectSummary[] }> {
  const { q = '', pair = '', state = '', sort = 'added', order } = typeof query === 'string' ? { q: query } : query
  // '' matches every name; the filter's own % and _ are letters, not wildcards.
  const values: unknown[] = [userId, containsPattern(q)]
  // The user's own files and those shared with them, each through its index.
  const conditions = ['p.id in (select o.id from projects o where o.owner_id = $1 union all select s.project_id from project_members s where s.user_id = $1)', 'p.deleted_at is null', 'p.superseded_by is null', 'p.name ilike $2']
  const [source, target] = pair.split('-')
  if (source && target) {
    values.push(source, target)
    conditions.push(`p.source_lang = $${values.length - 1} and p.target_lang = $${values.length}`)
  }
  if (state) conditions.push(STATE_CONDITIONS[state])
  const where = conditions.join(' and ')
  const direction = (order ?? DEFAULT_ORDER[sort]) === 'asc' ? 'asc' : 'desc'
  // Both at once: the page waits for one round of statements, not two (issue 53).
  const [[count], projects] = await Promise.all([
    db().query<{ total: number }>(`select count(*) as total from projects p where ${where}`, values),
    db().query<ProjectSummary>(
      `${KEPT_PLAN}select ${summaryColumns('$1')}, p.carried_over as "carriedOver",
              case when p.owner_id <> $1 then (select u.name from users u where u.id = p.owner_id) end as "ownerName",
              case when p.owner_id = $1 then (select count(*) from project_members c where c.project_id = p.id)::int else 0 end as "memberCount",
              (select json_build_object('id', e.id, 'password', e.password) from projects e
                where e.id = p.replaces_id and e.superseded_by = p.id and e.deleted_at is null) as "earlierVersion"
         from projects p join jobs j on j.project_id = p.id
        where ${where}
        order by ${SORT_EXPRESSIONS[sort]} ${direction}, p.id ${direction}
        limit $${values.length + 1} offset $${values.length + 2}`,
      [...values, perPage, (page - 1) * perPage],
    ),
  ])
  return { total: Number(count?.total ?? 0), projects }
}

/** The language pairs of the user's files and those shared with them, for the file list's filter. */
export function projectPairs(userId: number): Promise<{ source: string; target: string }[]> {
  return db().query<{ source: string; target: string }>(
    `select distinct source_lang as source, target_lang as target from projects p
      where ${accessibleBy('$1')} and deleted_at is null and superseded_by is null order by 1, 2`,
    [userId],
  )
}

/** The project that holds this segment, when the user owns it or is its member (SPEC's segment calls name only the segment). */
export async function projectOfSegment(userId: number, segmentId: number): Promise<ProjectSummary | undefined> {
  const [project] = await db().query<ProjectSummary>(
    `select ${summaryColumns('$1')}
       from segments s join projects p on p.id = s.project_id join jobs j on j.project_id = p.id
      where s.id = $2 and ${accessibleBy('$1')} and p.deleted_at is null`,
    [userId, segmentId],
  )
  return project
}

/**
 * The project with that id and password, when the user owns it or is its member; without a password (SPEC's
 * concordance call names none), by id alone.
 */
export async function findProject(userId: number, id: number, password?: string): Promise<ProjectSummary | undefined> {
  // Issue 56: a password no project can have (the database cannot even compare a U+0000) is wrong like any other.
  if (password?.includes('\u0000')) return undefined
  const [project] = await db().query<ProjectSummary>(
    `select ${summaryColumns('$1')}
       from projects p join jobs j on j.project_id = p.id
      where p.id = $2 and ${accessibleBy('$1')} and ($3::text is null or p.password = $3) and p.deleted_at is null`,
    [userId, id, password ?? null],
  )
  return project
}

/** Issue 19: a new name for the owner's project (checked by checkNewName). */
export async function renameProject(ownerId: number, id: number, name: string): Promise<boolean> {
  const renamed = await db().query('update projects set name = $3 where owner_id = $1 and id = $2 and deleted_at is null returning id', [ownerId, id, name])
  return renamed.length > 0
}

/**
 * Deletes a project for its owner, with the earlier version it keeps (issue 50): at once they are gone from every page
 * and call, and a background task removes their rows in bounded batches (a large project's cascade would hold the
 * database for seconds).
 */
export async function deleteProject(ownerId: number, id: number, password: string): Promise<boolean> {
  const deleted = await db().transaction(async (tx) => {
    const rows = await tx.query<{ id: number }>(
      `with named as (select id from projects where owner_id = $1 and id = $2 and password = $3 and deleted_at is null)
       update projects set deleted_at = now()
        where deleted_at is null and owner_id = $1 and (id in (select id from named) or superseded_by in (select id from named))
        returning id`,
      [ownerId, id, password],
    )
    if (!rows.some((row) => row.id === id)) return false
    for (const row of rows) await enqueue(tx, { kind: 'purge-project', projectId: row.id })
    return true
  })
  if (deleted) wakeWorker()
  return deleted
}

/** Issue 50: the earlier version of a file that a new version replaced, while it is kept. */
export async function earlierVersionOf(ownerId: number, currentId: number): Promise<{ id: number; password: string; name: string; createdAt: Date } | undefined> {
  const [earlier] = await db().query<{ id: number; password: string; name: string; createdAt: Date }>(
    `select id, password, name, created_at as "createdAt" from projects where owner_id = $1 and superseded_by = $2 and deleted_at is null`,
    [ownerId, currentId],
  )
  return earlier
}

/**
 * Issue 50: the earlier version a new version of a file keeps — brought back (it is the file again, and the newer
 * version the one kept, so nothing is lost either way) or removed for good. False when there is none.
 */
export async function restoreEarlierVersion(ownerId: number, current: { id: number }): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [earlier] = await tx.query<{ id: number }>(
      `update projects set superseded_by = null, replaces_id = $2, carried_over = null
        where owner_id = $1 and superseded_by = $2 and deleted_at is null returning id`,
      [ownerId, current.id],
    )
    if (!earlier) return false
    await tx.query('update projects set superseded_by = $2 where id = $1', [current.id, earlier.id])
    return true
  })
}

export async function removeEarlierVersion(ownerId: number, current: { id: number }): Promise<boolean> {
  const removed = await db().transaction(async (tx) => {
    const rows = await tx.query<{ id: number }>(
      'update projects set deleted_at = now() where owner_id = $1 and superseded_by = $2 and deleted_at is null returning id',
      [ownerId, current.id],
    )
    for (const row of rows) await enqueue(tx, { kind: 'purge-project', projectId: row.id })
    return rows.length > 0
  })
  if (removed) wakeWorker()
  return removed
}

export async function projectBytes(projectId: number): Promise<Uint8Array> {
  return storedFileBytes(await projectFileId(projectId))
}

export async function projectFileId(projectId: number): Promise<number> {
  const [file] = await db().query<{ fileId: number }>('select file_id as "fileId" from project_files where project_id = $1', [projectId])
  if (!file) throw new Error(`project ${projectId} has no file`)
  return file.fileId
}

/** True while anything about these projects is still changing (the file list keeps polling). */
export function isPending(project: Pick<ProjectSummary, 'status' | 'analysisStatus'>): boolean {
  if (project.status === 'FAILED') return false
  return project.status === 'WAITING' || !['DONE', 'EMPTY'].includes(project.analysisStatus)
}

/**
 * The signed-in user and the project named by the URL (requireUser, then requireProject), the project read in the same
 * round of statements as the session, not after it (issue 53: every translator request waited for the two in turn).
 * That read finds the session's user itself, from the cookie; its project is taken only when that is the user the
 * session check signed in, and otherwise (a program's token beside a cookie, no row) requireProject reads it again.
 */
export async function requireUserAndProject(
  request: Request,
  context: { requestScope?: object } | undefined,
  params: { projectId?: string; password?: string },
  keep?: KeepPosted,
): Promise<{ user: User; project: ProjectSummary }> {
  const early = projectOfSession(request, params).catch(() => undefined)
  const user = await requireUser(request, context, keep)
  const found = await early
  if (found?.viewerId !== user.id) return { user, project: await requireProject(user.id, params) }
  const { viewerId: _viewer, ...project } = found
  return { user, project }
}

async function projectOfSession(request: Request, params: { projectId?: string; password?: string }) {
  const id = rowId(params.projectId)
  const password = params.password
  if (id === undefined || !password || password.includes('\u0000')) return undefined
  const key = await sessionKey(request)
  if (key === undefined) return undefined
  const [project] = await db().query<ProjectSummary & { viewerId: number }>(
    `select ${summaryColumns('v.user_id')}, v.user_id as "viewerId"
       from sessions v join projects p on p.id = $2 join jobs j on j.project_id = p.id
      where v.id = $1 and v.expires_at > now() and ${accessibleBy('v.user_id')} and p.password = $3 and p.deleted_at is null`,
    [key, id, password],
  )
  return project
}

/** The project named by the URL when the signed-in user owns it or is its member, or a 404 for anyone else (STYLE: guards throw). */
export async function requireProject(
  userId: number,
  params: { projectId?: string; password?: string },
): Promise<ProjectSummary> {
  const id = rowId(params.projectId)
  const project = id !== undefined && params.password ? await findProject(userId, id, params.password) : undefined
  if (!project) throw new Response('Not found', { status: 404 })
  return project
}

/**
 * The files ticked in the file list's form (at most 100) that the user may see, split into the user's own and those
 * shared with them (issue 52: only the owner deletes or shares a file).
 */
export async function tickedProjects(userId: number, form: FormData): Promise<{ own: ProjectSummary[]; sharedWithMe: number }> {
  const ids = [...new Set(form.getAll('project').map((value) => rowId(value)))].slice(0, 100)
  const found = (await Promise.all(ids.map((id) => (id === undefined ? undefined : findProject(userId, id))))).filter(
    (project): project is ProjectSummary => project !== undefined,
  )
  const own = found.filter((project) => project.role === 'owner')
  return { own, sharedWithMe: found.length - own.length }
}

/** Issue 52: the same for managing the file (delete, rename, a new version, sharing): its owner only; a member gets a 403. */
export async function requireOwnProject(userId: number, params: { projectId?: string; password?: string }): Promise<ProjectSummary> {
  const project = await requireProject(userId, params)
  if (project.role !== 'owner') throw new Response('Forbidden', { status: 403 })
  return project
}

/** A download under the original file name: never shown inline, never cached by proxies. */
export function downloadResponse(bytes: Uint8Array | ReadableStream<Uint8Array>, name: string, mimeType = 'application/octet-stream'): Response {
  return new Response(bytes instanceof Uint8Array ? new Uint8Array(bytes) : bytes, {
    headers: { 'Content-Type': mimeType, 'Content-Disposition': attachment(name), 'Cache-Control': 'private, no-store' },
  })
}

/** Content-Disposition for a download under the original file name (RFC 6266 / 5987). */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}
