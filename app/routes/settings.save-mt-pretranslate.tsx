import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { saveProfileFlagCall } from '~/lib/profile/profile-calls.server'

/** POST settings/save-mt-pretranslate (SPEC §7): `pretranslate` 0 or 1; answers the profile as GET profile does. */
export function action({ request }: ActionFunctionArgs) {
  return saveProfileFlagCall(request, 'mtPretranslate')
}

export function loader() {
  throw redirect('/')
}
