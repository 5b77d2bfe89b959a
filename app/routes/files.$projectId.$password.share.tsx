import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/lib/auth/session.server'
import { setFlash } from '~/lib/http/flash.server'
import { formOf } from '~/lib/http/form.server'
import { rowId } from '~/lib/http/row-id'
import { formatDateTime } from '~/lib/i18n/format'
import { getFixedT, getLanguage } from '~/lib/i18n/i18n.server'
import { fileListAddress } from '~/lib/projects/file-list'
import { requireOwnProject } from '~/lib/projects/projects.server'
import { projectMembers, shareProjects, unshareProject } from '~/lib/projects/sharing.server'
import { isMemberRole } from '~/lib/projects/roles'
import { EMAIL_MAX_LENGTH } from '~/lib/auth/forms'
import { ShareForm } from '~/components/share-form'

export const handle = { i18n: ['common', 'files'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

/**
 * Issue 52 point 1: the owner shares a file with a colleague's account as translator or reviewer, and removes that
 * access — plain forms, the same with and without JavaScript. A member gets a 403, anyone else a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const project = await requireOwnProject(user.id, params)
  const [t, language, members] = await Promise.all([getFixedT(request, 'files'), getLanguage(request), projectMembers(project.id)])
  const back = new URL(request.url).searchParams.get('back') ?? ''
  return {
    title: t('share.title', { name: project.name }),
    back,
    members: members.map((member) => ({ ...member, addedAt: member.addedAt.toISOString(), added: formatDateTime(member.addedAt, language) })),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const project = await requireOwnProject(user.id, params)
  const form = await formOf(request)
  const back = String(form.get('back') ?? '')
  const here = `/files/${project.id}/${project.password}/share${back ? `?${new URLSearchParams({ back })}` : ''}`
  const t = await getFixedT(request, 'files')
  if (form.get('intent') === 'remove') {
    const userId = rowId(form.get('userId'))
    const member = (await projectMembers(project.id)).find((each) => each.userId === userId)
    if (member) await unshareProject(user, project, member.userId)
    const flash = member ? { kind: 'success' as const, key: 'files:share.removed', values: { name: member.name } } : { kind: 'error' as const, key: 'common:api.notFound' }
    throw redirect(here, { headers: { 'Set-Cookie': await setFlash(flash, request) } })
  }
  const email = String(form.get('email') ?? '').trim()
  const role = form.get('role')
  if (!email || email.length > EMAIL_MAX_LENGTH || !isMemberRole(role)) return data({ problem: 'email' as const, email }, { status: 400 })
  const shared = await shareProjects(user, [project], email, role)
  if (!shared.ok) return data({ problem: shared.problem, email }, { status: 400 })
  const values = { name: shared.member.name, role: t(`share.roles.${role}`) }
  throw redirect(here, { headers: { 'Set-Cookie': await setFlash({ kind: 'success', key: 'files:share.done', values }, request) } })
}

export default function ShareFile() {
  const { title, back, members } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation('files')
  return (
    <section className="confirm-page stack share-page" aria-labelledby="share-title">
      <h1 id="share-title">{title}</h1>
      <p className="hint">{t('share.intro')}</p>
      <section aria-labelledby="share-members-title" className="stack">
        <h2 id="share-members-title">{t('share.members')}</h2>
        {members.length === 0 ? (
          <p className="empty-state">{t('share.none')}</p>
        ) : (
          <table className="file-table share-members">
            <thead>
              <tr>
                <th scope="col">{t('share.name')}</th>
                <th scope="col">{t('share.email')}</th>
                <th scope="col">{t('share.role')}</th>
                <th scope="col">{t('share.added')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('share.remove')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.userId}>
                  <th scope="row">{member.name}</th>
                  <td>{member.email}</td>
                  <td>{t(`share.roles.${member.role}`)}</td>
                  <td>
                    <time dateTime={member.addedAt}>{member.added}</time>
                  </td>
                  <td>
                    <Form method="post">
                      <input type="hidden" name="back" value={back} />
                      <input type="hidden" name="userId" value={member.userId} />
                      <button type="submit" name="intent" value="remove" aria-label={t('share.removeNamed', { name: member.name })}>
                        {t('share.remove')}
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <ShareForm back={back} problem={actionData?.problem} email={actionData?.email} />
      <p>
        <Link to={fileListAddress(back)}>{t('share.back')}</Link>
      </p>
    </section>
  )
}
