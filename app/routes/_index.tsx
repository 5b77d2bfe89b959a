import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useEffect } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { FileFilters } from '~/components/file-filters'
import { FileTable, Pager, SelectedFilesForm } from '~/components/file-table'
import { ProfileSettingsPanel } from '~/components/profile-settings'
import { UploadForm } from '~/components/upload-form'
import { usePollWhilePending } from '~/components/use-poll-while-pending'
import { useUploadQueue } from '~/components/upload-queue'
import { TRANSLATOR_ROUTE, useRoutePreload } from '~/components/use-route-preload'
import { requireUser } from '~/lib/auth/session.server'
import { setFlash } from '~/lib/http/flash.server'
import { rowId } from '~/lib/http/row-id'
import { formatDateTime, formatDuration, formatNumber, formatPercent, remainingSeconds } from '~/lib/i18n/format'
import { getFixedT, getLanguage } from '~/lib/i18n/i18n.server'
import { parseProfileForm, saveProfile } from '~/lib/profile/profile.server'
import { mtRegistry } from '~/lib/mt/registry.server'
import { defaultSource, defaultTarget, swapLanguages, widgetLanguages } from '~/lib/projects/languages'
import { FILES_PER_PAGE, fileListSearch, isFiltered, readFileListQuery } from '~/lib/projects/file-list'
import { isPending, listProjects, projectPairs, type ProjectSummary } from '~/lib/projects/projects.server'
import { uploadFiles, uploadLimits } from '~/lib/projects/upload.server'
import { listHeldUploads } from '~/lib/projects/held-uploads.server'
import { memoryChoicesFromForm } from '~/lib/tm/memory-form'
import { listMemories, saveMemorySettings } from '~/lib/tm/memories.server'
import { listGlossaries, saveGlossaryDefaults } from '~/lib/terms/glossaries.server'
import { warningCounts } from '~/lib/qa/segment-qa.server'
import { formOf } from '~/lib/http/form.server'

export const handle = { i18n: ['common', 'files', 'memories', 'glossaries', 'qa', 'exchange'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context)
  // Taken before the list is read: everything created before this moment is in the list (upload-queue.ts).
  const loadedAt = Date.now()
  const url = new URL(request.url)
  const page = rowId(url.searchParams.get('page')) ?? 1
  const query = readFileListQuery(url.searchParams)
  const [{ total, projects }, memories, glossaries, pairs, held] = await Promise.all([
    listProjects(user.id, page, FILES_PER_PAGE, query),
    listMemories(user.id),
    listGlossaries(user.id),
    projectPairs(user.id),
    listHeldUploads(user.id),
  ])
  const pages = Math.max(1, Math.ceil(total / FILES_PER_PAGE))
  if (page > pages) {
    // Past the end (a deleted file emptied the last page, or a typed address): the last page, at its own address.
    throw redirect(`/${fileListSearch(query, pages)}`)
  }
  // SPEC §2 MT widget; without JavaScript its swap and "show domains" buttons come back here with the languages.
  const { systems } = await mtRegistry().listSystems()
  const { sources, targets } = widgetLanguages(systems)
  const params = url.searchParams
  const chosen = {
    source: pick(params.get('source_language') ?? params.get('source'), sources, defaultSource),
    target: pick(params.get('target_language') ?? params.get('target'), targets, defaultTarget),
  }
  const { source, target } = params.get('intent') === 'swap' ? swapLanguages(chosen, { sources, targets }) : chosen
  const t = await getFixedT(request, 'files')
  const language = await getLanguage(request)
  const warnings = await warningCounts(projects.filter((project) => project.status === 'READY' && project.analysisStatus === 'DONE').map((project) => project.id))
  return {
    title: t('title'),
    language,
    page,
    pages,
    total,
    query,
    pairs,
        // Formatted here, in the server's time zone: the browser's could differ and the hydrated page would not match.
    projects: projects.map((project) => ({
      ...project,
      createdAt: project.createdAt.toISOString(),
      added: formatDateTime(project.createdAt, language),
      progress: progressNote(project, t, language),
      warnings: warnings.get(project.id) ?? 0,
    })),
    pending: projects.some(isPending),
    source,
    target,
    sources,
    targets,
    systems: systems.map(({ id, title, domain, sourceLang, targetLang }) => ({ id, title, domain, sourceLang, targetLang })),
    accept: uploadLimits().allowedExtensions.map((extension) => `.${extension}`).join(','),
    limits: uploadLimits(),
    loadedAt,
    memories,
    glossaries: glossaries.map((glossary) => ({ ...glossary, canUpdate: true })),
    held,
  }
}

/**
 * Issue 19: how far a file's analysis or pretranslation is, in percent, and for an analysis the time left at the pace
 * so far (from the upload: conversion included) — formatted here, where the clock is.
 */
function progressNote(project: ProjectSummary, t: TFunction, language: string): string | undefined {
  const analysing = project.status === 'READY' && project.analysisStatus === 'ANALYSING'
  const pretranslating = project.analysisStatus === 'PRETRANSLATING'
  if (!(analysing || pretranslating) || project.segmentCount <= 0) return undefined
  const done = analysing ? project.segmentsAnalyzed : (project.pretranslated ?? 0)
  const percent = formatPercent(Math.floor((100 * done) / project.segmentCount), language)
  const left = analysing ? remainingSeconds(done, project.segmentCount, (Date.now() - project.createdAt.getTime()) / 1000) : undefined
  return left === undefined ? t('status.progressPercent', { percent }) : t('status.progressNote', { percent, time: formatDuration(left, language) })
}

function pick(value: string | null, allowed: readonly string[], fallback: string): string {
  return value !== null && allowed.includes(value) ? value : fallback
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  if ((request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')) return upload(request, user.id)
  const form = await formOf(request)
  const parsed = parseProfileForm(form)
  if (!parsed.success) return data({ error: 'common:errors.unexpected' as const, results: [] }, { status: 400 })
  const { intent: _intent, ...profile } = parsed.data
  await saveProfile(user.id, profile)
  // SPEC §2: the same Save stores the memories' read and write choices.
  await saveMemorySettings(user.id, memoryChoicesFromForm(form))
  await saveGlossaryDefaults(user.id, memoryChoicesFromForm(form, 'glossaries'))
  throw redirect('/', { headers: { 'Set-Cookie': await setFlash({ kind: 'success', key: 'files:settings.saved' }, request) } })
}

async function upload(request: Request, ownerId: number) {
  const results = await uploadFiles(request, ownerId, { form: true })
  if (!results) return data({ error: 'common:errors.unexpected' as const, results: [] }, { status: 400 })
  const refused = results.filter((result) => result.code)
  if (results.held && refused.length === 0) {
    // Issue 19, without JavaScript: the swap or "show domains" button; the languages come back, the form lists the held files.
    const { source, target } = results.held
    throw redirect(`/?${new URLSearchParams({ source_language: source, target_language: target })}`)
  }
  if (refused.length === 0) {
    const flash = { kind: 'success' as const, key: 'files:upload.done', values: { count: results.length } }
    throw redirect('/', { headers: { 'Set-Cookie': await setFlash(flash, request) } })
  }
  return data(
    { error: undefined, results: results.map(({ name, code }) => ({ name, code })) },
    { status: refused.length === results.length ? 400 : 200 },
  )
}

export default function FileList() {
  const { title, language, projects, page, pages, total, query, pairs, pending, source, target, sources, targets, systems, accept, limits, loadedAt, memories, glossaries, held } =
    useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation('files')
  const queue = useUploadQueue(limits)
  // Temporary rows stand at the top until a list loaded after their upload accounts for them; a full page
  // drops its last rows meanwhile.
  const temporary = queue.temporary.filter((row) => row.createdAt === undefined || row.createdAt >= loadedAt)
  const { settle } = queue
  useEffect(() => settle(loadedAt), [settle, loadedAt])
  usePollWhilePending(pending || temporary.length > 0)
  useRoutePreload(TRANSLATOR_ROUTE)
  const refused = [
    ...(actionData?.results.filter((result) => result.code) ?? []).map((result) => ({ name: result.name, message: result.code ?? '' })),
    ...queue.failures,
  ]
  // Issue 19: too many files is one message with the limit, not one per file.
  const shownRefusals = refused.some((result) => result.message === 'TooManyFiles')
    ? [{ name: '', message: 'TooManyFiles' }, ...refused.filter((result) => result.message !== 'TooManyFiles')]
    : refused
  const limitDetail = (code: string) => {
    const detail = t(`uploadLimitDetails.${code}`, { defaultValue: '', ...limitValues })
    return detail ? ` ${detail}` : ''
  }
  const limitValues = { max: limits.maxFiles, megabytes: formatNumber(limits.maxBytes / (1024 * 1024), language, { maximumFractionDigits: 1 }), characters: limits.maxNameLength }
  return (
    <section className="file-list" aria-labelledby="files-title">
      {pending ? (
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      ) : null}
      <div className="page-heading">
        <h1 id="files-title">{title}</h1>
        <ProfileSettingsPanel memories={memories} glossaries={glossaries} />
      </div>
      {shownRefusals.length > 0 ? (
        <div className="form-error" role="alert">
          <ul>
            {shownRefusals.map((result, index) => (
              <li key={index}>
                {/* The name as sent, isolated (<bdi>): a refused name's bidirectional marks must not turn the message. */}
                {result.message === 'TooManyFiles' || result.message === 'SessionExpired' ? null : (
                  <>
                    {t('upload.errorPrefix')} {result.name ? <><bdi>{result.name}</bdi>: </> : null}
                  </>
                )}
                {/* SPEC §8: known codes are translated (with the limit they name), anything else as the server said it */}
                {t(`uploadErrors.${result.message}`, { defaultValue: result.message })}
                {limitDetail(result.message)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <UploadForm source={source} target={target} sources={sources} targets={targets} systems={systems} accept={accept} queue={queue} limits={limitValues} held={held} compact={pairs.length > 0} />
      {pairs.length > 0 ? <FileFilters query={query} pairs={pairs} /> : null}
      {projects.length === 0 && temporary.length === 0 ? (
        <p className="empty-state">{isFiltered(query) ? t('filters.none') : t('empty')}</p>
      ) : (
        <>
          {/* SPEC §4: a temporary row counts at once */}
          <p className="file-count">{t('count', { count: total + temporary.length })}</p>
          <FileTable rows={projects} temporary={temporary} perPage={FILES_PER_PAGE} language={language} back={fileListSearch(query, page > 1 ? page : undefined)} />
          <Pager page={page} pages={pages} href={(to) => `/${fileListSearch(query, to)}`} />
          <SelectedFilesForm back={fileListSearch(query, page > 1 ? page : undefined)} />
        </>
      )}
    </section>
  )
}
