import { requireApiUser } from '../auth/session.server'
import { rowId } from '../http/row-id'
import { getFixedT } from '../i18n/i18n.server'
import { runCommentIntent, type CommentProblem, type CommentView } from './comments.server'
import { projectOfSegment } from './projects.server'
import { apiRefusal } from './status-calls.server'

/** SPEC §3 "Comment" as the API answers it; `timestamp` in seconds, as the file list's createTimestamp. */
export function commentJson(comment: CommentView) {
  return {
    id: comment.id,
    segmentId: comment.segmentId,
    messageType: comment.messageType,
    message: comment.message,
    fullName: comment.fullName,
    threadId: comment.threadId,
    timestamp: Math.floor(new Date(comment.createdAt).getTime() / 1000),
  }
}

const problems: Record<CommentProblem, { code: string; key: string }> = {
  empty: { code: 'EmptyComment', key: 'comments:errors.empty' },
  'too-long': { code: 'CommentTooLong', key: 'comments:errors.tooLong' },
  'nothing-to-resolve': { code: 'NothingToResolve', key: 'comments:errors.nothingToResolve' },
  'save-failed': { code: 'CommentNotSaved', key: 'comments:errors.saveFailed' },
}

/**
 * SPEC §7 comments/add (segmentId, message → the new comment) and comments/resolve (segmentId → the resolved marker,
 * messageType 2): the translator's own comment function behind a JSON call. A segment of another user's file is 404.
 */
export async function commentCall(request: Request, intent: 'comment-add' | 'comment-resolve'): Promise<Response> {
  const user = await requireApiUser(request)
  const form = await request.formData().catch(() => new FormData())
  const segmentId = rowId(form.get('segmentId'))
  const project = segmentId === undefined ? undefined : await projectOfSegment(user.id, segmentId)
  if (!project || segmentId === undefined) return apiRefusal(request, 404, 'NotFound', 'api.notFound')
  const outcome = await runCommentIntent(project, user, intent, segmentId, String(form.get('message') ?? ''))
  if (outcome.ok) return Response.json(commentJson(outcome.comment))
  const { code, key } = problems[outcome.problem]
  const t = await getFixedT(request, 'comments')
  return Response.json({ errors: [{ code, message: t(key, { count: outcome.max }) }] }, { status: outcome.status })
}
