import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { CommentsIcon, CommentsPanel } from '~/components/translator/comments-panel'
import { z } from 'zod'
import { requireUser } from '~/lib/auth/session.server'
import { setFlash } from '~/lib/http/flash.server'
import { formatPercent } from '~/lib/i18n/format'
import { getLanguage, i18n } from '~/lib/i18n/i18n.server'
import { COMMENT_INTENTS, commentAction, commentedSegments, listComments } from '~/lib/projects/comments.server'
import { requireProject } from '~/lib/projects/projects.server'
import { remainingMinutes, splitHoursMinutes } from '~/lib/projects/segment-rules'
import {
  firstSegmentId,
  jobState,
  nearestUnconfirmed,
  saveSegment,
  segmentWindow,
  setActiveSegment,
} from '~/lib/projects/segments.server'

export const handle = { i18n: ['common', 'translate', 'comments'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

/** SPEC §9 segment page size: segments on each side of the active one (configuration arrives with issue #4). */
const WINDOW = 5

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const project = await requireProject(user.id, params)
  const t = await i18n.getFixedT(request, 'translate')
  const language = await getLanguage(request)
  const title = t('title', { name: project.name })
  if (project.status !== 'READY' || project.analysisStatus !== 'DONE') {
    return { title, language, analysing: true as const, done: project.segmentsAnalyzed, total: project.segmentCount, name: project.name }
  }
  const url = new URL(request.url)
  const job = await jobState(project.jobId)
  const wanted = Number(url.searchParams.get('segment')) || job.lastSegmentId || undefined
  const window = await segmentWindow(project.id, wanted ? { center: wanted } : { first: true }, WINDOW)
  const activeId = window.segments.some((segment) => segment.id === wanted) ? wanted : window.segments[0]?.id
  const minutesLeft = remainingMinutes(job.editingTime, project.translatedPercent)
  const comments = activeId ? await listComments(project, activeId) : []
  const commented = await commentedSegments(project.id, window.segments.map((segment) => segment.id))
  return {
    title,
    language,
    analysing: false as const,
    name: project.name,
    sourceLang: project.sourceLang,
    targetLang: project.targetLang,
    base: `/translate/${project.id}/${project.password}`,
    firstId: (await firstSegmentId(project.id)) ?? 0,
    segments: window.segments,
    hasBefore: window.hasBefore,
    hasAfter: window.hasAfter,
    activeId,
    comments,
    commented,
    renderedAt: Date.now(),
    footer: {
      percent: project.translatedPercent,
      segmentCount: project.segmentCount,
      spentMinutes: Math.round(job.editingTime / 60),
      remainingMinutes: minutesLeft,
    },
  }
}

const actionSchema = z.object({
  intent: z.enum(['save-draft', 'confirm', 'clear', 'copy-source', 'next', 'previous']),
  segmentId: z.coerce.number().int().positive(),
  target: z.string().max(100_000).default(''),
  source: z.string().max(100_000).default(''),
  renderedAt: z.coerce.number().default(0),
})

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const project = await requireProject(user.id, params)
  const base = `/translate/${project.id}/${project.password}`
  const formData = await request.formData()
  if ((COMMENT_INTENTS as readonly unknown[]).includes(formData.get('intent'))) return commentAction(project, user, formData)
  const parsed = actionSchema.safeParse(Object.fromEntries(formData))
  if (!parsed.success) throw redirect(base)
  const { intent, segmentId, renderedAt } = parsed.data
  const at = (id: number) => `${base}?segment=${id}#s${id}`
  if (intent === 'next' || intent === 'previous') {
    const target = (await nearestUnconfirmed(project.id, segmentId, intent)) ?? segmentId
    await setActiveSegment(project, target)
    throw redirect(at(target))
  }
  const target = intent === 'clear' ? '' : intent === 'copy-source' ? parsed.data.source : parsed.data.target
  const elapsed = renderedAt > 0 ? (Date.now() - renderedAt) / 1000 : 0
  const saved = await saveSegment(
    project,
    segmentId,
    { target, status: intent === 'confirm' ? 'TRANSLATED' : 'DRAFT', saveType: 'MANUAL', saveMatch: 0 },
    elapsed,
  )
  if (!saved.ok) {
    // SPEC §5: refused, and the page shows the text as it was before.
    throw redirect(at(segmentId), { headers: { 'Set-Cookie': await setFlash({ kind: 'error', key: 'translate:errors.invalidTags' }, request) } })
  }
  if (intent === 'confirm') {
    const next = await nearestUnconfirmed(project.id, segmentId, 'next')
    if (next) await setActiveSegment(project, next)
    throw redirect(at(next ?? segmentId))
  }
  throw redirect(at(segmentId))
}

/** The active segment's buttons, in toolbar order (each hotkey will press one of them). */
const segmentActions: { intent: string; label: string; primary?: boolean }[] = [
  { intent: 'confirm', label: 'actions.confirm', primary: true },
  { intent: 'save-draft', label: 'actions.saveDraft' },
  { intent: 'copy-source', label: 'actions.copySource' },
  { intent: 'clear', label: 'actions.clear' },
  { intent: 'previous', label: 'actions.previous' },
  { intent: 'next', label: 'actions.next' },
]

export default function Translate() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation('translate')
  if (data.analysing) {
    return (
      <section aria-labelledby="translate-title">
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
        <h1 id="translate-title">{data.name}</h1>
        <p role="status">{t('analysing', { done: data.done, total: data.total })}</p>
        <p>
          <Link to="/">{t('backToFiles')}</Link>
        </p>
      </section>
    )
  }
  const number = (id: number) => id - data.firstId + 1
  return (
    <section className="translator" aria-labelledby="translate-title">
      <div className="translator-heading">
        <h1 id="translate-title">{data.name}</h1>
        <Link to="/">{t('backToFiles')}</Link>
      </div>
      {data.hasBefore ? (
        <p>
          <Link to={`${data.base}?segment=${data.segments[0]!.id}`}>{t('earlier')}</Link>
        </p>
      ) : null}
      <table className="segment-table">
        <caption className="visually-hidden">{t('segments')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('number')}</th>
            <th scope="col">{t('source')}</th>
            <th scope="col">{t('target')}</th>
            <th scope="col">{t('tools')}</th>
          </tr>
        </thead>
        <tbody>
          {data.segments.map((segment) => {
            const active = segment.id === data.activeId
            return (
              <tr key={segment.id} id={`s${segment.id}`} className={active ? 'segment-active' : undefined}>
                <th scope="row">
                  {active ? (
                    number(segment.id)
                  ) : (
                    <Link to={`${data.base}?segment=${segment.id}#s${segment.id}`} aria-label={t('activate', { number: number(segment.id) })}>
                      {number(segment.id)}
                    </Link>
                  )}
                </th>
                <td lang={data.sourceLang} className="segment-source">
                  {segment.source}
                </td>
                <td lang={data.targetLang} className="segment-target">
                  {active ? (
                    <Form method="post" className="segment-form">
                      <input type="hidden" name="segmentId" value={segment.id} />
                      <input type="hidden" name="source" value={segment.source} />
                      <input type="hidden" name="renderedAt" value={data.renderedAt} />
                      <label htmlFor={`target-${segment.id}`} className="visually-hidden">
                        {t('targetLabel', { number: number(segment.id) })}
                      </label>
                      {/* Keyed by the load: after a save (or a refusal) it shows what is stored, as a page load would. */}
                      <textarea
                        key={`${segment.id}-${data.renderedAt}`}
                        id={`target-${segment.id}`}
                        name="target"
                        defaultValue={segment.target ?? ''}
                        rows={3}
                      />
                      <div className="segment-buttons">
                        {segmentActions.map(({ intent, label, primary }) => (
                          <button key={intent} type="submit" name="intent" value={intent} className={primary ? 'button-primary' : undefined}>
                            {t(label)}
                          </button>
                        ))}
                      </div>
                    </Form>
                  ) : (
                    segment.target
                  )}
                </td>
                <td className="segment-status">
                  {t(`status.${segment.status}`)}
                  <CommentsIcon state={data.commented[segment.id]} />
                  {/ {2,}/.test(segment.target ?? '') ? (
                    <span className="segment-warning" role="img" aria-label={t('spaces')} title={t('spaces')}>
                      ⚠
                    </span>
                  ) : null}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      {data.hasAfter ? (
        <p>
          <Link to={`${data.base}?segment=${data.segments.at(-1)!.id}`}>{t('later')}</Link>
        </p>
      ) : null}
      {data.activeId ? (
        <CommentsPanel
          key={data.activeId}
          segmentId={data.activeId}
          segmentNumber={number(data.activeId)}
          comments={data.comments}
          answer={actionData?.comments}
          language={data.language}
        />
      ) : null}
      <TranslatorFooter footer={data.footer} name={data.name} language={data.language} />
    </section>
  )
}

function TranslatorFooter({
  footer,
  name,
  language,
}: {
  footer: { percent: number; segmentCount: number; spentMinutes: number; remainingMinutes?: number }
  name: string
  language: string
}) {
  const { t } = useTranslation('translate')
  const time = (minutes: number | undefined) => {
    if (minutes === undefined) return t('footer.unknown')
    const split = splitHoursMinutes(minutes)
    return split.hours > 0 ? t('footer.hoursMinutes', split) : t('footer.minutes', { count: split.minutes })
  }
  const percent = formatPercent(Math.max(0, footer.percent), language)
  return (
    <footer className="translator-footer">
      <span>{name}</span>
      <span>{t('footer.translated', { percent, count: footer.segmentCount })}</span>
      <span>{t('footer.spent', { time: time(footer.spentMinutes) })}</span>
      <span>{t('footer.remaining', { time: time(footer.remainingMinutes) })}</span>
      <progress max={100} value={Math.max(0, footer.percent)} aria-label={t('footer.label')} />
    </footer>
  )
}
