import { redirect } from '@remix-run/node'
import { rowId } from '../http/row-id'
import { findConcept, glossariesForProject } from '../terms/glossaries.server'
import { memoryProject } from '../tm/tm-api-calls.server'
import type { IntentContext } from './intent-context.server'
import { segmentForm } from './segment-form.server'

/**
 * `term:<concept>:<n>` (issue 17): the n-th target term of a concept found in the active segment, added to the
 * translation as typed (after a space) and saved as a draft — the same with and without JavaScript. The concept must
 * be in a glossary the project reads.
 */
export async function termIntent(context: IntentContext) {
  const { project, user, intent, at, flash } = context
  const { segmentId, target, save, refused } = segmentForm(context)
  const [, conceptPart, indexPart] = intent.split(':')
  const concept = await findConcept(user.id, rowId(conceptPart) ?? 0)
  const readable = (await glossariesForProject(memoryProject(project, user.id))).filter((glossary) => glossary.read).map((glossary) => glossary.id)
  const term = concept && readable.includes(concept.glossaryId) ? concept.target[Number(indexPart)] : undefined
  if (!term) throw redirect(at(segmentId))
  const text = target === '' || /\s$/.test(target) ? `${target}${term.text}` : `${target} ${term.text}`
  const saved = await save({ target: text, status: 'DRAFT', saveType: 'MANUAL', saveMatch: 0 })
  if ('data' in saved) return saved
  if (!saved.ok) return refused()
  throw redirect(at(segmentId), { headers: await flash({ kind: 'success', key: 'glossaries:terms.inserted', values: { number: saved.number, term: term.text } }) })
}
