import { redirect } from '@remix-run/node'
import { z } from 'zod'
import { setFlash } from '../http/flash.server'
import { mergeSegment, splitSegment, splitSegmentAfterWord, type SplitMergeRefusal } from './split-merge.server'
import { rowIdSchema } from '../http/row-id.server'

/**
 * The translator form's "split" and "merge" intents (issue "Ctrl+S split and Ctrl+J merge"). Without
 * JavaScript the split point is the word number typed into the field ("split after word N"); the editor's
 * Ctrl+S sends the caret instead, as a plain-text offset (splitAt), or, with the caret in the translation, its offset
 * there (splitTargetAt; issue 51). Both end in a redirect to the first
 * resulting segment, refusals with a flash message.
 */
const optionalCount = z.preprocess((value) => (value === '' || value === undefined ? undefined : value), z.coerce.number().int().positive().optional())

const splitMergeSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('split'), segmentId: rowIdSchema, splitAfterWord: optionalCount, splitAt: optionalCount, splitTargetAt: optionalCount }),
  z.object({ intent: z.literal('merge'), segmentId: rowIdSchema }),
])

const messageKeys: Record<SplitMergeRefusal | 'no-position', string> = {
  'not-found': 'notFound',
  'bad-offset': 'badPosition',
  'bad-word': 'badPosition',
  'no-position': 'noPosition',
  'empty-part': 'emptyPart',
  'inside-tag-pair': 'insideTagPair',
  'target-inside-tag-pair': 'insideTagPair',
  'target-tags': 'targetTags',
  'no-next': 'noNext',
  'other-unit': 'otherUnit',
  'target-not-sentence-end': 'targetNotSentenceEnd',
  'sentences-differ': 'sentencesDiffer',
}

export function isSplitMergeIntent(intent: unknown): intent is 'split' | 'merge' {
  return intent === 'split' || intent === 'merge'
}

export async function splitOrMerge(
  project: { id: number; sourceLang: string },
  fields: Record<string, unknown>,
  request: Request,
  /** The translator address of a segment (keeping the search and the open tab). */
  at: (segmentId?: number) => string,
): Promise<never> {
  const parsed = splitMergeSchema.safeParse(fields)
  if (!parsed.success) throw redirect(at())
  const form = parsed.data
  const result =
    form.intent === 'merge'
      ? await mergeSegment(project, form.segmentId)
      : form.splitAt !== undefined
        ? await splitSegment(project, form.segmentId, form.splitAt)
        : form.splitTargetAt !== undefined
          ? await splitSegment(project, form.segmentId, undefined, form.splitTargetAt)
          : form.splitAfterWord !== undefined
            ? await splitSegmentAfterWord(project, form.segmentId, form.splitAfterWord)
            : ({ ok: false, code: 'no-position' } as const)
  if (result.ok) throw redirect(at(result.segmentId))
  const key = `translate:split.errors.${messageKeys[result.code]}`
  throw redirect(at(form.segmentId), { headers: { 'Set-Cookie': await setFlash({ kind: 'error', key }, request) } })
}
