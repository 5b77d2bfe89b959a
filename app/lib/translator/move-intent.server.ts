import { redirect } from '@remix-run/node'
import { readPlace } from '../projects/translator-url'
import { leaveSegment, nearestUnconfirmed, setActiveSegment } from '../projects/segments.server'
import type { IntentContext } from './intent-context.server'
import { keepIssueNotes } from './revise-intent.server'
import { segmentForm } from './segment-form.server'

/**
 * `next`, `previous`, `move:<id>`: SPEC §4 — moving away from a segment that is not done saves it as a draft; the
 * segment moved to becomes the job's last active one.
 */
export async function moveIntent(context: IntentContext) {
  const { project, intent, fields } = context
  const { segmentId, target, elapsed, stamp, baseVersion, refused, conflicted } = segmentForm(context)
  const { revising } = context
  const left = await leaveSegment(project, segmentId, target, elapsed, { stamp, baseVersion, editedBy: context.user.id, revising })
  // Issue 52: a colleague changed the segment meanwhile: the translator stays on it and chooses.
  if (!left.ok && 'conflict' in left) return conflicted(left.conflict)
  if (!left.ok) return refused()
  await keepIssueNotes(context, segmentId)
  const wanted = intent.startsWith('move:') ? Number(intent.slice('move:'.length)) : await nearestUnconfirmed(project.id, segmentId, intent as 'next' | 'previous', readPlace(new URLSearchParams(fields)).search, revising)
  throw redirect(context.at(wanted && (await setActiveSegment(project, wanted)) ? wanted : segmentId))
}
