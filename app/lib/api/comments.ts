import { z } from 'zod/v4'
import { call, seconds, segmentId } from './call'

/** SPEC §7's comments group. */

export const commentAnswer = z.object({
  id: z.number().int(),
  segmentId: z.number().int(),
  messageType: z.union([z.literal(1), z.literal(2)]).meta({ description: '1 a comment, 2 the resolved marker (its message is empty).' }),
  message: z.string(),
  fullName: z.string(),
  threadId: z.number().int(),
  timestamp: seconds,
})

export const commentCalls = {
  addComment: call({
    method: 'post',
    path: '/comments/add',
    operationId: 'addComment',
    tag: 'Comments',
    summary: 'Comment on a segment; answers the new comment.',
    body: 'form',
    fields: z.object({ segmentId, message: z.string().default('').meta({ description: '1–750 characters, trimmed.' }) }),
    answer: commentAnswer,
    refusals: { 400: ['EmptyComment', 'CommentTooLong'], 404: ['NotFound'], 503: ['CommentNotSaved'] },
  }),
  resolveComments: call({
    method: 'post',
    path: '/comments/resolve',
    operationId: 'resolveComments',
    tag: 'Comments',
    summary: "Resolve the segment's open thread; answers the resolved marker (messageType 2).",
    body: 'form',
    fields: z.object({ segmentId }),
    answer: commentAnswer,
    refusals: { 404: ['NotFound'], 409: ['NothingToResolve'], 503: ['CommentNotSaved'] },
  }),
}
