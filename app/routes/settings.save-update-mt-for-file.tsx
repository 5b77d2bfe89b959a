import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { saveUpdateMtForFileCall } from '~/lib/projects/project-settings-calls.server'

/** SPEC §7 settings/save-update-mt-for-file (updateMt, projectId), as JSON. */
export function action({ request }: ActionFunctionArgs) {
  return saveUpdateMtForFileCall(request)
}

export function loader() {
  throw redirect('/')
}
