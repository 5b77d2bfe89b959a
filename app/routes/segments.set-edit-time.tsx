import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { setEditTimeCall } from '~/lib/projects/segment-calls.server'

/** SPEC §7 segments/set-edit-time (projectId, editingTime in seconds), as JSON. */
export function action({ request }: ActionFunctionArgs) {
  return setEditTimeCall(request)
}

export function loader() {
  throw redirect('/')
}
