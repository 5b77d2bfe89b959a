import { getFixedT } from '../i18n/i18n.server'
import { type CommentProblem, type CommentView, runCommentIntent } from '../projects/comments.server'
import { answer } from './call'
import { commentCalls } from './comments'
import { segmentCall } from './read-fields.server'

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
export function commentCall(request: Request, intent: 'comment-add' | 'comment-resolve'): Promise<Response> {
  const call = intent === 'comment-add' ? commentCalls.addComment : commentCalls.resolveComments
  return segmentCall(request, call, async (project, segmentId, fields, user) => {
    const message = 'message' in fields ? String(fields.message) : ''
    const outcome = await runCommentIntent(project, user, intent, segmentId, message)
    if (outcome.ok) return answer(call, commentJson(outcome.comment))
    const { code, key } = problems[outcome.problem]
    const t = await getFixedT(request, 'comments')
    return Response.json({ errors: [{ code, message: t(key, { count: outcome.max }) }] }, { status: outcome.status })
  })
}
