import { useTranslation } from 'react-i18next'
import { ISSUE_CATEGORIES, ISSUE_SEVERITIES, ISSUE_TEXT_MAX } from '~/lib/projects/revision'
import { Icon } from '../icons'
import { Changes } from './history-panel'
import type { Loaded, MarkedSegment } from './translator-data'

type Issue = NonNullable<MarkedSegment['issues']>[number]

/**
 * Issue 52 point 4, under the active segment's editor (part of its form, so without JavaScript too): the reviewer's
 * edits as tracked changes against the translator's text; when revising, the fields that mark an issue; and the issues
 * marked so far — which the reviewer may remove and the translator answers.
 */
export function RevisionNotes({ segment, loaded, number }: { segment: MarkedSegment; loaded: Loaded; number: string }) {
  const { t } = useTranslation('translate')
  const issues = segment.issues ?? []
  const rejected = segment.revision === 'REJECTED' && !loaded.revising
  return (
    <div className="revision-notes">
      {rejected ? <p className="revision-rejected">{t('revise.rejectedNote')}</p> : null}
      {segment.revisionBase !== null && segment.target ? (
        <p className="revision-changes" lang={loaded.targetLang}>
          <span className="revision-label" lang={loaded.language}>
            {t('revise.changes')}
          </span>{' '}
          <Changes before={segment.revisionBase} after={segment.target} />
        </p>
      ) : null}
      {issues.length > 0 ? <IssueList issues={issues} loaded={loaded} number={number} /> : null}
      {loaded.revising ? <IssueFields /> : null}
    </div>
  )
}

/**
 * Enter in a field presses its own button, not the form's first one (the toolbar's Previous, which without JavaScript
 * moves on and keeps what was written: keepIssueNotes).
 */
function pressOnEnter(intent: string) {
  return (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return
    event.preventDefault()
    event.currentTarget.form?.querySelector<HTMLButtonElement>(`button[name="intent"][value="${intent}"]`)?.click()
  }
}

function IssueFields() {
  const { t } = useTranslation('translate')
  return (
    <fieldset className="issue-fields">
      <legend>{t('revise.issueLegend')}</legend>
      <label>
        <span className="visually-hidden">{t('revise.category')}</span>
        <select name="issueCategory" defaultValue="" aria-label={t('revise.category')}>
          <option value="">{t('revise.noIssue')}</option>
          {ISSUE_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(`revise.categories.${category}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span className="visually-hidden">{t('revise.severity')}</span>
        <select name="issueSeverity" defaultValue="minor" aria-label={t('revise.severity')}>
          {ISSUE_SEVERITIES.map((severity) => (
            <option key={severity} value={severity}>
              {t(`revise.severities.${severity}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="issue-comment">
        <span className="visually-hidden">{t('revise.comment')}</span>
        <input type="text" name="issueComment" maxLength={ISSUE_TEXT_MAX} placeholder={t('revise.comment')} aria-label={t('revise.comment')} onKeyDown={pressOnEnter('add-issue')} />
      </label>
      <button type="submit" name="intent" value="add-issue">
        {t('revise.add')}
      </button>
    </fieldset>
  )
}

function IssueList({ issues, loaded, number }: { issues: Issue[]; loaded: Loaded; number: string }) {
  const { t } = useTranslation('translate')
  return (
    <ul className="issue-list" aria-label={t('revise.issues', { number })}>
      {issues.map((issue) => {
        const category = t(`revise.categories.${issue.category}`)
        return (
          <li key={issue.id} className={`issue issue-${issue.severity}`}>
            <span className="issue-kind">
              <Icon name="flag" /> {category} · {t(`revise.severities.${issue.severity}`)}
            </span>
            {issue.comment ? <span lang={loaded.targetLang}> — {issue.comment}</span> : null}
            <span className="issue-by"> ({t('revise.by', { name: issue.createdBy ?? t('history.nobody'), when: issue.when })})</span>
            {issue.answer ? (
              <span className="issue-answer">
                {' '}
                {t('revise.answerBy', { name: issue.answeredBy ?? t('history.nobody') })} {issue.answer}
              </span>
            ) : null}
            {loaded.revising ? (
              <button type="submit" name="intent" value={`remove-issue:${issue.id}`} className="link-button" aria-label={t('revise.removeNamed', { category })}>
                {t('revise.remove')}
              </button>
            ) : (
              <span className="issue-answer-field">
                <input
                  type="text"
                  name={`answer:${issue.id}`}
                  defaultValue={issue.answer ?? ''}
                  maxLength={ISSUE_TEXT_MAX}
                  aria-label={t('revise.answerLabel', { category })}
                  placeholder={t('revise.answerPlaceholder')}
                  onKeyDown={pressOnEnter(`answer-issue:${issue.id}`)}
                />
                <button type="submit" name="intent" value={`answer-issue:${issue.id}`}>
                  {t('revise.answer')}
                </button>
              </span>
            )}
          </li>
        )
      })}
    </ul>
  )
}

/** The status column's count of a segment's issues. */
export function IssueBadge({ issues }: { issues: Issue[] | undefined }) {
  // Most rows have none: they render nothing and use no hook (every row's hooks count on a slow machine).
  return issues && issues.length > 0 ? <IssueCount issues={issues} /> : null
}

function IssueCount({ issues }: { issues: Issue[] }) {
  const { t } = useTranslation('translate')
  const label = t('revise.issueCount', { count: issues.length })
  return (
    <span className="issue-badge" title={label}>
      <Icon name="flag" />
      <span aria-hidden="true">{issues.length}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  )
}
