import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { statsCall } from '~/lib/projects/status-calls.server'

/** SPEC §7 files/stats (JSON, for scripts and other clients). */
export function action({ request }: ActionFunctionArgs) {
  return statsCall(request)
}

export function loader() {
  throw redirect('/')
}
