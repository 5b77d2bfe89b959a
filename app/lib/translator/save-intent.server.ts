import { data, redirect } from '@remix-run/node'
import type { IntentContext } from './intent-context.server'
import { keepIssueNotes } from './revise-intent.server'
import { segmentForm } from './segment-form.server'

/**
 * `save-draft`, `confirm`, `clear`, `copy-source`: the segment saved as the form has it (SPEC §7 segments/translate's
 * function). A confirm goes on to the nearest unconfirmed segment (SPEC §4) and keeps a chosen TM/MT suggestion's save
 * type when its text is unchanged. Posted by the editor's script (`respond=data`, through the …_.save route: a draft,
 * a clear, a copy of the source, or a confirm gone ahead — segment-writes.ts) it answers with data: the version the
 * text became, and for a confirm the segment to go on to and its message for the next page.
 */
export async function saveIntent(context: IntentContext) {
  const { intent, at, flash } = context
  const { segmentId, target, source, respond, save, refused } = segmentForm(context)
  const confirm = intent === 'confirm'
  const saved = await save(
    { target: intent === 'clear' ? '' : intent === 'copy-source' ? source : target, status: confirm ? 'TRANSLATED' : 'DRAFT', saveType: 'MANUAL', saveMatch: 0 },
    // Issue 52 point 4: a reviewer's edits keep the status (a revising page's confirm is an approval: revise-intent).
    { moveOn: confirm ? 'next' : undefined, keepChosenSaveType: confirm, ...(context.revising && !confirm ? { keepStatus: true, how: 'revise' as const } : {}) },
  )
  if ('data' in saved) return saved
  if (!saved.ok) return refused()
  // Issue 52 point 4: answers to a reviewer's issues written before the confirm are kept with it.
  if (confirm) await keepIssueNotes(context, segmentId)
  // Issue 58: a confirm that filled repetitions says how many.
  const propagated = saved.propagated ?? []
  const key = !confirm ? 'translate:saved' : propagated.length > 0 ? 'translate:confirmedPropagated' : 'translate:confirmed'
  const message = () => flash({ kind: 'success', key, values: propagated.length > 0 ? { number: saved.number, count: propagated.length } : { number: saved.number } })
  // The editor's writes (segment-writes.ts) learn the version their text became, or that a later one of theirs was first.
  const written = { ok: true as const, savedAt: Date.now(), version: saved.version ?? null, target: saved.target ?? null, stale: saved.stale === true }
  if (respond && confirm) return data({ ...written, next: saved.next ?? segmentId, propagated }, { headers: await message() })
  if (respond) return data(written)
  throw redirect(at(confirm ? (saved.next ?? segmentId) : segmentId), { headers: await message() })
}
