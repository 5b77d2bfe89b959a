import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { safeRedirect } from '~/lib/auth/redirect'
import { isSupportedLanguage } from '~/lib/i18n/config'
import { cultureCookieHeader } from '~/lib/i18n/i18n.server'
import { formOf } from '~/lib/http/form.server'

/** The language switcher's form posts here: the culture cookie changes and the user goes back. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await formOf(request)
  const language = form.get('language')
  const back = safeRedirect(form.get('redirectTo'))
  if (!isSupportedLanguage(language)) throw redirect(back)
  throw redirect(back, { headers: { 'Set-Cookie': await cultureCookieHeader(language, request) } })
}

export function loader() {
  throw redirect('/')
}
