import { lastStatement, type Queryable } from '../db/database.server'
import type { QaWarning } from '../qa/qa-kinds'
import { db } from '../db/db.server'
import { MAX_SEGMENT_CHARACTERS } from '../segmentation'
import { parse } from '../tags'
import { MESSAGE_TYPE } from './comment-rules'
import type { Revision } from './revision'
import { FILTER_CONDITIONS, searchConditions, UNREVISED, type SegmentSearch } from './segment-search.server'
import type { CommentState } from './comments.server'
import { earlyQa, qaOfSave, sameQaInput, storedForSave, type EarlyQa, type StoredSegment } from './save-reads.server'
import { checkTarget, countedSeconds, type SaveType, type SegmentStatus, type TargetCheck } from './segment-rules'

export type { StoredSegment } from './save-reads.server'

/**
 * Segments of one project as the translator screen reads and saves them (SPEC §3 "Segment", §4, §7
 * "segments", "segments/translate", "segments/set-active", "segments/set-edit-time"). Every function takes a
 * project the caller already checked (requireProject), so ownership is settled before these run.
 */
export interface SegmentView {
  id: number
  position: number
  source: string
  target: string | null
  status: SegmentStatus
  saveType: SaveType | null
  saveMatch: number | null
  wordCount: number
  repetitionOf: number | null
  /** SPEC §2 number column: id − first id + 1; parts of a split segment add "-1", "-2"… (Matecat's way). */
  label: string
  /** Counts every change of the target or status (issue 50): the editor tells its own text from another change by it. */
  version: number
  /** Stored before segments were bounded, longer than MAX_SEGMENT_CHARACTERS: shown cut, not editable (issue 50). */
  oversized: boolean
  /** Issue 58: another segment of the file has the same source, tags included (read for a window only). */
  repeated?: boolean
  /** Issue 58: its unit has a length limit from the file (read for a window only). */
  limited?: boolean
  /** Issue 52 point 4: a reviewer's decision (null: not revised), and the translator's text the reviewer's edits are shown against. */
  revision: Revision | null
  revisionBase: string | null
}

type SegmentRow = Omit<SegmentView, 'label'> & { originId: number | null }

/**
 * Issue 50: a segment stored before segments were bounded (a 20 MB one, from a file with no sentence end) is shown cut
 * to MAX_SEGMENT_CHARACTERS and cannot be saved (saveSegment): a window and the API answer a bounded page.
 */
const viewColumns = `s.id, s.position,
  case when length(s.source) > ${MAX_SEGMENT_CHARACTERS} then left(s.source, ${MAX_SEGMENT_CHARACTERS}) else s.source end as source,
  case when length(s.target) > ${MAX_SEGMENT_CHARACTERS} then left(s.target, ${MAX_SEGMENT_CHARACTERS}) else s.target end as target,
  (length(s.source) > ${MAX_SEGMENT_CHARACTERS} or coalesce(length(s.target), 0) > ${MAX_SEGMENT_CHARACTERS}) as oversized,
  s.status, s.save_type as "saveType", s.save_match as "saveMatch",
  s.word_count as "wordCount", s.repetition_of as "repetitionOf", s.origin_id as "originId", s.version,
  s.revision, case when s.revision_base is distinct from s.target then s.revision_base end as "revisionBase"`

export type WindowAnchor = { center: number } | { before: number } | { after: number } | { first: true }

export interface SegmentWindow {
  segments: SegmentView[]
  /** Whether segments exist before the first / after the last one returned (SPEC §4 "loads more"). */
  hasBefore: boolean
  hasAfter: boolean
  /** The chat icon of each segment that has comments (SPEC §2 tools column). */
  commented: Record<number, CommentState>
}

/** The search and filter of a window (segment-search.server.ts), as the translator's address and the API name them. */
export { isSearchActive, type SegmentSearch } from './segment-search.server'

/**
 * SPEC §7 "segments" with center/before/after: `size` segments on each side of the centre (which is included),
 * or `size` segments before or after a segment. An unknown anchor falls back to the first segments (SPEC §4
 * "if the wanted segment is absent, the first is activated"). With a search, only matching segments count.
 * `ahead` (default `size`) replaces `size` after the centre and after an "after" anchor: the translator page shows
 * more of what comes next, where a translator is heading (issue 19: a dozen rows in view without JavaScript).
 *
 * One statement per window (PGlite costs about a millisecond a statement): the rows, their number labels and
 * their chat icons come together.
 */
export async function segmentWindow(projectId: number, anchor: WindowAnchor, size: number, search?: SegmentSearch, ahead = size): Promise<SegmentWindow> {
  const anchorId = 'first' in anchor ? undefined : 'center' in anchor ? anchor.center : 'before' in anchor ? anchor.before : anchor.after
  if (anchorId === undefined) return firstWindow(projectId, size + ahead + 1, search)
  // One row more than wanted on each side tells whether more exist there (SPEC §4 "loads more").
  const sides: WindowSide[] =
    'center' in anchor
      ? [
          { side: 'before', where: '<', limit: size + 1 },
          { side: 'after', where: '>=', limit: ahead + 2 },
        ]
      : 'before' in anchor
      ? [{ side: 'before', where: '<', limit: size + 1 }]
      : [{ side: 'after', where: '>', limit: ahead + 1 }]
  const rows = await windowRows(projectId, sides, search, anchorId)
  // No rows at all: either the anchor is not this project's (fall back to the first segments) or nothing
  // around it matches the search; only then is a second look needed.
  if (rows.length === 0 && (await positionOf(projectId, anchorId)) === undefined) return firstWindow(projectId, size + ahead + 1, search)
  const before = rows.filter((row) => row.side === 'before').reverse()
  const after = rows.filter((row) => row.side === 'after')
  if ('center' in anchor) {
    return windowOf([...before.slice(-size), ...after.slice(0, ahead + 1)], before.length > size, after.length > ahead + 1)
  }
  if ('before' in anchor) return windowOf(before.slice(-size), before.length > size, true)
  return windowOf(after.slice(0, ahead), true, after.length > ahead)
}

/** The file's first `rows` segments (no anchor, or one not of this project). */
async function firstWindow(projectId: number, rows: number, search: SegmentSearch | undefined): Promise<SegmentWindow> {
  const found = await windowRows(projectId, [{ side: 'after', where: '>', limit: rows + 1 }], search)
  return windowOf(found.slice(0, rows), false, found.length > rows)
}

interface WindowSide {
  side: 'before' | 'after'
  /** Compared with the anchor's position (or -1, before the first segment, without an anchor). */
  where: '<' | '>=' | '>'
  limit: number
}

type WindowRow = SegmentRow & {
  side: WindowSide['side']
  /** The segment's group (its origin): how many rows it has, and this row's place among them. */
  parts: number
  part: number
  /** The project's first segment, for numbers (SPEC §2). */
  first: number
  /** The type of the segment's last comment (SPEC §2 chat icon), if any. */
  lastComment: number | null
}

/**
 * The rows of each side, nearest first, with what their labels and chat icons need. A segment's group is its
 * origin (origin_id, or itself); its members are found through the primary key and segments_origin_idx, so a
 * window costs the same however large the project.
 */
function windowRows(projectId: number, sides: WindowSide[], search: SegmentSearch | undefined, anchorId?: number): Promise<WindowRow[]> {
  const anchored = anchorId !== undefined
  const filter = searchConditions(search, anchored ? 3 : 2)
  const anchor = anchored ? '(select a.position from segments a where a.project_id = $1 and a.id = $2)' : '-1'
  // The rows are picked by id and position alone, and their columns read for the rows picked only: without statistics
  // the planner may read every row on a side before sorting, and a window's text read for every one of them cost
  // 80 ms for 900 segments of 5,000 characters (issue 50).
  const picked = sides.map(
    ({ side, where, limit }) =>
      `(select s.id as picked_id, '${side}' as side from segments s
         where s.project_id = $1${filter.sql} and s.position ${where} ${anchor}
         order by s.position ${side === 'before' ? 'desc' : 'asc'} limit ${limit})`,
  )
  return db().query<WindowRow>(
    `with chosen as (${picked.join(' union all ')}),
     picked as (select ${viewColumns}, c.side, ${FILTER_CONDITIONS.repetitions} as repeated,
                       (select u.max_length is not null or u.line_length is not null from units u where u.id = s.unit_id) as limited
                  from chosen c join segments s on s.id = c.picked_id)
     select p.*,
            g.parts, g.part,
            (select f.id from segments f where f.project_id = $1 order by f.position limit 1) as first,
            (select c.message_type from comments c where c.project_id = $1 and c.segment_id = p.id order by c.id desc limit 1) as "lastComment"
       from picked p
       cross join lateral (
         select count(*)::int as parts, (count(*) filter (where m.position <= p.position))::int as part
           from segments m
          where m.project_id = $1 and (m.id = coalesce(p."originId", p.id) or m.origin_id = coalesce(p."originId", p.id))
            and coalesce(m.origin_id, m.id) = coalesce(p."originId", p.id)
       ) g
      order by p.side, case when p.side = 'before' then -p.position else p.position end`,
    [projectId, ...(anchored ? [anchorId] : []), ...filter.params],
  )
}

/** SPEC §2 number column: id − first id + 1; parts of a split segment add "-1", "-2"… (Matecat's way). */
function windowOf(rows: WindowRow[], hasBefore: boolean, hasAfter: boolean): SegmentWindow {
  const commented: Record<number, CommentState> = {}
  const segments = rows.map(({ originId, side: _side, parts, part, first, lastComment, ...row }) => {
    if (lastComment !== null) commented[row.id] = lastComment === MESSAGE_TYPE.resolved ? 'resolved' : 'open'
    const number = String((originId ?? row.id) - first + 1)
    return { ...row, label: parts > 1 ? `${number}-${part}` : number }
  })
  return { segments, hasBefore, hasAfter, commented }
}

/** SPEC §2 search results banner: how many segments match. */
export async function countMatches(projectId: number, search: SegmentSearch): Promise<number> {
  const filter = searchConditions(search, 2)
  const [row] = await db().query<{ count: number }>(`select count(*)::int as count from segments s where s.project_id = $1${filter.sql}`, [
    projectId,
    ...filter.params,
  ])
  return row?.count ?? 0
}

/** A segment's place in its file (`using`: a transaction's connection, when the caller holds one). */
export async function positionOf(projectId: number, segmentId: number, using: Queryable = db()): Promise<number | undefined> {
  const [row] = await using.query<{ position: number }>('select position from segments where project_id = $1 and id = $2', [projectId, segmentId])
  return row?.position
}

/**
 * SPEC §4 navigation: the nearest segment that is not confirmed, after or before this one. Issue 58: with a filter
 * the nearest segment the filter (and the search with it) shows instead, so next and previous stay inside it. Issue 52:
 * a page that revises goes to the nearest unrevised one.
 */
export async function nearestUnconfirmed(
  projectId: number,
  fromSegmentId: number,
  direction: 'next' | 'previous',
  search?: SegmentSearch,
  revising = false,
): Promise<number | undefined> {
  const position = await positionOf(projectId, fromSegmentId)
  if (position === undefined) return undefined
  const filter = search?.filter ? searchConditions(search, 3) : { sql: ` and ${revising ? UNREVISED : `s.status <> 'TRANSLATED'`}`, params: [] }
  const [row] = await db().query<{ id: number }>(
    direction === 'next'
      ? `select s.id from segments s where s.project_id = $1 and s.position > $2${filter.sql} order by s.position limit 1`
      : `select s.id from segments s where s.project_id = $1 and s.position < $2${filter.sql} order by s.position desc limit 1`,
    [projectId, position, ...filter.params],
  )
  return row?.id
}

export interface SegmentChange {
  /** Canonical tag string; empty clears. */
  target: string
  status: Exclude<SegmentStatus, 'NEW'>
  saveType: SaveType | null
  saveMatch: number | null
  /**
   * Issue 52: the segment's version the text was based on (what the page or caller was shown). A save based on a
   * version someone else has changed since is a conflict and not applied; without it a save applies as sent.
   */
  baseVersion?: number
}

/** Issue 52 point 3: how a change of a segment was made, as its history keeps it (migration 46). */
export type EditHow =
  | 'draft'
  | 'confirm'
  | 'clear'
  | 'propagated'
  | 'replace'
  | 'undo'
  | 'copy-source'
  | 'pretranslate-tm'
  | 'pretranslate-mt'
  | 'import'
  | 'split'
  | 'merge'
  | 'restore'
  | 'carried-over'
  | 'revise'
  | 'approve'
  | 'reject'

/** Issue 52: the segment as someone else left it since the version a refused save was based on. */
export interface Conflict {
  version: number
  target: string
  status: SegmentStatus
  /** Whose save made it so; null when unknown (a pretranslation, a replace, a new version's carry-over). */
  editedBy: string | null
}

/**
 * Issue 50: which editor page wrote (`writer`, made anew at each page load) and its step (`seq`, counting up). A
 * stamped write older than the last one the same page made of the segment is not applied: a draft delayed behind a
 * later confirm, clear or move no longer undoes it. Writes without a stamp (without JavaScript, the API) apply as sent.
 */
export interface WriteStamp {
  writer: string
  seq: number
}

/**
 * Work that shares a save's transaction. It sends its one statement at once when called (nothing awaited first): the
 * segment's write, sent right after it, is the transaction's last statement and commits it. `ready` settles once
 * what it reads beforehand has answered; the transaction begins after that.
 */
export interface TransactionStep {
  (tx: Queryable, stored: StoredSegment, change: SegmentChange): Promise<void>
  ready?: Promise<unknown>
}

export interface SaveOptions {
  /** After a confirm: make the nearest unconfirmed segment after this one the job's active segment. */
  moveOn?: 'next'
  stamp?: WriteStamp
  /** Issue 52: the account saving (named to a colleague whose save then conflicts), and how, for the segment's history. */
  editedBy?: number
  how?: EditHow
  /**
   * Runs in the save's transaction, beside its write, with the segment as stored (locked until the save commits):
   * issue 5's write-back, so that a failed TM write fails the save. Without it a save is one statement.
   */
  alsoInTransaction?: TransactionStep
  /** Issue 52 point 4: a reviewer's edit: the text changes, the status stays (a segment not yet translated becomes a draft). */
  keepStatus?: boolean
  /**
   * SPEC §4 "typing sets MANUAL": a confirm of the target already stored after choosing a TM or MT suggestion is
   * not typing, so that save type and match stay (the change's own are used otherwise).
   */
  keepChosenSaveType?: boolean
}

/**
 * A save that was taken: the segment's number (SPEC §2), its version and target after the save and, when asked, the
 * segment to go on to. `stale`: a later write of the same editor page was there first, and this one changed nothing
 * (the version and target are then the ones that later write left). `repeated`: another segment of the file has the
 * same source (issue 58: a confirm fills it).
 */
export type SavedSegment = { ok: true; number: number; version?: number; target?: string; next?: number; stale?: true; repeated?: true }

/**
 * SPEC §7 "segments/translate": saves a segment's target and status after checking its tags against the
 * source (SPEC §5); adds the editing time since the last save, bounded (SPEC §4). Nothing is written when the
 * tags are refused. With `moveOn` ('next', after a confirm) the job's last active segment becomes the nearest
 * unconfirmed one after it (SPEC §4 navigation, §7 "segments/set-active"), found in the same statement.
 */
export async function saveSegment(
  project: { id: number; jobId: number },
  segmentId: number,
  requested: SegmentChange,
  elapsedSeconds: number,
  { moveOn, alsoInTransaction, keepChosenSaveType, keepStatus, stamp, editedBy, how }: SaveOptions = {},
): Promise<
  SavedSegment | Exclude<TargetCheck, { ok: true }> | { ok: false; errors: [{ code: 'not-found' | 'segment-too-long' }] } | { ok: false; conflict: Conflict }
> {
  const attempt = async (using: Queryable, early?: EarlyQa) => {
    const stored = await storedForSave(using, project.id, segmentId, alsoInTransaction !== undefined)
    if (!stored) return { ok: false as const, errors: [{ code: 'not-found' as const }] as [{ code: 'not-found' }] }
    // A segment stored before segments were bounded is shown cut: a save of what was shown would cut it for good.
    if (stored.source.length > MAX_SEGMENT_CHARACTERS) return { ok: false as const, errors: [{ code: 'segment-too-long' as const }] as [{ code: 'segment-too-long' }] }
    if (isStale(stored, stamp)) return { ok: true as const, number: stored.number, version: stored.version, target: stored.target ?? '', stale: true as const }
    if (isConflict(stored, requested, stamp)) {
      const conflict = { version: stored.version, target: stored.target ?? '', status: stored.status, editedBy: stored.editedBy }
      return { ok: false as const, conflict }
    }
    const check: TargetCheck = requested.target === '' ? { ok: true, tokens: [] } : checkTarget(requested.target, parse(stored.source))
    if (!check.ok) return check
    const kept = keepStatus && stored.status !== 'NEW' ? { ...requested, status: stored.status } : requested
    const change = keepChosenSaveType ? withChosenSaveType(stored, kept) : kept
    const reuse = early !== undefined && sameQaInput(early, stored, change.target)
    const qa = change.target === '' ? null : reuse ? early.qa : await qaOfSave(using, project.id, stored, change.target)
    const edit = { editedBy, how: how ?? (change.target === '' ? 'clear' : change.status === 'TRANSLATED' ? 'confirm' : 'draft') } as const
    // Issue 53: the write-back and the segment's write are sent together, the write-back's first, not one after the
    // other's answer, and the write commits the transaction on the database thread — the transaction holds PGlite's one
    // session for every user until then. Either failing rolls back both, and a failed write-back is the error the save
    // fails with.
    const [, [saved]] = await Promise.all([
      alsoInTransaction?.(using, stored, change),
      writeSegment(using, project, segmentId, change, elapsedSeconds, moveOn, qa, stamp, edit),
    ])
    // Two writes of one page raced past the read above: the later step was written first, and this one was not.
    if (saved?.version === null || saved?.version === undefined) return { ok: true as const, number: stored.number, stale: true as const }
    const more = { ...(saved.next ? { next: saved.next } : {}), ...(stored.repeated ? { repeated: true as const } : {}) }
    return { ok: true as const, number: stored.number, version: saved.version, target: change.target, ...more }
  }
  // Work that must stand or fall with the save (the TM write-back) shares its transaction; without it the read and
  // the one writing statement need none (the write is its own transaction).
  if (!alsoInTransaction) return attempt(db())
  // Issue 53: on PGlite a transaction holds the database thread, everyone's statements waiting while it is open. The
  // QA check (a glossary read, term recognition, the spelling checker's answer) runs before it, from a read of its own,
  // and is kept when the segment read under the lock has the same source and limits.
  const [early] = await Promise.all([requested.target === '' ? undefined : earlyQa(project.id, segmentId, requested.target), alsoInTransaction.ready])
  return db().transaction((tx) => attempt(tx, early))
}

/**
 * Issue 52: the save was based on a version that someone else has changed since, to another text — another editor
 * page or account, a save without JavaScript, a pretranslation or a replace. The page's own writes in flight are not
 * someone else's: the version it was shown may be behind its own last write, which made the version stored.
 */
function isConflict(stored: StoredSegment, change: SegmentChange, stamp: WriteStamp | undefined): boolean {
  if (change.baseVersion === undefined || stored.version <= change.baseVersion) return false
  if ((stored.target ?? '') === change.target) return false
  const ownLastWrite = stamp !== undefined && stored.editWriter === stamp.writer && stored.editVersion === stored.version
  return !ownLastWrite
}

/** Issue 50: the same editor page has already written a later step of this segment. */
function isStale(stored: StoredSegment, stamp: WriteStamp | undefined): boolean {
  return stamp !== undefined && stored.editWriter === stamp.writer && stored.editSeq !== null && stored.editSeq >= stamp.seq
}

function withChosenSaveType(stored: StoredSegment, change: SegmentChange): SegmentChange {
  const chosen = stored.target === change.target && (stored.saveType === 'TM' || stored.saveType === 'MT')
  return chosen ? { ...change, saveType: stored.saveType, saveMatch: stored.saveMatch ?? 0 } : change
}

/**
 * One statement is one transaction: the segment and its job change together (every part of a WITH runs, read or
 * not). The search for the next segment sees the statuses from before the update, which changes only this
 * segment, and it looks after it.
 */
function writeSegment(
  using: Queryable,
  project: { id: number; jobId: number },
  segmentId: number,
  change: SegmentChange,
  elapsedSeconds: number,
  moveOn: 'next' | undefined,
  qa: QaWarning[] | null,
  stamp: WriteStamp | undefined,
  edit: { editedBy: number | undefined; how: EditHow },
) {
  const cleared = change.target === ''
  // Issue 50: a stamped write applies only when it is later than the last step its page wrote; an unstamped one
  // (no JavaScript, the API) always, leaving the stamp as it was. Issue 52: a translator's confirm, even of the same
  // text (an answer to a rejection), hands the segment back to revision.
  return lastStatement(using)<{ next: number | null; version: number | null }>(
    `with saved as (
       update segments set target = $3, status = $4, save_type = $5, save_match = $6, updated_at = now(), qa = $10::jsonb, edited_by = $13, edit_how = $14,
              revision = case when $14 = 'confirm' then null else revision end, revision_base = case when $14 = 'confirm' then null else revision_base end,
              edit_writer = coalesce($11, edit_writer), edit_seq = case when $11::text is null then edit_seq else $12::integer end
        where project_id = $1 and id = $2
          and ($11::text is null or edit_writer is distinct from $11 or edit_seq is null or edit_seq < $12::integer)
        returning position, version
     ), following as (
       select n.id from segments n
        where $9 and n.project_id = $1 and n.position > (select position from saved) and n.status <> 'TRANSLATED'
        order by n.position limit 1
     ), job as (
       update jobs set editing_time = editing_time + $7, last_segment_id = coalesce((select id from following), $2)
        where id = $8 and exists (select 1 from saved)
        returning id
     )
     select (select id from following) as next, (select version from saved) as version`,
    [
      project.id,
      segmentId,
      cleared ? null : change.target,
      change.status,
      cleared ? null : change.saveType,
      cleared ? null : change.saveMatch,
      countedSeconds(elapsedSeconds),
      project.jobId,
      moveOn === 'next',
      qa === null ? null : JSON.stringify(qa),
      stamp?.writer ?? null,
      stamp?.seq ?? null,
      edit.editedBy ?? null,
      edit.how,
    ],
  )
}

/**
 * SPEC §4 "Moving to a segment that is not done marks it draft and saves it": leaving a segment saves the text
 * the translator left in it as a draft when it differs from what is stored; an unchanged segment keeps its
 * status, save type and match.
 */
export async function leaveSegment(
  project: { id: number; jobId: number },
  segmentId: number,
  target: string,
  elapsedSeconds: number,
  { stamp, baseVersion, editedBy, revising = false }: { stamp?: WriteStamp; baseVersion?: number; editedBy?: number; revising?: boolean } = {},
) {
  const [row] = await db().query<{ target: string | null; oversized: boolean }>(
    `select target, length(source) > ${MAX_SEGMENT_CHARACTERS} as oversized from segments where project_id = $1 and id = $2`,
    [project.id, segmentId],
  )
  // An oversized segment (issue 50) is shown without an editor: leaving it changes nothing.
  if (!row || row.oversized || (row.target ?? '') === target) return { ok: true as const }
  // Issue 52: a reviewer's edit keeps the status (revising a confirmed segment does not make it a draft again).
  const edit = revising ? ({ keepStatus: true, how: 'revise' } as const) : {}
  return saveSegment(project, segmentId, { target, status: 'DRAFT', saveType: 'MANUAL', saveMatch: 0, baseVersion }, elapsedSeconds, { stamp, editedBy, ...edit })
}

/** SPEC §7 "segments/set-active": the last active segment is remembered per job. */
export async function setActiveSegment(project: { id: number; jobId: number }, segmentId: number): Promise<boolean> {
  const rows = await db().query(
    `update jobs set last_segment_id = $2 where id = $1
        and exists (select 1 from segments where project_id = $3 and id = $2) returning id`,
    [project.jobId, segmentId, project.id],
  )
  return rows.length > 0
}

/**
 * The next `count` segments (or units) of a project after position `after`, in document order, for walks over a whole
 * project (analysis, pretranslation, the translated download). Positions are consecutive (conversion, split and merge
 * keep them so), so the window is a bounded range of the (project, position) index: a plan that needs no table
 * statistics, which the embedded database never gathers on its own (with stale ones `order by … limit` read the whole
 * rest of the project each time). Should a gap ever appear, the walk steps over it.
 */
export async function rowsAfter<Row extends { position: number }>(
  table: 'segments' | 'units',
  projectId: number,
  after: number,
  count: number,
  columns: string,
): Promise<Row[]> {
  const rows = await db().query<Row>(
    `select position, ${columns} from ${table} where project_id = $1 and position > $2 and position <= $2 + $3 order by position`,
    [projectId, after, count],
  )
  if (rows.length > 0) return rows
  const [next] = await db().query<{ position: number | null }>(
    `select min(position) as position from ${table} where project_id = $1 and position > $2`,
    [projectId, after],
  )
  return next?.position === null || next === undefined ? [] : rowsAfter(table, projectId, next.position - 1, count, columns)
}

export function segmentsAfter<Row extends { position: number }>(projectId: number, after: number, count: number, columns: string): Promise<Row[]> {
  return rowsAfter('segments', projectId, after, count, columns)
}

/** Every row of a project's walk, a bounded batch at a time. */
export async function* allRows<Row extends { position: number }>(
  table: 'segments' | 'units',
  projectId: number,
  columns: string,
  batch = 2_000,
): AsyncGenerator<Row[]> {
  for (let after = -1; ; ) {
    const rows = await rowsAfter<Row>(table, projectId, after, batch, columns)
    if (rows.length === 0) return
    yield rows
    after = rows.at(-1)!.position
  }
}

/**
 * Issue 58 point 4: the sources of the segments before and after a segment in its file (undefined at the file's start
 * or end): the context a memory unit is written with and a context match is looked up by.
 */
export async function neighbourSources(using: Queryable, projectId: number, segmentId: number): Promise<{ previous?: string; next?: string }> {
  // The position as a scalar subquery, so that each side is one step down the project's position index (a join with
  // it made the planner sort the whole side: 27 ms at 50,000 segments).
  const at = '(select a.position from segments a where a.project_id = $1 and a.id = $2)'
  const [row] = await using.query<{ previous: string | null; next: string | null }>(
    `select (select s.source from segments s where s.project_id = $1 and s.position < ${at} order by s.position desc limit 1) as previous,
            (select s.source from segments s where s.project_id = $1 and s.position > ${at} order by s.position limit 1) as next`,
    [projectId, segmentId],
  )
  return { ...(row?.previous != null ? { previous: row.previous } : {}), ...(row?.next != null ? { next: row.next } : {}) }
}
