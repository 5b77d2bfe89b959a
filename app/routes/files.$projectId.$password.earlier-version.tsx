import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/lib/auth/session.server'
import { setFlash } from '~/lib/http/flash.server'
import { formOf } from '~/lib/http/form.server'
import { formatDateTime } from '~/lib/i18n/format'
import { getFixedT, getLanguage } from '~/lib/i18n/i18n.server'
import { fileListAddress } from '~/lib/projects/file-list'
import { earlierVersionOf, removeEarlierVersion, requireOwnProject, restoreEarlierVersion } from '~/lib/projects/projects.server'

export const handle = { i18n: ['common', 'files'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

/**
 * Issue 50: the earlier version of a file a new version replaced is kept, hidden from the list, until the user removes
 * it: this page opens it, brings it back (the newer version is then the one kept) or removes it — plain forms, so the
 * same without JavaScript.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const project = await requireOwnProject(user.id, params)
  const earlier = await earlierVersionOf(user.id, project.id)
  if (!earlier) throw redirect('/')
  const t = await getFixedT(request, 'files')
  const language = await getLanguage(request)
  const back = new URL(request.url).searchParams.get('back') ?? ''
  return {
    title: t('earlierVersion.title', { name: project.name }),
    name: project.name,
    earlier: { name: earlier.name, added: formatDateTime(earlier.createdAt, language), translate: `/translate/${earlier.id}/${earlier.password}` },
    back,
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const project = await requireOwnProject(user.id, params)
  const form = await formOf(request)
  const intent = form.get('intent')
  const done = intent === 'restore' ? await restoreEarlierVersion(user.id, project) : intent === 'remove' ? await removeEarlierVersion(user.id, project) : false
  const key = !done ? 'files:earlierVersion.gone' : intent === 'restore' ? 'files:earlierVersion.restored' : 'files:earlierVersion.removed'
  throw redirect(fileListAddress(form.get('back')), {
    headers: { 'Set-Cookie': await setFlash({ kind: done ? 'success' : 'error', key, values: { name: project.name } }, request) },
  })
}

export default function EarlierVersion() {
  const { title, earlier, back } = useLoaderData<typeof loader>()
  const { t } = useTranslation('files')
  return (
    <section className="confirm-page stack" aria-labelledby="earlier-version-title">
      <h1 id="earlier-version-title">{title}</h1>
      <p>{t('earlierVersion.intro', { added: earlier.added })}</p>
      <p>
        <Link to={earlier.translate}>{t('earlierVersion.open', { name: earlier.name })}</Link>
      </p>
      <div className="button-row">
        <Form method="post">
          <input type="hidden" name="back" value={back} />
          <button type="submit" name="intent" value="restore" className="button-primary">
            {t('earlierVersion.restore')}
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="back" value={back} />
          <button type="submit" name="intent" value="remove" className="button-danger">
            {t('earlierVersion.remove')}
          </button>
        </Form>
        <Link to={fileListAddress(back)}>{t('delete.cancel')}</Link>
      </div>
    </section>
  )
}
