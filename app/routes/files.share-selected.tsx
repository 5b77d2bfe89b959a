import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Link, useActionData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ShareForm } from '~/components/share-form'
import { requireUser } from '~/lib/auth/session.server'
import { EMAIL_MAX_LENGTH } from '~/lib/auth/forms'
import { setFlash } from '~/lib/http/flash.server'
import { formOf } from '~/lib/http/form.server'
import { formatNumber } from '~/lib/i18n/format'
import { getFixedT, getLanguage } from '~/lib/i18n/i18n.server'
import { fileListAddress } from '~/lib/projects/file-list'
import { tickedProjects } from '~/lib/projects/projects.server'
import { isMemberRole } from '~/lib/projects/roles'
import { shareProjects } from '~/lib/projects/sharing.server'

export const handle = { i18n: ['common', 'files'] }

export const meta: MetaFunction<typeof action> = ({ data }) => [{ title: data?.title }]

/**
 * Issue 52 point 1: the file list's "Share selected" — a page listing the ticked files of the user's own with the email
 * and role fields, then one share for all of them. Ticked files shared with the user are left out, and it says so.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const form = await formOf(request)
  const back = typeof form.get('back') === 'string' ? String(form.get('back')) : ''
  const { own: projects, sharedWithMe } = await tickedProjects(user.id, form)
  if (projects.length === 0) {
    throw redirect(fileListAddress(back), { headers: { 'Set-Cookie': await setFlash({ kind: 'error', key: 'files:bulkShare.none' }, request) } })
  }
  const [t, language] = await Promise.all([getFixedT(request, 'files'), getLanguage(request)])
  const page = {
    title: t('bulkShare.title'),
    projects: projects.map(({ id, name }) => ({ id, name })),
    skipped: sharedWithMe,
    back,
    language,
  }
  if (form.get('intent') !== 'share') return data({ ...page, problem: undefined, email: undefined })
  const email = String(form.get('email') ?? '').trim()
  const role = form.get('role')
  if (!email || email.length > EMAIL_MAX_LENGTH || !isMemberRole(role)) return data({ ...page, problem: 'email' as const, email }, { status: 400 })
  const shared = await shareProjects(user, projects, email, role)
  if (!shared.ok) return data({ ...page, problem: shared.problem, email }, { status: 400 })
  const values = { count: projects.length, formatted: formatNumber(projects.length, language), name: shared.member.name, role: t(`share.roles.${role}`) }
  throw redirect(fileListAddress(back), { headers: { 'Set-Cookie': await setFlash({ kind: 'success', key: 'files:bulkShare.done', values }, request) } })
}

/** Remix reads the route's loader after the action too: it has nothing to load (the page is the action's). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request)
  return null
}

export default function ShareSelected() {
  const page = useActionData<typeof action>()
  const { t } = useTranslation('files')
  if (!page) {
    // Opened by its address: nothing was ticked.
    return (
      <section className="confirm-page">
        <p>{t('bulkShare.none')}</p>
        <Link to="/">{t('delete.cancel')}</Link>
      </section>
    )
  }
  const { title, projects, skipped, back, language, problem, email } = page
  const count = (value: number) => ({ count: value, formatted: formatNumber(value, language) })
  return (
    <section className="confirm-page stack share-page" aria-labelledby="bulk-share-title">
      <h1 id="bulk-share-title">{title}</h1>
      <p>{t('bulkShare.intro', count(projects.length))}</p>
      <ul>
        {projects.map((project) => (
          <li key={project.id}>{project.name}</li>
        ))}
      </ul>
      {skipped > 0 ? <p className="hint">{t('bulkShare.skipped', count(skipped))}</p> : null}
      <p className="hint">{t('share.intro')}</p>
      <ShareForm back={back} problem={problem} email={email}>
        {projects.map((project) => (
          <input key={project.id} type="hidden" name="project" value={project.id} />
        ))}
      </ShareForm>
      <p>
        <Link to={fileListAddress(back)}>{t('share.back')}</Link>
      </p>
    </section>
  )
}
