import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { TaggedText } from '~/components/editor/tagged-text'
import { requireUser } from '~/lib/auth/session.server'
import { setFlash } from '~/lib/http/flash.server'
import { formOf } from '~/lib/http/form.server'
import { formatNumber, formatPercent } from '~/lib/i18n/format'
import { getFixedT, getLanguage } from '~/lib/i18n/i18n.server'
import { requireOwnProject, requireProject } from '~/lib/projects/projects.server'
import { ISSUE_CATEGORIES, ISSUE_SEVERITIES } from '~/lib/projects/revision'
import { REPORT_ISSUES_SHOWN, revisionReport, setRevisionThreshold, THRESHOLD_MAX } from '~/lib/projects/revision-report.server'

export const handle = { i18n: ['common', 'translate'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

/**
 * Issue 52 point 5: the file's revision report — words revised, issues by category and severity, the score per 1,000
 * words against the pass threshold (the owner sets it here), the reviewers' edit distance, and the issues themselves
 * with a link to each segment; the same as CSV at revision.csv and as JSON from the API's files/revision-report.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const project = await requireProject(user.id, params)
  const report = await revisionReport(project, REPORT_ISSUES_SHOWN)
  const t = await getFixedT(request, 'translate')
  const { list, ...figures } = report
  return {
    title: t('revisionReport.title', { name: project.name }),
    language: await getLanguage(request),
    name: project.name,
    base: `/translate/${project.id}/${project.password}`,
    sourceLang: project.sourceLang,
    targetLang: project.targetLang,
    owner: project.role === 'owner',
    ...figures,
    list: list.map(({ createdAt: _createdAt, ...issue }) => issue),
  }
}

/** The owner's pass threshold: a number from 0 to THRESHOLD_MAX (empty: the default). */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const project = await requireOwnProject(user.id, params)
  const here = `/translate/${project.id}/${project.password}/revision`
  const posted = String((await formOf(request)).get('threshold') ?? '').trim().replace(',', '.')
  const threshold = posted === '' ? null : Number(posted)
  const valid = threshold === null || (Number.isFinite(threshold) && threshold >= 0 && threshold <= THRESHOLD_MAX)
  if (valid) await setRevisionThreshold(project.id, threshold)
  const message = valid ? { kind: 'success' as const, key: 'translate:revisionReport.thresholdSaved' } : { kind: 'error' as const, key: 'translate:revisionReport.thresholdInvalid' }
  throw redirect(here, { headers: { 'Set-Cookie': await setFlash(message, request) } })
}

export default function RevisionReportPage() {
  const loaded = useLoaderData<typeof loader>()
  const { t } = useTranslation('translate')
  const number = (value: number) => formatNumber(value, loaded.language, { maximumFractionDigits: 1 })
  const totals = ISSUE_SEVERITIES.map((severity) => ISSUE_CATEGORIES.reduce((sum, category) => sum + loaded.issues[category][severity], 0))
  return (
    <section className="revision-report stack" aria-labelledby="revision-title">
      <p>
        <Link to={loaded.base}>{t('revisionReport.back')}</Link>
      </p>
      <h1 id="revision-title">
        {t('revisionReport.heading')}: {loaded.name}
      </h1>
      <p>{loaded.reviewers.length > 0 ? t('revisionReport.reviewers', { names: loaded.reviewers.join(', ') }) : t('revisionReport.noReviewers')}</p>
      <h2>{t('revisionReport.summary')}</h2>
      <dl className="report-figures">
        {(
          [
            [t('revisionReport.wordsRevised'), `${number(loaded.wordsRevised)} / ${number(loaded.wordsTotal)}`],
            [t('revisionReport.issueCount'), number(loaded.issueCount)],
            [t('revisionReport.points'), number(loaded.points)],
            [t('revisionReport.score'), number(loaded.score)],
            [t('revisionReport.threshold'), number(loaded.threshold)],
            [t('revisionReport.result'), t(loaded.passed ? 'revisionReport.passed' : 'revisionReport.failed'), loaded.passed ? 'report-pass' : 'report-fail'],
          ] as const
        ).map(([term, value, className]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd className={className}>{value}</dd>
          </div>
        ))}
      </dl>
      <p>{t('revisionReport.segmentsLine', { revised: number(loaded.segments.revised), rejected: number(loaded.segments.rejected), unrevised: number(loaded.segments.unrevised), untranslated: number(loaded.segments.untranslated) })}</p>
      <p>{t('revisionReport.editDistanceLine', { characters: number(loaded.editDistance.characters), percent: formatPercent(loaded.editDistance.percent, loaded.language) })}</p>
      <p className="hint">{t('revisionReport.weights')}</p>
      {loaded.owner ? (
        <Form method="post" className="inline-form">
          <label htmlFor="revision-threshold">{t('revisionReport.thresholdLabel')}</label>
          <input id="revision-threshold" name="threshold" inputMode="decimal" size={6} defaultValue={String(loaded.threshold)} />
          <button type="submit">{t('revisionReport.thresholdSave')}</button>
        </Form>
      ) : null}
      <p>
        <a href={`${loaded.base}/revision.csv`} download>
          {t('revisionReport.csv')}
        </a>
      </p>
      <h2 id="by-kind">{t('revisionReport.byKind')}</h2>
      <table className="qa-table report-matrix" aria-labelledby="by-kind">
        <thead>
          <tr>
            <th scope="col">{t('revisionReport.category')}</th>
            {ISSUE_SEVERITIES.map((severity) => (
              <th scope="col" key={severity}>
                {t(`revise.severities.${severity}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ISSUE_CATEGORIES.map((category) => (
            <tr key={category}>
              <th scope="row">{t(`revise.categories.${category}`)}</th>
              {ISSUE_SEVERITIES.map((severity) => (
                <td key={severity}>{number(loaded.issues[category][severity])}</td>
              ))}
            </tr>
          ))}
          <tr>
            <th scope="row">{t('revisionReport.total')}</th>
            {totals.map((total, index) => (
              <td key={ISSUE_SEVERITIES[index]}>{number(total)}</td>
            ))}
          </tr>
        </tbody>
      </table>
      <h2 id="issue-list">{t('revisionReport.list')}</h2>
      {loaded.list.length === 0 ? (
        <p>{t('revisionReport.none')}</p>
      ) : (
        <>
          {loaded.issueCount > loaded.list.length ? <p>{t('revisionReport.shownFirst', { shown: number(loaded.list.length), total: number(loaded.issueCount) })}</p> : null}
          <table className="qa-table" aria-labelledby="issue-list">
            <thead>
              <tr>
                <th scope="col">{t('revisionReport.segment')}</th>
                <th scope="col">{t('revise.category')}</th>
                <th scope="col">{t('revise.comment')}</th>
                <th scope="col">{t('revisionReport.source')}</th>
                <th scope="col">{t('revisionReport.translation')}</th>
                <th scope="col">{t('revisionReport.answer')}</th>
              </tr>
            </thead>
            <tbody>
              {loaded.list.map((issue) => (
                <tr key={issue.id}>
                  <th scope="row">
                    <Link to={`${loaded.base}?segment=${issue.segmentId}`} aria-label={t('revisionReport.open', { number: issue.number })}>
                      {issue.number}
                    </Link>
                  </th>
                  <td>
                    {t(`revise.categories.${issue.category}`)} · {t(`revise.severities.${issue.severity}`)}
                    {issue.reviewer ? <span className="issue-by"> ({issue.reviewer})</span> : null}
                  </td>
                  <td>{issue.comment}</td>
                  <td lang={loaded.sourceLang}>
                    <TaggedText text={issue.source} />
                  </td>
                  <td lang={loaded.targetLang}>
                    <TaggedText text={issue.translation} />
                  </td>
                  <td>{issue.answer}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  )
}
