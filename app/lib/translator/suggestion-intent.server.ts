import { redirect } from '@remix-run/node'
import { chosenMtSuggestion } from '../mt/project-mt.server'
import { chosenSuggestion } from '../tm/suggestions.server'
import type { IntentContext } from './intent-context.server'
import { segmentForm } from './segment-form.server'

/**
 * `use:<unit>` (SPEC §4: choosing a TM suggestion sets TM with its match and saves a draft) and `use-mt` (issue 6:
 * the MT suggestion, saveType MT). The kept suggestion's text is saved, not the form's.
 */
export async function suggestionIntent(context: IntentContext) {
  const { project, intent, at, flash } = context
  const { segmentId, save, refused } = segmentForm(context)
  if (intent === 'use-mt') {
    const chosen = await chosenMtSuggestion(project, segmentId)
    if (!chosen) throw redirect(at(segmentId), { headers: await flash({ kind: 'error', key: 'translate:mt.unavailable' }) })
    const used = await save({ target: chosen, status: 'DRAFT', saveType: 'MT', saveMatch: null })
    if ('data' in used) return used
    if (!used.ok) return refused()
    throw redirect(at(segmentId), { headers: await flash({ kind: 'success', key: 'translate:mt.used', values: { number: used.number } }) })
  }
  const chosen = await chosenSuggestion(project, segmentId, Number(intent.slice('use:'.length)))
  if (!chosen) throw redirect(at(segmentId))
  const used = await save({ target: chosen.target, status: 'DRAFT', saveType: 'TM', saveMatch: chosen.match })
  if ('data' in used) return used
  if (!used.ok) return refused()
  throw redirect(at(segmentId), { headers: await flash({ kind: 'success', key: 'suggestions:used', values: { number: used.number, match: chosen.match } }) })
}
