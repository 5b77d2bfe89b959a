import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { setActiveCall } from '~/lib/projects/segment-calls.server'

/** SPEC §7 segments/set-active (segmentId), as JSON. */
export function action({ request }: ActionFunctionArgs) {
  return setActiveCall(request)
}

export function loader() {
  throw redirect('/')
}
