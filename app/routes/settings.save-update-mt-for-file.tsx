import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { saveUpdateMtForFileCall } from '~/lib/projects/project-settings-calls.server'
import { statusCall } from '~/lib/projects/status-calls.server'

/** SPEC §7 settings/save-update-mt-for-file (updateMt, projectId), as JSON. */
export function action({ request }: ActionFunctionArgs) {
  return statusCall(request, (project, form) => saveUpdateMtForFileCall(request, project, form), { passwordOptional: true })
}

export function loader() {
  throw redirect('/')
}
