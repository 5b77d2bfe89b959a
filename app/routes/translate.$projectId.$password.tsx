import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { requireUser } from '~/lib/auth/session.server'
import { setFlash } from '~/lib/http/flash.server'
import { formatPercent } from '~/lib/i18n/format'
import { getLanguage, i18n } from '~/lib/i18n/i18n.server'
import { requireProject } from '~/lib/projects/projects.server'
import { remainingMinutes, splitHoursMinutes } from '~/lib/projects/segment-rules'
import { isSplitMergeIntent, splitOrMerge } from '~/lib/projects/split-merge-form.server'
import { plainOffsetAt } from '~/lib/projects/split-points'
import {
  firstSegmentId,
  jobState,
  nearestUnconfirmed,
  saveSegment,
  segmentWindow,
  setActiveSegment,
} from '~/lib/projects/segments.server'

export const handle = { i18n: ['common', 'translate'] }

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
  const fields = Object.fromEntries(await request.formData())
  if (isSplitMergeIntent(fields.intent)) return splitOrMerge(project, fields, request, base)
  const parsed = actionSchema.safeParse(fields)
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
  { intent: 'split', label: 'split.split' },
  { intent: 'merge', label: 'split.merge' },
]

export default function Translate() {
  const data = useLoaderData<typeof loader>()
  const { t } = useTranslation('translate')
  const activeForm = useRef<HTMLFormElement>(null)
  useSplitMergeKeys(activeForm)
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
                    segment.label
                  ) : (
                    <Link to={`${data.base}?segment=${segment.id}#s${segment.id}`} aria-label={t('activate', { number: segment.label })}>
                      {segment.label}
                    </Link>
                  )}
                </th>
                <td lang={data.sourceLang} className="segment-source">
                  {segment.source}
                </td>
                <td lang={data.targetLang} className="segment-target">
                  {active ? (
                    <Form method="post" className="segment-form" ref={activeForm}>
                      <input type="hidden" name="segmentId" value={segment.id} />
                      <input type="hidden" name="source" value={segment.source} />
                      <input type="hidden" name="renderedAt" value={data.renderedAt} />
                      <label htmlFor={`target-${segment.id}`} className="visually-hidden">
                        {t('targetLabel', { number: segment.label })}
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
                        <label className="segment-split-field">
                          {t('split.afterWord')}
                          <input key={`split-${data.renderedAt}`} type="number" name="splitAfterWord" min={1} max={Math.max(1, segment.wordCount - 1)} inputMode="numeric" />
                        </label>
                        <input type="hidden" name="splitAt" defaultValue="" />
                      </div>
                    </Form>
                  ) : (
                    segment.target
                  )}
                </td>
                <td className="segment-status">
                  {t(`status.${segment.status}`)}
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
      <TranslatorFooter footer={data.footer} name={data.name} language={data.language} />
    </section>
  )
}

/**
 * Ctrl+S presses "split" (at the caret, when it stands in the active source) and Ctrl+J presses "merge":
 * the hotkeys press the visible buttons (STYLE "Forms first").
 */
function useSplitMergeKeys(activeForm: React.RefObject<HTMLFormElement>) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const form = activeForm.current
      const key = event.key.toLowerCase()
      if (!form || !event.ctrlKey || event.altKey || event.shiftKey || event.metaKey || (key !== 's' && key !== 'j')) return
      event.preventDefault()
      const caret = form.elements.namedItem('splitAt')
      if (caret instanceof HTMLInputElement) caret.value = key === 's' ? String(caretInSource(form) ?? '') : ''
      form.querySelector<HTMLButtonElement>(`button[name="intent"][value="${key === 's' ? 'split' : 'merge'}"]`)?.click()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [activeForm])
}

/** The caret's plain-text offset in the active row's source cell, if the selection stands there. */
function caretInSource(form: HTMLFormElement): number | undefined {
  const cell = form.closest('tr')?.querySelector('.segment-source')
  const selection = window.getSelection()
  if (!cell || !selection?.anchorNode || !cell.contains(selection.anchorNode)) return undefined
  const range = document.createRange()
  range.setStart(cell, 0)
  range.setEnd(selection.anchorNode, selection.anchorOffset)
  const offset = plainOffsetAt(cell.textContent ?? '', range.toString().length)
  return offset > 0 ? offset : undefined
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
