import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { answer } from '~/lib/api/call'
import { calls } from '~/lib/api/calls'
import { apiFormOf } from '~/lib/api/read-fields.server'
import { accessTokenCall, listAccessTokens, type AccessToken } from '~/lib/auth/access-tokens.server'
import { requireApiUser } from '~/lib/auth/session.server'
import { getFixedT } from '~/lib/i18n/i18n.server'

/** The API's shape of a token; times in seconds, as SPEC §3's createTimestamp. The token itself is never listed. */
function tokenJson(token: AccessToken) {
  return {
    id: token.id,
    name: token.name,
    hint: token.hint,
    createTimestamp: Math.floor(token.createdAt.getTime() / 1000),
    lastUsedTimestamp: token.lastUsedAt ? Math.floor(token.lastUsedAt.getTime() / 1000) : null,
  }
}

/** GET /tokens (issue 16): the caller's personal access tokens, as JSON. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request)
  return answer(calls.tokens, { data: (await listAccessTokens(user.id)).map(tokenJson) })
}

/**
 * POST /tokens: `name` → 201 `{ "token": … }`, shown this once; `intent=revoke` with `id` → `{ id, revoked: true }`.
 * Refusals: `{ "errors": [{ code, message }] }` with a 4xx status, the message in the caller's language.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request)
  const call = await accessTokenCall(user.id, await apiFormOf(request), request)
  if (!call.ok) {
    const t = await getFixedT(request, 'auth')
    return Response.json({ errors: [{ code: call.code, message: t(call.key) }] }, { status: call.status })
  }
  if (call.kind === 'revoked') return answer(calls.tokenCalls, { id: call.id, revoked: true })
  return answer(calls.tokenCalls, { token: call.token, ...tokenJson(call.accessToken) }, { status: 201 })
}
