import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { creationStatusCall } from '~/lib/projects/status-calls.server'

/** SPEC §7 files/creation-status (JSON, for scripts and other clients). */
export function action({ request }: ActionFunctionArgs) {
  return creationStatusCall(request)
}

export function loader() {
  throw redirect('/')
}
