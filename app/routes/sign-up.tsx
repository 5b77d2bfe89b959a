import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FormError, TextField } from '~/components/form-fields'
import {
  EMAIL_MAX_LENGTH,
  fieldErrors,
  formValues,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '~/lib/auth/forms'
import { signUpSchema } from '~/lib/auth/forms.server'
import { safeRedirect, withRedirectTo } from '~/lib/auth/redirect'
import { createSession, getUser } from '~/lib/auth/session.server'
import { countUsers, createUser } from '~/lib/auth/users.server'
import { getEnv } from '~/lib/env.server'
import { getFixedT } from '~/lib/i18n/i18n.server'
import { formOf } from '~/lib/http/form.server'

export const handle = { i18n: ['common', 'auth'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

/** Who may create an account: the very first visitor, or anyone when ALLOW_SIGNUP is on (issue #2). */
async function signUpMode(): Promise<'first' | 'open' | 'closed'> {
  if ((await countUsers()) === 0) return 'first'
  return getEnv().ALLOW_SIGNUP ? 'open' : 'closed'
}

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirectTo'))
  if (await getUser(request)) throw redirect(redirectTo)
  const mode = await signUpMode()
  const t = await getFixedT(request, 'auth')
  const title = mode === 'first' ? t('signUp.firstTitle') : t('signUp.title')
  return data({ title, mode, redirectTo }, { status: mode === 'closed' ? 403 : 200 })
}

export async function action({ request }: ActionFunctionArgs) {
  const form = formValues(await formOf(request))
  const redirectTo = safeRedirect(form.redirectTo)
  const values = { name: form.name ?? '', email: form.email ?? '' }
  const mode = await signUpMode()
  if (mode === 'closed') return data({ errors: { form: 'auth:signUp.closed' }, values }, { status: 403 })

  const parsed = signUpSchema.safeParse(form)
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values }, { status: 400 })

  const created = await createUser(parsed.data, { onlyIfFirst: mode === 'first' && !getEnv().ALLOW_SIGNUP })
  if (!created.ok) {
    const errors = created.error === 'email-taken' ? { email: 'auth:errors.emailTaken' } : { form: 'auth:signUp.closed' }
    return data({ errors, values }, { status: created.error === 'email-taken' ? 409 : 403 })
  }
  throw redirect(redirectTo, { headers: { 'Set-Cookie': await createSession(created.user.id, request) } })
}

export default function SignUp() {
  const { mode, redirectTo } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const { t } = useTranslation('auth')
  const errors: Record<string, string | undefined> = actionData?.errors ?? {}
  const error = (field: string) => {
    const key = errors[field]
    return key ? t(key, { count: PASSWORD_MIN_LENGTH }) : undefined
  }
  const signInLink = withRedirectTo('/sign-in', redirectTo)

  if (mode === 'closed') {
    return (
      <section className="auth-page" aria-labelledby="sign-up-title">
        <h1 id="sign-up-title">{t('signUp.title')}</h1>
        <p>{t('signUp.closed')}</p>
        <p>
          <Link to={signInLink}>{t('signUp.toSignIn')}</Link>
        </p>
      </section>
    )
  }

  return (
    <section className="auth-page" aria-labelledby="sign-up-title">
      <h1 id="sign-up-title">{mode === 'first' ? t('signUp.firstTitle') : t('signUp.title')}</h1>
      {mode === 'first' ? <p>{t('signUp.firstIntro')}</p> : null}
      <FormError message={error('form')} />
      <Form method="post" className="stack" noValidate>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          name="name"
          label={t('fields.name')}
          autoComplete="name"
          defaultValue={actionData?.values.name}
          error={error('name')}
          maxLength={NAME_MAX_LENGTH}
          required
        />
        <TextField
          name="email"
          type="email"
          label={t('fields.email')}
          autoComplete="email"
          defaultValue={actionData?.values.email}
          error={error('email')}
          maxLength={EMAIL_MAX_LENGTH}
          required
        />
        <TextField
          name="password"
          type="password"
          label={t('fields.newPassword')}
          hint={t('signUp.passwordHint', { count: PASSWORD_MIN_LENGTH })}
          autoComplete="new-password"
          error={error('password')}
          maxLength={PASSWORD_MAX_LENGTH}
          required
        />
        <TextField
          name="confirm"
          type="password"
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          error={error('confirm')}
          maxLength={PASSWORD_MAX_LENGTH}
          required
        />
        <button type="submit" className="button-primary" disabled={navigation.state === 'submitting'}>
          {t('signUp.submit')}
        </button>
      </Form>
      {mode === 'open' ? (
        <p>
          <Link to={signInLink}>{t('signUp.toSignIn')}</Link>
        </p>
      ) : null}
    </section>
  )
}
