import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/lib/auth/session.server'
import { setFlash } from '~/lib/http/flash.server'
import { formatNumber } from '~/lib/i18n/format'
import { getFixedT, getLanguage } from '~/lib/i18n/i18n.server'
import { deleteGlossary } from '~/lib/terms/glossaries.server'
import { requireGlossary } from '~/lib/terms/glossary-page.server'

export const handle = { i18n: ['common', 'glossaries'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

/** DESIGN "Progressive enhancement": a destructive action goes through a confirmation page. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const glossary = await requireGlossary(user.id, params)
  const t = await getFixedT(request, 'glossaries')
  return { title: t('delete.title'), glossary, language: await getLanguage(request) }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const glossary = await requireGlossary(user.id, params)
  await deleteGlossary(user.id, glossary.id)
  throw redirect('/glossaries', {
    headers: { 'Set-Cookie': await setFlash({ kind: 'success', key: 'glossaries:delete.done', values: { name: glossary.name } }, request) },
  })
}

export default function DeleteGlossary() {
  const { glossary, language } = useLoaderData<typeof loader>()
  const { t } = useTranslation('glossaries')
  return (
    <section className="confirm-page" aria-labelledby="delete-glossary-title">
      <h1 id="delete-glossary-title">{t('delete.question')}</h1>
      <p>{t('delete.detail', { count: glossary.conceptCount, name: glossary.name, formatted: formatNumber(glossary.conceptCount, language) })}</p>
      <div className="button-row">
        <Link to="/glossaries">
          {t('delete.cancel')}
        </Link>
        <Form method="post">
          <button type="submit" className="danger">
            {t('delete.confirm')}
          </button>
        </Form>
      </div>
    </section>
  )
}
