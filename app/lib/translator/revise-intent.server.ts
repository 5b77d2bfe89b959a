import { redirect } from '@remix-run/node'
import { rowId } from '../http/row-id'
import { ISSUE_TEXT_MAX, isIssueCategory, isIssueSeverity, mayRevise, type NewIssue } from '../projects/revision'
import { addIssues, answerIssue, decideRevision, removeIssue } from '../projects/revision.server'
import { readPlace } from '../projects/translator-url'
import type { IntentContext } from './intent-context.server'
import { segmentForm } from './segment-form.server'

/** The revision intents of the segment form (issue 52 point 4). */
const DECISIONS = new Set(['approve', 'reject'])
const ISSUE_INTENTS = /^(add-issue|remove-issue:\d+|answer-issue:\d+)$/

export function isReviseIntent(intent: string): boolean {
  return DECISIONS.has(intent) || ISSUE_INTENTS.test(intent)
}

/**
 * The issue the segment form's fields describe: none when no category was chosen and nothing written; a comment
 * without a category is refused (undefined).
 */
function postedIssue(fields: Record<string, string>): NewIssue[] | undefined {
  const comment = (fields.issueComment ?? '').trim().slice(0, ISSUE_TEXT_MAX)
  const category = fields.issueCategory ?? ''
  if (category === '') return comment === '' ? [] : undefined
  if (!isIssueCategory(category)) return undefined
  const severity = isIssueSeverity(fields.issueSeverity) ? fields.issueSeverity : 'minor'
  return [{ category, severity, comment }]
}

/**
 * What the segment form holds of the revision when the page moves on or confirms (nothing typed is lost: Enter in a
 * field without JavaScript presses the form's first button, a move): the issue the reviewer was marking, and the
 * translator's answers written.
 */
export async function keepIssueNotes(context: IntentContext, segmentId: number): Promise<void> {
  const { project, user, fields } = context
  const answers = Object.entries(fields).flatMap(([name, value]) => {
    const issueId = name.startsWith('answer:') ? rowId(name.slice('answer:'.length)) : undefined
    const answer = value.trim().slice(0, ISSUE_TEXT_MAX)
    return issueId !== undefined && answer !== '' ? [{ issueId, answer }] : []
  })
  for (const { issueId, answer } of answers) await answerIssue(project, user, segmentId, issueId, answer)
  const issues = context.revising && mayRevise(project.role) ? postedIssue(fields) : undefined
  if (issues && issues.length > 0) await addIssues(project.id, segmentId, user.id, issues)
}

/**
 * `approve`, `reject` (a reviewer's decision, with the text as edited and the issue the fields describe, then on to the
 * nearest unrevised segment), `add-issue`, `remove-issue:<id>` (the reviewer), `answer-issue:<id>` (anyone working in
 * the file; its field is `answer:<id>`). A translator's page may answer, never decide: their other intents are 403.
 */
export async function reviseIntent(context: IntentContext) {
  const { project, user, intent, fields, at, flash } = context
  const answering = intent.startsWith('answer-issue:')
  if (!answering && !mayRevise(project.role)) throw new Response('Forbidden', { status: 403 })
  const form = segmentForm(context)
  const { segmentId } = form
  const back = async (key: string, kind: 'success' | 'error' = 'error'): Promise<never> => {
    throw redirect(at(segmentId), { headers: await flash({ kind, key }) })
  }
  if (answering) {
    const issueId = rowId(intent.slice('answer-issue:'.length))
    const answer = (fields[`answer:${issueId}`] ?? '').trim().slice(0, ISSUE_TEXT_MAX)
    const done = issueId !== undefined && (await answerIssue(project, user, segmentId, issueId, answer))
    return back(done ? 'translate:revise.answered' : 'translate:revise.errors.issueNotFound', done ? 'success' : 'error')
  }
  if (intent.startsWith('remove-issue:')) {
    const issueId = rowId(intent.slice('remove-issue:'.length))
    const done = issueId !== undefined && (await removeIssue(project, user, segmentId, issueId))
    return back(done ? 'translate:revise.issueRemoved' : 'translate:revise.errors.issueNotFound', done ? 'success' : 'error')
  }
  const issues = postedIssue(fields)
  if (!issues) return back('translate:revise.errors.category')
  if (intent === 'add-issue') {
    if (issues.length === 0) return back('translate:revise.errors.category')
    const added = await addIssues(project.id, segmentId, user.id, issues)
    return back(added ? 'translate:revise.issueAdded' : 'translate:revise.errors.issueNotFound', added ? 'success' : 'error')
  }
  const decided = await decideRevision(project, user, segmentId, {
    decision: intent === 'approve' ? 'approve' : 'reject',
    target: form.target,
    baseVersion: form.baseVersion,
    issues,
    elapsed: form.elapsed,
    stamp: form.stamp,
    search: readPlace(new URLSearchParams(fields)).search,
  })
  // Issue 52 point 2: a colleague changed the text meanwhile: the page comes back with both.
  if ('conflict' in decided) return form.conflicted(decided.conflict)
  if (!decided.ok) {
    if (decided.error === 'invalid-tags') return form.refused()
    return back(decided.error === 'empty' ? 'translate:revise.errors.empty' : decided.error === 'write-back' ? 'suggestions:errors.writeBack' : 'translate:revise.errors.issueNotFound')
  }
  const key = decided.revision === 'REVISED' ? 'translate:revise.approved' : 'translate:revise.rejected'
  throw redirect(at(decided.next ?? segmentId), { headers: await flash({ kind: 'success', key, values: { number: decided.number } }) })
}
