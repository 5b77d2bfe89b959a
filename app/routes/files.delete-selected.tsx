import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, Link, useActionData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/lib/auth/session.server'
import { setFlash } from '~/lib/http/flash.server'
import { getFixedT } from '~/lib/i18n/i18n.server'
import { fileListAddress } from '~/lib/projects/file-list'
import { deleteProject, tickedProjects } from '~/lib/projects/projects.server'
import { formOf } from '~/lib/http/form.server'

export const handle = { i18n: ['common', 'files'] }

export const meta: MetaFunction<typeof action> = ({ data }) => [{ title: data?.title }]

/** Issue 19: the file list's "Delete selected" — a confirmation listing the files, then one delete for all of them. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const form = await formOf(request)
  const back = form.get('back')
  // Issue 52: only the owner deletes a file; one shared with the user is left out.
  const { own: projects } = await tickedProjects(user.id, form)
  if (projects.length === 0) {
    throw redirect(fileListAddress(back), { headers: { 'Set-Cookie': await setFlash({ kind: 'error', key: 'files:bulkDelete.none' }, request) } })
  }
  if (form.get('confirm') !== 'yes') {
    const t = await getFixedT(request, 'files')
    return data({ title: t('bulkDelete.title'), projects: projects.map(({ id, name }) => ({ id, name })), back: typeof back === 'string' ? back : '' })
  }
  for (const project of projects) await deleteProject(user.id, project.id, project.password)
  throw redirect(fileListAddress(back), {
    headers: { 'Set-Cookie': await setFlash({ kind: 'success', key: 'files:bulkDelete.done', values: { count: projects.length } }, request) },
  })
}

/** Remix reads the route's loader after the action too: it has nothing to load (the confirmation is the action's). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request)
  return null
}

export default function DeleteSelected() {
  const confirmation = useActionData<typeof action>()
  const { t } = useTranslation('files')
  if (!confirmation) {
    // Opened by its address: nothing was selected.
    return (
      <section className="confirm-page">
        <p>{t('bulkDelete.none')}</p>
        <Link to="/">{t('delete.cancel')}</Link>
      </section>
    )
  }
  const { title, projects, back } = confirmation
  return (
    <section className="confirm-page" aria-labelledby="bulk-delete-title">
      <h1 id="bulk-delete-title">{title}</h1>
      <p>{t('bulkDelete.question', { count: projects.length })}</p>
      <ul>
        {projects.map((project) => (
          <li key={project.id}>{project.name}</li>
        ))}
      </ul>
      <Form method="post" className="button-row">
        {projects.map((project) => (
          <input key={project.id} type="hidden" name="project" value={project.id} />
        ))}
        <input type="hidden" name="back" value={back} />
        <button type="submit" name="confirm" value="yes" className="button-danger">
          {t('bulkDelete.confirm', { count: projects.length })}
        </button>
        <Link to={fileListAddress(back)}>{t('delete.cancel')}</Link>
      </Form>
    </section>
  )
}
