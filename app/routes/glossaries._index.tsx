import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { LanguageSelect } from '~/components/language-select'
import { requireUser } from '~/lib/auth/session.server'
import { setFlash } from '~/lib/http/flash.server'
import { formatNumber } from '~/lib/i18n/format'
import { getFixedT, getLanguage } from '~/lib/i18n/i18n.server'
import { defaultSource, defaultTarget } from '~/lib/projects/languages'
import { GLOSSARY_LANGUAGES } from '~/lib/terms/glossary-languages'
import { createGlossary, listGlossaries } from '~/lib/terms/glossaries.server'
import { glossaryListFormSchema } from '~/lib/terms/glossary-page.server'
import { formOf } from '~/lib/http/form.server'

export const handle = { i18n: ['common', 'files', 'glossaries'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const t = await getFixedT(request, 'glossaries')
  return { title: t('title'), language: await getLanguage(request), glossaries: await listGlossaries(user.id) }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const parsed = glossaryListFormSchema.safeParse(Object.fromEntries(await formOf(request)))
  if (!parsed.success) return data({ error: 'invalid-form' as const }, { status: 400 })
  if (parsed.data.sourceLang.slice(0, 2) === parsed.data.targetLang.slice(0, 2)) return data({ error: 'same-languages' as const }, { status: 400 })
  const glossary = await createGlossary(user.id, parsed.data)
  throw redirect(`/glossaries/${glossary.id}`, {
    headers: { 'Set-Cookie': await setFlash({ kind: 'success', key: 'glossaries:create.done', values: { name: glossary.name } }, request) },
  })
}

/** Issue 17: the user's glossaries (term bases) — open, export, delete — and a form to make one. */
export default function Glossaries() {
  const { title, language, glossaries } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const busy = useNavigation().state === 'submitting'
  const { t } = useTranslation(['glossaries', 'files'])
  return (
    <section className="memories-page stack" aria-labelledby="glossaries-title">
      <div className="page-heading">
        <h1 id="glossaries-title">{title}</h1>
        <Link to="/">{t('backToFiles')}</Link>
      </div>
      {actionData?.error ? (
        <div className="form-error" role="alert">
          {t(`errors.${actionData.error}`)}
        </div>
      ) : null}
      {glossaries.length === 0 ? (
        <p className="empty-state">{t('empty')}</p>
      ) : (
        <table className="memory-table">
          <caption className="visually-hidden">{t('table.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('table.name')}</th>
              <th scope="col">{t('table.languages')}</th>
              <th scope="col" className="number">
                {t('table.concepts')}
              </th>
              <th scope="col">{t('table.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {glossaries.map((glossary) => (
              <tr key={glossary.id}>
                <th scope="row">
                  <Link to={`/glossaries/${glossary.id}`}>{glossary.name}</Link>
                </th>
                <td>
                  {t(`files:languages.${glossary.sourceLang}`, { defaultValue: glossary.sourceLang })} →{' '}
                  {t(`files:languages.${glossary.targetLang}`, { defaultValue: glossary.targetLang })}
                </td>
                <td className="number">{formatNumber(glossary.conceptCount, language)}</td>
                <td className="actions">
                  <a href={`/glossaries/${glossary.id}/export?format=tbx`} download aria-label={t('actions.exportTbxNamed', { name: glossary.name })}>
                    {t('actions.exportTbx')}
                  </a>{' '}
                  <a href={`/glossaries/${glossary.id}/export?format=csv`} download aria-label={t('actions.exportCsvNamed', { name: glossary.name })}>
                    {t('actions.exportCsv')}
                  </a>{' '}
                  <Link to={`/glossaries/${glossary.id}/delete`} aria-label={t('actions.deleteNamed', { name: glossary.name })}>
                    {t('actions.delete')}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <section aria-labelledby="create-glossary-title" className="memory-form">
        <h2 id="create-glossary-title">{t('create.title')}</h2>
        <Form method="post" className="stack">
          <label>
            {t('create.name')}
            <input name="name" required maxLength={100} />
          </label>
          <LanguageSelect id="glossary-source" name="sourceLang" label={t('create.source')} languages={GLOSSARY_LANGUAGES} defaultValue={defaultSource} />
          <LanguageSelect id="glossary-target" name="targetLang" label={t('create.target')} languages={GLOSSARY_LANGUAGES} defaultValue={defaultTarget} />
          <button type="submit" name="intent" value="create" disabled={busy}>
            {t('create.button')}
          </button>
        </Form>
      </section>
    </section>
  )
}
