import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ConceptFields } from '~/components/glossary/concept-fields'
import { ImportItem } from '~/components/glossary/import-item'
import { TermList } from '~/components/glossary/term-list'
import { usePollWhilePending } from '~/components/use-poll-while-pending'
import { requireUser } from '~/lib/auth/session.server'
import { setFlash } from '~/lib/http/flash.server'
import { rowId } from '~/lib/http/row-id'
import { formatNumber } from '~/lib/i18n/format'
import { getLanguage } from '~/lib/i18n/i18n.server'
import { addConcepts, CONCEPTS_PER_PAGE, deleteConcept, findConcept, listConcepts } from '~/lib/terms/glossaries.server'
import { GLOSSARY_UPLOAD_MAX_BYTES, importsOf, receiveGlossaryUpload, type GlossaryUploadError } from '~/lib/terms/glossary-import.server'
import { conceptFromForm, requireGlossary, type ConceptFormProblem } from '~/lib/terms/glossary-page.server'
import { formOf } from '~/lib/http/form.server'

export const handle = { i18n: ['common', 'files', 'glossaries'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  // The imports first: the page polls while one is pending, so an import that ends after this read is seen by the
  // next poll. Read after the count and the terms (as they were), an import ending in between showed as done over
  // the count before it, and the polling stopped there (seen in CI: "Imported 2 concepts" beside "1 concept").
  const imports = await importsOf(rowId(params.glossaryId) ?? 0)
  const glossary = await requireGlossary(user.id, params)
  const url = new URL(request.url)
  const query = (url.searchParams.get('q') ?? '').slice(0, 200)
  const wanted = rowId(url.searchParams.get('page')) ?? 1
  let listed = await listConcepts(glossary.id, wanted, query)
  const pages = Math.max(1, Math.ceil(listed.total / CONCEPTS_PER_PAGE))
  if (wanted > pages) listed = await listConcepts(glossary.id, pages, query)
  return {
    title: glossary.name,
    language: await getLanguage(request),
    glossary,
    query,
    page: Math.min(wanted, pages),
    pages,
    concepts: listed.concepts,
    imports,
    pending: imports.some((job) => job.status === 'queued' || job.status === 'running'),
    megabytes: Math.round(GLOSSARY_UPLOAD_MAX_BYTES / (1024 * 1024)),
  }
}

type ActionError = GlossaryUploadError | ConceptFormProblem | 'not-found'

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const glossary = await requireGlossary(user.id, params)
  const here = `/glossaries/${glossary.id}`
  const fail = (error: ActionError) => data({ error }, { status: error === 'not-found' ? 404 : 400 })
  if ((request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')) {
    const upload = await receiveGlossaryUpload(request, user.id)
    if (!upload.ok) return fail(upload.code)
    if (upload.upload.status === 'mapping') throw redirect(`${here}/imports/${upload.upload.id}`)
    throw redirect(here, { headers: { 'Set-Cookie': await setFlash({ kind: 'success', key: 'glossaries:import.queued', values: { name: upload.upload.fileName } }, request) } })
  }
  const form = await formOf(request)
  if (form.get('intent') === 'delete-concept') {
    const concept = await findConcept(user.id, rowId(form.get('conceptId')) ?? 0)
    if (!concept || concept.glossaryId !== glossary.id || !(await deleteConcept(glossary.id, concept.id))) return fail('not-found')
    throw redirect(here, { headers: { 'Set-Cookie': await setFlash({ kind: 'success', key: 'glossaries:concepts.deleted', values: { name: concept.source[0]?.text ?? '' } }, request) } })
  }
  const read = conceptFromForm(form)
  if (!read.ok) return fail(read.problem)
  await addConcepts(glossary, [read.concept])
  throw redirect(here, { headers: { 'Set-Cookie': await setFlash({ kind: 'success', key: 'glossaries:form.added', values: { name: read.concept.source[0]!.text } }, request) } })
}

/** Issue 17: one glossary — its terms (found and paged), a form to add one, and imports (TBX, CSV/TSV). */
export default function GlossaryPage() {
  const { title, language, glossary, query, page, pages, concepts, imports, pending, megabytes } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const busy = useNavigation().state === 'submitting'
  const { t } = useTranslation(['glossaries', 'files'])
  usePollWhilePending(pending)
  const pageHref = (to: number) => `?${new URLSearchParams({ ...(query ? { q: query } : {}), page: String(to) })}`
  return (
    <section className="memories-page stack" aria-labelledby="glossary-title">
      {pending ? (
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      ) : null}
      <div className="page-heading">
        <h1 id="glossary-title">
          {title}{' '}
          <span className="hint">
            ({t(`files:languages.${glossary.sourceLang}`, { defaultValue: glossary.sourceLang })} → {t(`files:languages.${glossary.targetLang}`, { defaultValue: glossary.targetLang })})
          </span>
        </h1>
        <Link to="/glossaries">{t('backToGlossaries')}</Link>
      </div>
      {actionData?.error ? (
        <div className="form-error" role="alert">
          {t(`errors.${actionData.error}`, { megabytes })}
        </div>
      ) : null}
      <p>{t('glossary.count', { count: glossary.conceptCount, formatted: formatNumber(glossary.conceptCount, language) })}</p>
      <Form method="get" role="search" className="button-row">
        <label htmlFor="term-search">{t('glossary.search')}</label>
        <input id="term-search" type="search" name="q" defaultValue={query} maxLength={200} />
        <button type="submit">{t('glossary.searchButton')}</button>
      </Form>
      {concepts.length === 0 ? (
        <p className="empty-state">{query ? t('glossary.noResults', { query }) : t('glossary.empty')}</p>
      ) : (
        <TermList glossary={glossary} concepts={concepts} />
      )}
      {pages > 1 ? (
        <nav className="button-row" aria-label={t('glossary.pageOf', { page, pages })}>
          {page > 1 ? <Link to={pageHref(page - 1)}>{t('glossary.previous')}</Link> : null}
          <span>{t('glossary.pageOf', { page, pages })}</span>
          {page < pages ? <Link to={pageHref(page + 1)}>{t('glossary.next')}</Link> : null}
        </nav>
      ) : null}

      <section aria-labelledby="add-term-title" className="memory-form">
        <h2 id="add-term-title">{t('form.addTitle')}</h2>
        <Form method="post" className="stack">
          <ConceptFields sourceLang={glossary.sourceLang} targetLang={glossary.targetLang} />
          <button type="submit" name="intent" value="add" disabled={busy}>
            {t('form.add')}
          </button>
        </Form>
      </section>

      <section aria-labelledby="import-terms-title" className="memory-form">
        <h2 id="import-terms-title">{t('import.title')}</h2>
        <Form method="post" encType="multipart/form-data" className="stack">
          <input type="hidden" name="glossaryId" value={glossary.id} />
          <label htmlFor="glossary-file">{t('import.file')}</label>
          <input id="glossary-file" type="file" name="file" accept=".tbx,.xml,.csv,.tsv,.txt" required aria-describedby="glossary-file-hint" />
          <p id="glossary-file-hint" className="hint">
            {t('import.hint', { megabytes })}
          </p>
          <button type="submit" disabled={busy}>
            {t('import.button')}
          </button>
        </Form>
      </section>

      {imports.length > 0 ? (
        <section aria-labelledby="glossary-imports-title">
          <h2 id="glossary-imports-title">{t('imports.title')}</h2>
          <ul className="import-list" aria-live="polite">
            {imports.map((job) => (
              <ImportItem key={job.id} job={job} glossaryId={glossary.id} language={language} />
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  )
}
