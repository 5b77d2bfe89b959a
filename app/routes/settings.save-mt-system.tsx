import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { saveMtSystemCall } from '~/lib/projects/project-settings-calls.server'
import { statusCall } from '~/lib/projects/status-calls.server'

/** SPEC §7 settings/save-mt-system (mtSystemId, projectId), as JSON. */
export function action({ request }: ActionFunctionArgs) {
  return statusCall(request, (project, form) => saveMtSystemCall(request, project, form), { passwordOptional: true })
}

export function loader() {
  throw redirect('/')
}
