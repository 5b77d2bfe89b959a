import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FormError, TextField } from '~/components/form-fields'
import { fieldErrors, formValues } from '~/lib/auth/forms'
import { signInSchema } from '~/lib/auth/forms.server'
import { safeRedirect, withRedirectTo } from '~/lib/auth/redirect'
import { createSession, getUser } from '~/lib/auth/session.server'
import { clearFailures, limitKeys, recordFailure, slowdownMs, takeAttempt } from '~/lib/auth/sign-in-limits.server'
import { countUsers, verifyLogin } from '~/lib/auth/users.server'
import { getEnv } from '~/lib/env.server'
import { getFixedT } from '~/lib/i18n/i18n.server'
import { formOf } from '~/lib/http/form.server'

export const handle = { i18n: ['common', 'auth'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirectTo'))
  if ((await countUsers()) === 0) {
    throw redirect(withRedirectTo('/sign-up', redirectTo))
  }
  if (await getUser(request)) throw redirect(redirectTo)
  const t = await getFixedT(request, 'auth')
  return { title: t('signIn.title'), redirectTo, signUpOpen: getEnv().ALLOW_SIGNUP }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = formValues(await formOf(request))
  const redirectTo = safeRedirect(form.redirectTo)
  const values = { email: form.email ?? '' }
  const parsed = signInSchema.safeParse(form)
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values }, { status: 400 })

  const keys = limitKeys(parsed.data.email, context.clientAddress)
  // Counted before the password is checked, so that a burst of attempts cannot all be checked (issue 50).
  const attempt = await takeAttempt(keys)
  if (!attempt.allowed) return lockedAnswer(attempt.seconds, values)

  const user = await verifyLogin(parsed.data.email, parsed.data.password)
  if (!user) {
    const locked = await recordFailure(keys)
    await new Promise((resolve) => setTimeout(resolve, slowdownMs(attempt.attempts)))
    if (locked > 0) return lockedAnswer(locked, values)
    return data({ errors: { form: 'auth:errors.wrongCredentials' }, values }, { status: 401 })
  }

  await clearFailures(keys)
  throw redirect(redirectTo, { headers: { 'Set-Cookie': await createSession(user.id, request) } })
}

function lockedAnswer(seconds: number, values: { email: string }) {
  const errors: Record<string, string> = { form: 'auth:errors.locked' }
  return data({ errors, values, lockedMinutes: Math.ceil(seconds / 60) }, { status: 429 })
}

export default function SignIn() {
  const { redirectTo, signUpOpen } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const { t } = useTranslation('auth')
  const errors: Record<string, string | undefined> = actionData?.errors ?? {}
  const lockedMinutes = actionData && 'lockedMinutes' in actionData ? Number(actionData.lockedMinutes) : 0
  const formMessage = errors.form ? t(errors.form, { count: lockedMinutes }) : undefined
  return (
    <section className="auth-page" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">{t('signIn.title')}</h1>
      <FormError message={formMessage} />
      <Form method="post" className="stack" noValidate>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          name="email"
          type="email"
          label={t('fields.email')}
          autoComplete="username"
          defaultValue={actionData?.values.email}
          error={errors.email ? t(errors.email) : undefined}
          required
        />
        <TextField
          // A new key after each refusal empties the box, as a page load without JavaScript does.
          key={actionData ? JSON.stringify(actionData) : 'password'}
          name="password"
          type="password"
          label={t('fields.password')}
          autoComplete="current-password"
          error={errors.password ? t(errors.password) : undefined}
          required
        />
        <button type="submit" className="button-primary" disabled={navigation.state === 'submitting'}>
          {t('signIn.submit')}
        </button>
      </Form>
      {signUpOpen ? (
        <p>
          <Link to={withRedirectTo('/sign-up', redirectTo)}>
            {t('signIn.createAccount')}
          </Link>
        </p>
      ) : null}
    </section>
  )
}
