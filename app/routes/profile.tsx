import type { LoaderFunctionArgs } from '@remix-run/node'
import { profileCall } from '~/lib/profile/profile-calls.server'
import { getOnlyAction } from '~/lib/api/read-fields.server'

/** GET profile (SPEC §7): tm_pretranslate, mt_pretranslate, update_mt and the email, as JSON. */
export function loader({ request }: LoaderFunctionArgs) {
  return profileCall(request)
}

export { getOnlyAction as action }
