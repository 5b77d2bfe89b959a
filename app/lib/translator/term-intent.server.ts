import { redirect } from '@remix-run/node'
import { rowId } from '../http/row-id'
import { addConcepts, findConcept, glossariesForProject } from '../terms/glossaries.server'
import { TERM_MAX } from '../terms/glossary-types'
import type { IntentContext } from './intent-context.server'
import { segmentForm } from './segment-form.server'

/**
 * `term:<concept>:<n>` (issue 17): the n-th target term of a concept found in the active segment, added to the
 * translation as typed (after a space) and saved as a draft — the same with and without JavaScript. The concept must
 * be in a glossary the project reads.
 */
export async function termIntent(context: IntentContext) {
  const { project, intent, at, flash } = context
  const { segmentId, target, save, refused } = segmentForm(context)
  const [, conceptPart, indexPart] = intent.split(':')
  const concept = await findConcept(project.ownerId, rowId(conceptPart) ?? 0)
  const readable = (await glossariesForProject(project)).filter((glossary) => glossary.read).map((glossary) => glossary.id)
  const term = concept && readable.includes(concept.glossaryId) ? concept.target[Number(indexPart)] : undefined
  if (!term) throw redirect(at(segmentId))
  const text = target === '' || /\s$/.test(target) ? `${target}${term.text}` : `${target} ${term.text}`
  const saved = await save({ target: text, status: 'DRAFT', saveType: 'MANUAL', saveMatch: 0 })
  if ('data' in saved) return saved
  if (!saved.ok) return refused()
  throw redirect(at(segmentId), { headers: await flash({ kind: 'success', key: 'glossaries:terms.inserted', values: { number: saved.number, term: term.text } }) })
}

/**
 * `add-term` (issue 17): a concept from the translator — a source term (words of the active segment) and its target —
 * into a glossary the project writes to, with and without JavaScript. Its own form: the segment is not saved by it.
 */
export async function addTermIntent(context: IntentContext): Promise<never> {
  const { project, fields, at, flash } = context
  const segmentId = rowId(fields.segmentId)
  const source = (fields.newTermSource ?? '').trim()
  const targetTerm = (fields.newTermTarget ?? '').trim()
  const glossary = (await glossariesForProject(project)).find((each) => each.write && each.id === rowId(fields.newTermGlossary))
  const problem = !glossary ? 'glossaries:translatorAdd.noGlossary' : !source || !targetTerm ? 'glossaries:translatorAdd.bothTerms' : source.length > TERM_MAX || targetTerm.length > TERM_MAX ? 'glossaries:translatorAdd.tooLong' : undefined
  if (problem || !glossary) throw redirect(at(segmentId), { headers: await flash({ kind: 'error', key: problem ?? 'glossaries:translatorAdd.noGlossary' }) })
  await addConcepts(glossary, [{ source: [{ text: source, status: 'admitted' }], target: [{ text: targetTerm, status: 'preferred' }] }])
  throw redirect(at(segmentId), { headers: await flash({ kind: 'success', key: 'glossaries:translatorAdd.added', values: { source, target: targetTerm, name: glossary.name } }) })
}
