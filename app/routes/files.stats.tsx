import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { stats, statusCall } from '~/lib/projects/status-calls.server'

/** SPEC §7 files/stats (JSON, for scripts and other clients). */
export function action({ request }: ActionFunctionArgs) {
  return statusCall(request, stats)
}

export function loader() {
  throw redirect('/')
}
