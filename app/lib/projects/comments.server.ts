import { data, redirect } from '@remix-run/node'
import { z } from 'zod'
import type { Queryable } from '../db/database.server'
import { db } from '../db/db.server'
import { checkComment, MESSAGE_TYPE, type CommentError } from './comment-rules'
import { rowIdSchema } from '../http/row-id.server'

/**
 * Segment comments (SPEC §3 "Comment", §7 "comments/add" and "comments/resolve"). Every query filters by the
 * project the caller already checked (requireProject), so a segment of another project is simply not found.
 *
 * Threads: a segment's comments form threads closed by a resolved marker (message type 2). A comment that
 * follows a marker, or is the segment's first, opens a new thread whose id is that comment's id; later
 * comments and the marker that closes it carry the same thread id. So a segment has at most one open thread,
 * and "Resolve all" closes it.
 */
export interface CommentView {
  id: number
  segmentId: number
  /** SPEC §3: 1 a comment, 2 the resolved marker (its message is empty). */
  messageType: 1 | 2
  fullName: string
  message: string
  threadId: number
  /** ISO 8601. */
  createdAt: string
}

/** What the segment list's chat icon shows: the segment's last thread is open or resolved. */
export type CommentState = 'open' | 'resolved'

type ProjectRef = { id: number }
type Author = { id: number; name: string }

const viewColumns = `id, segment_id as "segmentId", message_type as "messageType", full_name as "fullName", message,
  thread_id as "threadId", created_at as "createdAt"`

type CommentRow = Omit<CommentView, 'createdAt'> & { createdAt: Date | string }

function toView(row: CommentRow): CommentView {
  return { ...row, createdAt: new Date(row.createdAt).toISOString() }
}

export async function listComments(project: ProjectRef, segmentId: number): Promise<CommentView[]> {
  const rows = await db().query<CommentRow>(`select ${viewColumns} from comments where project_id = $1 and segment_id = $2 order by id`, [
    project.id,
    segmentId,
  ])
  return rows.map(toView)
}

/** The comments of several segments at once, in order (the segments call of the API). */
export async function listCommentsOf(project: ProjectRef, segmentIds: readonly number[]): Promise<CommentView[]> {
  if (segmentIds.length === 0) return []
  const rows = await db().query<CommentRow>(`select ${viewColumns} from comments where project_id = $1 and segment_id = any($2::int[]) order by id`, [
    project.id,
    segmentIds,
  ])
  return rows.map(toView)
}

export type CommentResult<Code extends string = never> =
  | { ok: true; comment: CommentView }
  | { ok: false; errors: (CommentError | { code: 'not-found' } | { code: Code })[] }

/** SPEC §7 "comments/add": the trimmed message (SPEC §5: not empty, at most 750 characters) joins the open thread. */
export async function addComment(project: ProjectRef, segmentId: number, author: Author, message: string): Promise<CommentResult> {
  const check = checkComment(message)
  if (!check.ok) return check
  return db().transaction(async (tx) => {
    if (!(await lockSegment(tx, project, segmentId))) return { ok: false, errors: [{ code: 'not-found' }] }
    const open = await openThread(tx, project, segmentId)
    const comment = await insertComment(tx, project, segmentId, author, MESSAGE_TYPE.comment, check.message, open)
    return { ok: true, comment }
  })
}

/**
 * SPEC §7 "comments/resolve": adds the resolved marker that closes the segment's open thread. Refused
 * ('nothing-to-resolve') when no comment is unresolved, so markers never pile up on a resolved segment.
 */
export async function resolveComments(project: ProjectRef, segmentId: number, author: Author): Promise<CommentResult<'nothing-to-resolve'>> {
  return db().transaction(async (tx) => {
    if (!(await lockSegment(tx, project, segmentId))) return { ok: false, errors: [{ code: 'not-found' as const }] }
    const open = await openThread(tx, project, segmentId)
    if (open === undefined) return { ok: false, errors: [{ code: 'nothing-to-resolve' as const }] }
    const comment = await insertComment(tx, project, segmentId, author, MESSAGE_TYPE.resolved, '', open)
    return { ok: true, comment }
  })
}

/** For the chat icon (SPEC §2 tools column): which of these segments have comments, and whether resolved. */
export async function commentedSegments(projectId: number, segmentIds: number[]): Promise<Record<number, CommentState>> {
  if (segmentIds.length === 0) return {}
  const rows = await db().query<{ segmentId: number; messageType: number }>(
    `select distinct on (segment_id) segment_id as "segmentId", message_type as "messageType"
       from comments where project_id = $1 and segment_id = any($2::int[])
      order by segment_id, id desc`,
    [projectId, segmentIds],
  )
  return Object.fromEntries(rows.map((row) => [row.segmentId, row.messageType === MESSAGE_TYPE.resolved ? 'resolved' : 'open']))
}

/** Checks the segment is the project's and holds its row, so two comments added at once agree on the thread. */
async function lockSegment(tx: Queryable, project: ProjectRef, segmentId: number): Promise<boolean> {
  const rows = await tx.query('select id from segments where project_id = $1 and id = $2 for update', [project.id, segmentId])
  return rows.length > 0
}

/** The thread id of the segment's open thread, if its last entry is a comment rather than a resolved marker. */
async function openThread(tx: Queryable, project: ProjectRef, segmentId: number): Promise<number | undefined> {
  const [last] = await tx.query<{ messageType: number; threadId: number }>(
    `select message_type as "messageType", thread_id as "threadId" from comments
      where project_id = $1 and segment_id = $2 order by id desc limit 1`,
    [project.id, segmentId],
  )
  return last?.messageType === MESSAGE_TYPE.comment ? last.threadId : undefined
}

async function insertComment(
  tx: Queryable,
  project: ProjectRef,
  segmentId: number,
  author: Author,
  messageType: number,
  message: string,
  threadId: number | undefined,
): Promise<CommentView> {
  const [inserted] = await tx.query<CommentRow>(
    `insert into comments (project_id, segment_id, user_id, full_name, message, message_type, thread_id)
     values ($1, $2, $3, $4, $5, $6, $7) returning ${viewColumns}`,
    [project.id, segmentId, author.id, author.name, message, messageType, threadId ?? null],
  )
  if (threadId !== undefined) return toView(inserted!)
  // The first comment of a thread names it.
  const [named] = await tx.query<CommentRow>(`update comments set thread_id = id where id = $1 returning ${viewColumns}`, [inserted!.id])
  return toView(named!)
}

/** What the route's action answers for a comment intent; codes become SPEC §5/§8 texts in the panel. */
export type CommentProblem = 'empty' | 'too-long' | 'save-failed' | 'nothing-to-resolve'

export interface CommentAnswer {
  comments:
    | { ok: true; intent: 'comment-add' | 'comment-resolve'; segmentId: number; comment: CommentView }
    | { ok: false; intent: 'comment-add' | 'comment-resolve'; segmentId: number; problem: CommentProblem; max?: number; message: string }
}

export const COMMENT_INTENTS = ['comment-add', 'comment-resolve'] as const

const commentForm = z.object({
  intent: z.enum(COMMENT_INTENTS),
  segmentId: rowIdSchema,
  message: z.string().default(''),
  /** Sent by the enhanced (JavaScript) form: answer with data instead of redirecting, so the page stays put. */
  reply: z.literal('data').optional(),
})

/**
 * The translator route's comment intents. Without JavaScript a success redirects back to the segment's
 * comments (post/redirect/get); a refusal answers data, so the page shows the message and keeps the typed text.
 */
export async function commentAction(
  project: ProjectRef & { password: string },
  author: Author,
  formData: FormData,
): Promise<ReturnType<typeof data<CommentAnswer>>> {
  const parsed = commentForm.safeParse(Object.fromEntries(formData))
  const typed = String(formData.get('message') ?? '')
  const intent = formData.get('intent') === 'comment-resolve' ? 'comment-resolve' : 'comment-add'
  if (!parsed.success) return refusal(intent, 0, 'save-failed', typed, 400)
  const { segmentId, message, reply } = parsed.data
  const outcome = await runCommentIntent(project, author, intent, segmentId, message)
  if (!outcome.ok) return refusal(intent, segmentId, outcome.problem, typed, outcome.status, outcome.max)
  if (reply === 'data') return data({ comments: { ok: true, intent, segmentId, comment: outcome.comment } })
  throw redirect(`/translate/${project.id}/${project.password}?segment=${segmentId}&panel=comments#comments`)
}

export type CommentOutcome = { ok: true; comment: CommentView } | { ok: false; problem: CommentProblem; status: number; max?: number }

/**
 * comments/add or comments/resolve for the translator's forms and for the API (issue 16): one function. A refusal
 * carries its problem (SPEC §5/§8 texts) and HTTP status; a database failure is "save-failed", never thrown.
 */
export async function runCommentIntent(
  project: ProjectRef,
  author: Author,
  intent: 'comment-add' | 'comment-resolve',
  segmentId: number,
  message: string,
): Promise<CommentOutcome> {
  let result: CommentResult<'nothing-to-resolve'>
  try {
    result = intent === 'comment-add' ? await addComment(project, segmentId, author, message) : await resolveComments(project, segmentId, author)
  } catch (error) {
    // SPEC §8 "Failed to save the comment": the database did not take it; the typed text stays in the form.
    console.error('comment not saved', error)
    return { ok: false, problem: 'save-failed', status: 500 }
  }
  if (result.ok) return result
  const [problem] = result.errors
  if (problem?.code === 'empty') return { ok: false, problem: 'empty', status: 400 }
  if (problem?.code === 'too-long') return { ok: false, problem: 'too-long', status: 400, max: problem.max }
  if (problem?.code === 'nothing-to-resolve') return { ok: false, problem: 'nothing-to-resolve', status: 409 }
  // SPEC §8: no comment came back (the segment is not this project's).
  return { ok: false, problem: 'save-failed', status: 404 }
}

function refusal(intent: 'comment-add' | 'comment-resolve', segmentId: number, problem: CommentProblem, message: string, status: number, max?: number) {
  return data<CommentAnswer>({ comments: { ok: false, intent, segmentId, problem, message, ...(max ? { max } : {}) } }, { status })
}
