import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { ProfileSettingsPanel } from '~/components/profile-settings'
import { requireUser } from '~/lib/auth/session.server'
import { setFlash } from '~/lib/http/flash.server'
import { i18n } from '~/lib/i18n/i18n.server'
import { saveProfile } from '~/lib/profile/profile.server'

export const handle = { i18n: ['common', 'files'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request)
  const t = await i18n.getFixedT(request, 'files')
  return { title: t('title') }
}

const checkbox = z
  .literal('on')
  .optional()
  .transform((value) => value === 'on')

const actionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('save-settings'),
    tmPretranslate: checkbox,
    mtPretranslate: checkbox,
    updateMt: checkbox,
  }),
])

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const parsed = actionSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return data({ error: 'common:errors.unexpected' }, { status: 400 })
  const { intent: _intent, ...profile } = parsed.data
  await saveProfile(user.id, profile)
  throw redirect('/', { headers: { 'Set-Cookie': await setFlash({ kind: 'success', key: 'files:settings.saved' }, request) } })
}

export default function FileList() {
  const { title } = useLoaderData<typeof loader>()
  const { t } = useTranslation('files')
  return (
    <section className="file-list" aria-labelledby="files-title">
      <div className="page-heading">
        <h1 id="files-title">{title}</h1>
        <ProfileSettingsPanel />
      </div>
      <p className="empty-state">{t('empty')}</p>
    </section>
  )
}
