import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { DeleteMemoryForm } from '~/components/memory-table'
import { requireUser } from '~/lib/auth/session.server'
import { setFlash } from '~/lib/http/flash.server'
import { getFixedT } from '~/lib/i18n/i18n.server'
import { deleteMemory } from '~/lib/tm/memories.server'
import { requireMemory } from '~/lib/tm/memory-page.server'

export const handle = { i18n: ['common', 'memories'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

/** DESIGN "Progressive enhancement": without JavaScript a destructive action goes through this page. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const memory = await requireMemory(user.id, params)
  const t = await getFixedT(request, 'memories')
  return { title: t('delete.title'), id: memory.id, name: memory.name }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const memory = await requireMemory(user.id, params)
  await deleteMemory(user.id, memory.id)
  throw redirect('/memories', {
    headers: { 'Set-Cookie': await setFlash({ kind: 'success', key: 'memories:delete.done', values: { name: memory.name } }, request) },
  })
}

export default function DeleteMemory() {
  const { id, name } = useLoaderData<typeof loader>()
  const { t } = useTranslation('memories')
  return (
    <section className="confirm-page" aria-labelledby="delete-title">
      <h1 id="delete-title">{t('delete.question')}</h1>
      <p>{name}</p>
      <div className="button-row">
        <DeleteMemoryForm id={id} />
        <Link to="/memories">{t('delete.cancel')}</Link>
      </div>
    </section>
  )
}
