import { data, redirect } from '@remix-run/node'
import type { IntentContext } from './intent-context.server'
import { segmentForm } from './segment-form.server'

/**
 * `save-draft`, `confirm`, `clear`, `copy-source`: the segment saved as the form has it (SPEC §7 segments/translate's
 * function). A confirm goes on to the nearest unconfirmed segment (SPEC §4) and keeps a chosen TM/MT suggestion's save
 * type when its text is unchanged; a background draft save (`respond=data`) answers with data.
 */
export async function saveIntent(context: IntentContext) {
  const { intent, at, flash } = context
  const { segmentId, target, source, respond, save, refused } = segmentForm(context)
  const confirm = intent === 'confirm'
  const saved = await save(
    { target: intent === 'clear' ? '' : intent === 'copy-source' ? source : target, status: confirm ? 'TRANSLATED' : 'DRAFT', saveType: 'MANUAL', saveMatch: 0 },
    { moveOn: confirm && !respond ? 'next' : undefined, keepChosenSaveType: confirm },
  )
  if ('data' in saved) return saved
  if (!saved.ok) return refused()
  if (respond) return data({ ok: true as const, savedAt: Date.now() })
  throw redirect(at(confirm ? (saved.next ?? segmentId) : segmentId), {
    headers: await flash({ kind: 'success', key: confirm ? 'translate:confirmed' : 'translate:saved', values: { number: saved.number } }),
  })
}
