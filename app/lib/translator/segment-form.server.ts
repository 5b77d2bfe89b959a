import { data, redirect } from '@remix-run/node'
import { z } from 'zod'
import { rowIdSchema } from '../http/row-id.server'
import { saveTranslation } from '../projects/save-translation.server'
import type { SaveOptions, SegmentChange } from '../projects/segments.server'
import type { IntentContext } from './intent-context.server'

const segmentFormSchema = z.object({
  segmentId: rowIdSchema,
  target: z.string().max(100_000).default(''),
  source: z.string().max(100_000).default(''),
  renderedAt: z.coerce.number().default(0),
  /** Set by the browser's background draft saves: answer with data, do not redirect. */
  respond: z.literal('data').optional(),
})

/** The segment form's fields, and how the intents that save a segment answer. */
export interface SegmentForm {
  segmentId: number
  target: string
  source: string
  /** Seconds since the page was rendered: the editing time the save adds. */
  elapsed: number
  /** A background draft save: answer with data, not a redirect. */
  respond: boolean
  /** SPEC §5: refused (invalid tags), and the page shows the text as it was before. */
  refused: () => Promise<ReturnType<typeof data<{ ok: false; error: string }>>>
  /** Saves as saveTranslation does (TM write-back, MT feedback); a failed memory write keeps the text as a draft. */
  save: (
    change: SegmentChange,
    options?: Pick<SaveOptions, 'moveOn' | 'keepChosenSaveType'>,
  ) => Promise<Exclude<Awaited<ReturnType<typeof saveTranslation>>, { writeBackFailed: true }> | ReturnType<typeof data<{ ok: false; error: string }>>>
}

/** The posted segment form; a forged one goes back to the translator. */
export function segmentForm(context: IntentContext): SegmentForm {
  const parsed = segmentFormSchema.safeParse(context.fields)
  if (!parsed.success) throw redirect(context.base)
  const { segmentId, target, source, renderedAt } = parsed.data
  const respond = parsed.data.respond === 'data'
  const elapsed = renderedAt > 0 ? (Date.now() - renderedAt) / 1000 : 0
  const refusal = async (key: string, status: number) => {
    // A confirm gone ahead (confirm-ahead.ts) returns to the refused segment: its message waits for that page.
    if (respond) {
      const headers = context.intent === 'confirm' ? await context.flash({ kind: 'error', key }) : undefined
      return data({ ok: false as const, error: key }, { status, headers })
    }
    throw redirect(context.at(segmentId), { headers: await context.flash({ kind: 'error', key }) })
  }
  return {
    segmentId,
    target,
    source,
    elapsed,
    respond,
    refused: () => refusal('translate:errors.invalidTags', 422),
    save: async (change, options = {}) => {
      const saved = await saveTranslation(context.project, context.user, segmentId, change, elapsed, options)
      return 'writeBackFailed' in saved ? refusal('suggestions:errors.writeBack', 503) : saved
    },
  }
}
