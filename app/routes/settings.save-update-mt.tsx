import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { saveProfileFlagCall } from '~/lib/profile/profile-calls.server'

/** POST settings/save-update-mt (SPEC §7): `updateMt` 0 or 1; answers the profile as GET profile does. */
export function action({ request }: ActionFunctionArgs) {
  return saveProfileFlagCall(request, 'updateMt')
}

export function loader() {
  throw redirect('/')
}
