import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ConceptFields } from '~/components/glossary/concept-fields'
import { setFlash } from '~/lib/http/flash.server'
import { getFixedT } from '~/lib/i18n/i18n.server'
import { findConcept, replaceConcept } from '~/lib/terms/glossaries.server'
import { conceptFromForm, requireGlossaryItem } from '~/lib/terms/glossary-page.server'
import { formOf } from '~/lib/http/form.server'

export const handle = { i18n: ['common', 'glossaries'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

async function requireConcept(request: Request, params: Record<string, string | undefined>) {
  const { glossary, item: concept } = await requireGlossaryItem(request, params, 'conceptId', findConcept)
  return { glossary, concept }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { glossary, concept } = await requireConcept(request, params)
  const t = await getFixedT(request, 'glossaries')
  const first = concept.target[0]
  return {
    title: t('form.editTitle'),
    glossary,
    values: {
      sourceTerm: concept.source[0]?.text,
      sourceStatus: concept.source[0]?.status,
      targets: concept.target.map((term) => ({ text: term.text, status: term.status })),
      partOfSpeech: first?.partOfSpeech ?? concept.source[0]?.partOfSpeech,
      definition: concept.definition,
      context: first?.context,
      note: concept.note,
    },
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { glossary, concept } = await requireConcept(request, params)
  const read = conceptFromForm(await formOf(request))
  if (!read.ok) return data({ error: read.problem }, { status: 400 })
  // Source terms beyond the first (from an import) stay as they were.
  await replaceConcept(glossary, concept.id, { ...read.concept, source: [...read.concept.source, ...concept.source.slice(1)] })
  throw redirect(`/glossaries/${glossary.id}`, {
    headers: { 'Set-Cookie': await setFlash({ kind: 'success', key: 'glossaries:form.saved', values: { name: read.concept.source[0]!.text } }, request) },
  })
}

/** Issue 17: edit one concept of a glossary, the same fields as the add form. */
export default function EditConcept() {
  const { title, glossary, values } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation('glossaries')
  return (
    <section className="memories-page stack" aria-labelledby="edit-concept-title">
      <div className="page-heading">
        <h1 id="edit-concept-title">{title}</h1>
        <Link to={`/glossaries/${glossary.id}`}>{glossary.name}</Link>
      </div>
      {actionData?.error ? (
        <div className="form-error" role="alert">
          {t(`errors.${actionData.error}`)}
        </div>
      ) : null}
      <Form method="post" className="stack memory-form">
        <ConceptFields values={values} sourceLang={glossary.sourceLang} targetLang={glossary.targetLang} />
        <div className="button-row">
          <button type="submit">{t('form.save')}</button>
          <Link to={`/glossaries/${glossary.id}`}>{t('form.cancel')}</Link>
        </div>
      </Form>
    </section>
  )
}
