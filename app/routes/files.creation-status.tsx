import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { creationStatus, statusCall } from '~/lib/projects/status-calls.server'

/** SPEC §7 files/creation-status (JSON, for scripts and other clients). */
export function action({ request }: ActionFunctionArgs) {
  return statusCall(request, creationStatus)
}

export function loader() {
  throw redirect('/')
}
