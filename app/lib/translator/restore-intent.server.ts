import { redirect } from '@remix-run/node'
import { rowId } from '../http/row-id'
import { historyEntry } from '../projects/history.server'
import { saveTranslation } from '../projects/save-translation.server'
import type { IntentContext } from './intent-context.server'

/**
 * `restore:<history id>` (issue 52 point 3, the History tab): the segment's text as that version had it, saved again as
 * a draft to be confirmed — one change more in its history, nothing taken out of it. A version of another segment or
 * file is not found.
 */
export async function restoreIntent({ project, user, intent, fields, at, base, flash }: IntentContext): Promise<never> {
  const segmentId = rowId(fields.segmentId)
  const historyId = rowId(intent.slice('restore:'.length))
  const entry = segmentId !== undefined && historyId !== undefined ? await historyEntry(project.id, segmentId, historyId) : undefined
  if (segmentId === undefined || !entry) throw redirect(base, { headers: await flash({ kind: 'error', key: 'translate:history.notFound' }) })
  const saved = await saveTranslation(project, user, segmentId, { target: entry.target ?? '', status: 'DRAFT', saveType: 'MANUAL', saveMatch: 0 }, 0, { how: 'restore' })
  // A version from before a split or a merge may hold tags the segment no longer has.
  const message = saved.ok ? { kind: 'success' as const, key: 'translate:history.restored', values: { version: entry.version } } : { kind: 'error' as const, key: 'translate:history.notRestored' }
  throw redirect(at(segmentId), { headers: await flash(message) })
}
