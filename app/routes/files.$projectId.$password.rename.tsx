import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/lib/auth/session.server'
import { setFlash } from '~/lib/http/flash.server'
import { getFixedT } from '~/lib/i18n/i18n.server'
import { fileListAddress } from '~/lib/projects/file-list'
import { renameProject, requireOwnProject } from '~/lib/projects/projects.server'
import { checkNewName } from '~/lib/projects/upload-rules'
import { uploadLimits } from '~/lib/projects/upload.server'
import { formOf } from '~/lib/http/form.server'

export const handle = { i18n: ['common', 'files'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

/** Issue 19: renaming a file — the same page with and without JavaScript; the list comes back as it was. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const project = await requireOwnProject(user.id, params)
  const t = await getFixedT(request, 'files')
  const back = new URL(request.url).searchParams.get('back') ?? ''
  return { title: t('rename.title'), name: project.name, back, maxLength: uploadLimits().maxNameLength }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const project = await requireOwnProject(user.id, params)
  const form = await formOf(request)
  const name = String(form.get('name') ?? '').trim()
  const problem = checkNewName(project.name, name, uploadLimits())
  if (problem) return data({ problem, name }, { status: 400 })
  await renameProject(user.id, project.id, name)
  throw redirect(fileListAddress(form.get('back')), {
    headers: { 'Set-Cookie': await setFlash({ kind: 'success', key: 'files:rename.done', values: { from: project.name, to: name } }, request) },
  })
}

export default function RenameFile() {
  const { title, name, back, maxLength } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation('files')
  const extension = name.includes('.') ? name.slice(name.lastIndexOf('.')) : ''
  return (
    <section className="confirm-page stack" aria-labelledby="rename-title">
      <h1 id="rename-title">{title}</h1>
      <p>{name}</p>
      {actionData?.problem ? (
        <div className="form-error" role="alert" id="rename-error">
          {t(`rename.problems.${actionData.problem}`, { extension, max: maxLength })}
        </div>
      ) : null}
      <Form method="post" className="stack">
        <input type="hidden" name="back" value={back} />
        <div className="field">
          <label htmlFor="rename-name">{t('rename.name')}</label>
          <input
            id="rename-name"
            name="name"
            defaultValue={actionData?.name ?? name}
            required
            maxLength={maxLength}
            aria-invalid={actionData?.problem ? true : undefined}
            aria-describedby={actionData?.problem ? 'rename-error rename-hint' : 'rename-hint'}
          />
          <p id="rename-hint" className="hint">
            {t('rename.hint', { extension })}
          </p>
        </div>
        <div className="button-row">
          <button type="submit" className="button-primary">
            {t('rename.button')}
          </button>
          <Link to={fileListAddress(back)}>{t('delete.cancel')}</Link>
        </div>
      </Form>
    </section>
  )
}
