import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { accessTokenCall, listAccessTokens } from '~/lib/auth/access-tokens.server'
import { TOKEN_NAME_MAX } from '~/lib/auth/access-token-rules'
import { requireUser } from '~/lib/auth/session.server'
import { setFlash } from '~/lib/http/flash.server'
import { formOf } from '~/lib/http/form.server'
import { getFixedT, getLanguage } from '~/lib/i18n/i18n.server'
import { formatDateTime } from '~/lib/i18n/format'

export const handle = { i18n: ['common', 'auth'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

/** The settings panel's "Access tokens for programs" page; programs use /tokens (routes/tokens.tsx). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context)
  const tokens = await listAccessTokens(user.id)
  const [t, language] = [await getFixedT(request, 'auth'), await getLanguage(request)]
  return {
    title: t('tokens.title'),
    tokens: tokens.map((token) => ({
      id: token.id,
      name: token.name,
      hint: token.hint,
      created: formatDateTime(token.createdAt, language),
      lastUsed: token.lastUsedAt ? formatDateTime(token.lastUsedAt, language) : null,
    })),
  }
}

/** The page's forms: `name` makes a token, shown once on the page; `intent=revoke` with `id` revokes one. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context)
  const call = await accessTokenCall(user.id, await formOf(request), request)
  if (!call.ok) return data({ error: call.key, token: null }, { status: call.status })
  if (call.kind === 'created') return data({ error: null, token: { value: call.token, name: call.accessToken.name } })
  throw redirect('/settings/tokens', {
    headers: { 'Set-Cookie': await setFlash({ kind: 'success', key: 'auth:tokens.revoked', values: { name: call.name } }, request) },
  })
}

export default function AccessTokens() {
  const { title, tokens } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const { t } = useTranslation('auth')
  const created = actionData?.token
  const error = actionData?.error
  return (
    <section className="tokens-page stack" aria-labelledby="tokens-title">
      <div className="page-heading">
        <h1 id="tokens-title">{title}</h1>
        <Link to="/">{t('tokens.backToFiles')}</Link>
      </div>
      <p>{t('tokens.intro')}</p>
      {created ? (
        <div className="flash flash-success stack" role="status">
          <p>{t('tokens.created', { name: created.name })}</p>
          <label className="stack">
            {t('tokens.createdLabel')}
            <input className="token-value" readOnly value={created.value} onFocus={(event) => event.currentTarget.select()} />
          </label>
        </div>
      ) : null}
      {error ? (
        <div className="form-error" role="alert">
          {t(error)}
        </div>
      ) : null}

      <section aria-labelledby="token-create-title" className="memory-form">
        <h2 id="token-create-title">{t('tokens.createTitle')}</h2>
        <Form method="post" className="stack">
          <label htmlFor="token-name">{t('tokens.name')}</label>
          <input id="token-name" name="name" required maxLength={TOKEN_NAME_MAX} aria-describedby="token-name-hint" />
          <p id="token-name-hint" className="hint">
            {t('tokens.nameHint')}
          </p>
          <button type="submit" disabled={navigation.state === 'submitting'}>
            {t('tokens.create')}
          </button>
        </Form>
      </section>

      <section aria-labelledby="token-list-title">
        <h2 id="token-list-title">{t('tokens.listTitle')}</h2>
        {tokens.length === 0 ? (
          <p className="empty-state">{t('tokens.empty')}</p>
        ) : (
          <table className="file-table">
            <thead>
              <tr>
                <th scope="col">{t('tokens.name')}</th>
                <th scope="col">{t('tokens.startsWith')}</th>
                <th scope="col">{t('tokens.createdAt')}</th>
                <th scope="col">{t('tokens.lastUsed')}</th>
                <th scope="col">{t('tokens.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {tokens.map((token) => (
                <tr key={token.id}>
                  <th scope="row">{token.name}</th>
                  <td>
                    <code>{token.hint}…</code>
                  </td>
                  <td>{token.created}</td>
                  <td>{token.lastUsed ?? t('tokens.never')}</td>
                  <td>
                    <Form method="post">
                      <input type="hidden" name="id" value={token.id} />
                      <button type="submit" name="intent" value="revoke" aria-label={t('tokens.revokeNamed', { name: token.name })}>
                        {t('tokens.revoke')}
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </section>
  )
}

