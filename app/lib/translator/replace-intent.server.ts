import { redirect } from '@remix-run/node'
import { rowId } from '../http/row-id'
import { copySourceToEmpty, findNext, replaceAll, replaceNext, undoReplace } from '../projects/replace.server'
import { placeHref, readPlace } from '../projects/translator-url'
import type { IntentContext } from './intent-context.server'

/** Issue 58's intents of the find-and-replace menu. */
export const REPLACE_INTENTS = ['find-next', 'replace-one', 'replace-preview', 'replace-all', 'replace-undo', 'copy-source-all'] as const

export function isReplaceIntent(intent: string): intent is (typeof REPLACE_INTENTS)[number] {
  return (REPLACE_INTENTS as readonly string[]).includes(intent)
}

/**
 * The find-and-replace menu (issue 58), each intent a page of its own so that it works without JavaScript: Find next
 * goes to the next segment whose translation holds the text; Replace changes the first match from the active segment
 * on and goes to the next; "Replace all…" shows which segments would change, and Replace all changes them, undone as
 * one step by Undo. The query stays in the address, so the menu stays open with it.
 */
export async function replaceIntent(context: IntentContext): Promise<never> {
  const { project, user, intent, fields, base, flash } = context
  const place = readPlace(new URLSearchParams(fields))
  const query = place.replace
  const activeId = rowId(fields.segmentId)
  const back = (segmentId: number | undefined, preview = false) =>
    placeHref(base, { ...place, segment: segmentId ?? activeId, replace: query && { ...query, preview } })
  if (intent === 'replace-undo') {
    const restored = await undoReplace(project, user, rowId(fields.batchId) ?? 0)
    const undone = `translate:${restored?.kind === 'copy-source' ? 'copySourceAll' : 'replace'}.${restored?.running ? 'undoStarted' : 'undone'}`
    const message = restored === undefined ? { kind: 'error' as const, key: 'translate:replace.undoGone' } : { kind: 'success' as const, key: undone, values: { count: restored.count } }
    throw redirect(back(activeId), { headers: await flash(message) })
  }
  if (intent === 'copy-source-all') {
    const copied = await copySourceToEmpty(project, user)
    throw redirect(back(activeId), { headers: await flash({ kind: 'success', key: 'translate:copySourceAll.done', values: { count: copied.changed } }) })
  }
  if (!query) throw redirect(back(activeId), { headers: await flash({ kind: 'error', key: 'translate:replace.noFind' }) })
  if (intent === 'replace-preview') throw redirect(back(activeId, true))
  if (intent === 'replace-all') {
    const result = await replaceAll(project, user, query, false)
    const key = result.running ? 'translate:replace.started' : 'translate:replace.replacedAll'
    throw redirect(back(activeId), { headers: await flash({ kind: 'success', key, values: { count: result.changed } }) })
  }
  const from = activeId ?? 0
  if (intent === 'find-next') {
    const found = await findNext(project.id, query, from)
    if (found === undefined) throw redirect(back(activeId), { headers: await flash({ kind: 'error', key: 'translate:replace.notFound' }) })
    throw redirect(back(found))
  }
  const replaced = await replaceNext(project, user, query, from)
  if (!replaced) throw redirect(back(activeId), { headers: await flash({ kind: 'error', key: 'translate:replace.notFound' }) })
  const next = await findNext(project.id, query, replaced.id)
  throw redirect(back(next ?? replaced.id), { headers: await flash({ kind: 'success', key: 'translate:replace.replacedOne', values: { number: replaced.number } }) })
}
