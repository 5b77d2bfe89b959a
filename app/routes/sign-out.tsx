import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { destroySession } from '~/lib/auth/session.server'
import { getEnv } from '~/lib/env.server'
import { setFlash } from '~/lib/http/flash.server'

/** Sign-out is a POST (a link could be triggered by any page); it ends the session (session.server.ts destroySession). */
export async function action({ request }: ActionFunctionArgs) {
  const headers = new Headers()
  for (const cookie of await destroySession(request)) headers.append('Set-Cookie', cookie)
  headers.append('Set-Cookie', await setFlash({ kind: 'success', key: 'auth:signedOut' }, request))
  throw redirect(getEnv().SIGN_IN_URL, { headers })
}

export function loader() {
  throw redirect('/')
}
