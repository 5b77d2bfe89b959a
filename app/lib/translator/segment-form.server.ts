import { data, redirect } from '@remix-run/node'
import { z } from 'zod'
import { rowIdSchema } from '../http/row-id.server'
import { saveTranslation } from '../projects/save-translation.server'
import type { Conflict, SaveOptions, SegmentChange, WriteStamp } from '../projects/segments.server'
import type { IntentContext } from './intent-context.server'

const segmentFormSchema = z.object({
  segmentId: rowIdSchema,
  target: z.string().max(100_000).default(''),
  source: z.string().max(100_000).default(''),
  renderedAt: z.coerce.number().default(0),
  /** Set by the browser's editor (segment-writes.ts, through the …_.save route): answer with data, do not redirect. */
  respond: z.literal('data').optional(),
  /** Issue 50: the editor page that wrote, and its step (WriteStamp); both or neither (empty without JavaScript). */
  writer: z.union([z.literal(''), z.string().regex(/^[A-Za-z0-9-]{8,64}$/)]).optional(),
  seq: z.union([z.literal(''), z.string().regex(/^\d{1,9}$/)]).optional(),
  /** Issue 52: the segment's version the text was based on (the page's, or the editor's last answered write). */
  version: z.union([z.literal(''), z.string().regex(/^\d{1,9}$/)]).optional(),
})

/** Issue 52: what a save refused for a colleague's change answers: theirs, and the text the translator sent (mine). */
export type ConflictAnswer = { ok: false; conflict: Conflict & { segmentId: number; mine: string } }

/** The segment form's fields, and how the intents that save a segment answer. */
export interface SegmentForm {
  segmentId: number
  target: string
  source: string
  /** Seconds since the page was rendered: the editing time the save adds. */
  elapsed: number
  /** The editor page's write stamp, when the editor sent one (issue 50). */
  stamp?: WriteStamp
  /** Issue 52: the version the text was based on, when the form says. */
  baseVersion?: number
  /** A background draft save: answer with data, not a redirect. */
  respond: boolean
  /** SPEC §5: refused (invalid tags), and the page shows the text as it was before. */
  refused: () => Promise<ReturnType<typeof data<{ ok: false; error: string }>>>
  /** Saves as saveTranslation does (TM write-back, MT feedback); a failed memory write keeps the text as a draft. */
  save: (
    change: SegmentChange,
    options?: Pick<SaveOptions, 'moveOn' | 'keepChosenSaveType' | 'keepStatus' | 'how'>,
  ) => Promise<
    | Exclude<Awaited<ReturnType<typeof saveTranslation>>, { writeBackFailed: true } | { conflict: Conflict }>
    | ReturnType<typeof data<{ ok: false; error: string }>>
    | ReturnType<typeof data<ConflictAnswer>>
  >
  /** Issue 52: the answer to a save a colleague's change refused: with both texts, to the editor (409) or the page. */
  conflicted: (conflict: Conflict) => ReturnType<typeof data<ConflictAnswer>>
}

/** The posted segment form; a forged one goes back to the translator. */
export function segmentForm(context: IntentContext): SegmentForm {
  const parsed = segmentFormSchema.safeParse(context.fields)
  if (!parsed.success) throw redirect(context.base)
  const { segmentId, target, source, renderedAt, writer, seq, version } = parsed.data
  const stamp = writer && seq ? { writer, seq: Number(seq) } : undefined
  const respond = parsed.data.respond === 'data'
  const elapsed = renderedAt > 0 ? (Date.now() - renderedAt) / 1000 : 0
  const baseVersion = version ? Number(version) : undefined
  // Without JavaScript the page comes back with both texts (the editor holds the translator's, the version theirs, so
  // that saving again keeps it); with it the editor shows them (segment-writes.ts).
  const conflicted = (conflict: Conflict) => data<ConflictAnswer>({ ok: false, conflict: { ...conflict, segmentId, mine: target } }, { status: 409 })
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
    stamp,
    baseVersion,
    respond,
    conflicted,
    refused: () => refusal('translate:errors.invalidTags', 422),
    save: async (change, options = {}) => {
      const saved = await saveTranslation(context.project, context.user, segmentId, { baseVersion, ...change }, elapsed, { ...options, stamp })
      if ('conflict' in saved) return conflicted(saved.conflict)
      return 'writeBackFailed' in saved ? refusal('suggestions:errors.writeBack', 503) : saved
    },
  }
}
