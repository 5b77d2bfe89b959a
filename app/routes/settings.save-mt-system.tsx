import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { saveMtSystemCall } from '~/lib/projects/project-settings-calls.server'

/** SPEC §7 settings/save-mt-system (mtSystemId, projectId), as JSON. */
export function action({ request }: ActionFunctionArgs) {
  return saveMtSystemCall(request)
}

export function loader() {
  throw redirect('/')
}
