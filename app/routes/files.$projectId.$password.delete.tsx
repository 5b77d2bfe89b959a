import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { DeleteForm } from '~/components/file-table'
import { requireUser } from '~/lib/auth/session.server'
import { setFlash } from '~/lib/http/flash.server'
import { getFixedT } from '~/lib/i18n/i18n.server'
import { fileListAddress } from '~/lib/projects/file-list'
import { deleteProject, requireOwnProject } from '~/lib/projects/projects.server'
import { formOf } from '~/lib/http/form.server'

export const handle = { i18n: ['common', 'files'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

/** DESIGN "Progressive enhancement": without JavaScript a destructive action goes through this page. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const project = await requireOwnProject(user.id, params)
  const t = await getFixedT(request, 'files')
  const back = new URL(request.url).searchParams.get('back') ?? ''
  return { title: t('delete.title'), id: project.id, password: project.password, name: project.name, back }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const project = await requireOwnProject(user.id, params)
  // A POST without a form (a program's) deletes too, and goes back to the first page.
  const back = (await formOf(request)).get('back')
  await deleteProject(user.id, project.id, project.password)
  // Issue 19: back to the list as it was (same page, search and order); the list moves to its last page if needed.
  throw redirect(fileListAddress(back), {
    headers: { 'Set-Cookie': await setFlash({ kind: 'success', key: 'files:delete.done', values: { name: project.name } }, request) },
  })
}

export default function DeleteFile() {
  const { id, password, name, back } = useLoaderData<typeof loader>()
  const { t } = useTranslation('files')
  return (
    <section className="confirm-page" aria-labelledby="delete-title">
      <h1 id="delete-title">{t('delete.question')}</h1>
      <p>{name}</p>
      <div className="button-row">
        <DeleteForm id={id} password={password} back={back} />
        <Link to={fileListAddress(back)}>{t('delete.cancel')}</Link>
      </div>
    </section>
  )
}
