import { data, redirect } from '@remix-run/node'
import type { IntentContext } from './intent-context.server'
import { segmentForm } from './segment-form.server'

/**
 * `save-draft`, `confirm`, `clear`, `copy-source`: the segment saved as the form has it (SPEC §7 segments/translate's
 * function). A confirm goes on to the nearest unconfirmed segment (SPEC §4) and keeps a chosen TM/MT suggestion's save
 * type when its text is unchanged. Posted by the browser's script (`respond=data`: a background draft save, or a confirm
 * gone ahead, see confirm-ahead.ts) it answers with data; a confirm's carries the segment to go on to, and its
 * message for the next page.
 */
export async function saveIntent(context: IntentContext) {
  const { intent, at, flash } = context
  const { segmentId, target, source, respond, save, refused } = segmentForm(context)
  const confirm = intent === 'confirm'
  const saved = await save(
    { target: intent === 'clear' ? '' : intent === 'copy-source' ? source : target, status: confirm ? 'TRANSLATED' : 'DRAFT', saveType: 'MANUAL', saveMatch: 0 },
    { moveOn: confirm ? 'next' : undefined, keepChosenSaveType: confirm },
  )
  if ('data' in saved) return saved
  if (!saved.ok) return refused()
  const message = () => flash({ kind: 'success', key: confirm ? 'translate:confirmed' : 'translate:saved', values: { number: saved.number } })
  if (respond && confirm) return data({ ok: true as const, savedAt: Date.now(), next: saved.next ?? segmentId }, { headers: await message() })
  if (respond) return data({ ok: true as const, savedAt: Date.now() })
  throw redirect(at(confirm ? (saved.next ?? segmentId) : segmentId), { headers: await message() })
}
