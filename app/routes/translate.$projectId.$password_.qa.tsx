import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { TaggedText } from '~/components/editor/tagged-text'
import { useWarningText } from '~/components/translator/qa-warnings'
import { usePollWhilePending } from '~/components/use-poll-while-pending'
import { requireUser } from '~/lib/auth/session.server'
import { setFlash } from '~/lib/http/flash.server'
import { rowId } from '~/lib/http/row-id'
import { formatNumber } from '~/lib/i18n/format'
import { getFixedT, getLanguage } from '~/lib/i18n/i18n.server'
import { requireProject } from '~/lib/projects/projects.server'
import { qaReport, readReportFilter, REPORT_PAGE } from '~/lib/qa/qa-report.server'
import { QA_CHECKS } from '~/lib/qa/qa-kinds'
import { queueQaCheck, setIgnored } from '~/lib/qa/segment-qa.server'
import { db } from '~/lib/db/db.server'
import { formOf } from '~/lib/http/form.server'

export const handle = { i18n: ['common', 'translate', 'qa'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

/**
 * Issue 17, point 5: the project's QA report — every warning by kind with the segment it is in (a link into the
 * translator), filtered by check, each ignorable (remembered per segment); the same rows as CSV at qa.csv. Forms and links
 * only, so it works without JavaScript.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const project = await requireProject(user.id, params)
  const url = new URL(request.url)
  const filter = readReportFilter(url.searchParams)
  const report = await qaReport(project.id, filter)
  const base = `/translate/${project.id}/${project.password}`
  // Translations changed in bulk and not checked yet: their check is queued (once) and the page says so.
  if (report.unchecked > 0) await queueQaCheck(db(), project.id)
  const pages = Math.max(1, Math.ceil(report.rows.length / REPORT_PAGE))
  const page = Math.min(pages, Math.max(1, Number(url.searchParams.get('page')) || 1))
  const t = await getFixedT(request, 'qa')
  return {
    title: t('report.title', { name: project.name }),
    language: await getLanguage(request),
    name: project.name,
    base,
    sourceLang: project.sourceLang,
    targetLang: project.targetLang,
    filter: { check: filter.check ?? '', withIgnored: filter.withIgnored },
    total: report.rows.filter((row) => !row.ignored).length,
    unchecked: report.unchecked,
    page,
    pages,
    rows: report.rows.slice((page - 1) * REPORT_PAGE, page * REPORT_PAGE),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const project = await requireProject(user.id, params)
  const form = await formOf(request)
  const segmentId = rowId(form.get('segmentId'))
  const warning = String(form.get('warning') ?? '').slice(0, 600)
  const ignore = form.get('intent') === 'ignore'
  const back = String(form.get('back') ?? '')
  const here = back.startsWith(`/translate/${project.id}/${project.password}/qa`) ? back : `/translate/${project.id}/${project.password}/qa`
  const done = segmentId !== undefined && warning !== '' && (await setIgnored(project.id, segmentId, warning, ignore))
  throw redirect(here, {
    headers: {
      'Set-Cookie': await setFlash(
        done
          ? { kind: 'success', key: ignore ? 'qa:report.ignoredSaved' : 'qa:report.unignoredSaved' }
          : { kind: 'error', key: 'common:errors.notFound' },
        request,
      ),
    },
  })
}

export default function QaReport() {
  const loaded = useLoaderData<typeof loader>()
  const { t } = useTranslation('qa')
  const text = useWarningText()
  usePollWhilePending(loaded.unchecked > 0)
  const number = (value: number) => formatNumber(value, loaded.language)
  const query = (changes: Record<string, string>) => {
    const params = new URLSearchParams({
      ...(loaded.filter.check ? { check: loaded.filter.check } : {}),
      ...(loaded.filter.withIgnored ? { ignored: '1' } : {}),
      ...changes,
    })
    return `${loaded.base}/qa?${params}`
  }
  const here = query(loaded.page > 1 ? { page: String(loaded.page) } : {})
  return (
    <section className="qa-report stack" aria-labelledby="qa-title">
      {loaded.unchecked > 0 ? (
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      ) : null}
      <p>
        <Link to={loaded.base}>{t('report.back')}</Link>
      </p>
      <h1 id="qa-title">
        {t('report.heading')}: {loaded.name}
      </h1>
      <Form method="get" action={`${loaded.base}/qa`} className="qa-filter">
        {/* Beside the select, not around it: a label around a select would take in its chosen option's text. */}
        <label htmlFor="qa-check">{t('report.filter')}</label>
        <select id="qa-check" name="check" defaultValue={loaded.filter.check}>
          <option value="">{t('report.all')}</option>
          {QA_CHECKS.map((check) => (
            <option key={check} value={check}>
              {t(`check.${check}`)}
            </option>
          ))}
        </select>
        <label className="checkbox">
          <input type="checkbox" name="ignored" value="1" defaultChecked={loaded.filter.withIgnored} />
          {t('report.showIgnored')}
        </label>
        <button type="submit">{t('report.apply')}</button>
        <a href={query({}).replace('/qa?', '/qa.csv?')} download>
          {t('report.csv')}
        </a>
      </Form>
      <p role="status">
        {t('report.count', { count: loaded.total, formatted: number(loaded.total) })}
        {loaded.unchecked > 0 ? ` ${t('report.checking', { count: loaded.unchecked, formatted: number(loaded.unchecked) })}` : null}
      </p>
      {loaded.rows.length === 0 ? (
        <p>{t('report.none')}</p>
      ) : (
        <table className="qa-table">
          <thead>
            <tr>
              <th scope="col">{t('report.segment')}</th>
              <th scope="col">{t('report.warning')}</th>
              <th scope="col">{t('report.source')}</th>
              <th scope="col">{t('report.target')}</th>
              <th scope="col">{t('report.action')}</th>
            </tr>
          </thead>
          <tbody>
            {loaded.rows.map((row) => (
              <tr key={`${row.segmentId}:${row.key}`} className={row.ignored ? 'qa-ignored' : undefined}>
                <th scope="row">
                  <Link to={`${loaded.base}?segment=${row.segmentId}`} aria-label={t('report.open', { number: row.number })}>
                    {row.number}
                  </Link>
                </th>
                <td>
                  {text(row)}
                  {row.ignored ? ` (${t('report.ignored')})` : null}
                </td>
                <td lang={loaded.sourceLang}>
                  <TaggedText text={row.source} />
                </td>
                <td lang={loaded.targetLang}>
                  <TaggedText text={row.target} />
                </td>
                <td>
                  <Form method="post">
                    <input type="hidden" name="segmentId" value={row.segmentId} />
                    <input type="hidden" name="warning" value={row.key} />
                    <input type="hidden" name="back" value={here} />
                    <button
                      type="submit"
                      name="intent"
                      value={row.ignored ? 'unignore' : 'ignore'}
                      aria-label={t(row.ignored ? 'report.unignoreLabel' : 'report.ignoreLabel', { warning: text(row), number: row.number })}
                    >
                      {t(row.ignored ? 'report.unignore' : 'report.ignore')}
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {loaded.pages > 1 ? (
        <nav className="button-row" aria-label={t('report.pages')}>
          {loaded.page > 1 ? <Link to={query({ page: String(loaded.page - 1) })}>{t('report.previous')}</Link> : null}
          <span>{t('report.page', { page: loaded.page, pages: loaded.pages })}</span>
          {loaded.page < loaded.pages ? <Link to={query({ page: String(loaded.page + 1) })}>{t('report.next')}</Link> : null}
        </nav>
      ) : null}
    </section>
  )
}
