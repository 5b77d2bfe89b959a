import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { analysis, statusCall } from '~/lib/projects/status-calls.server'

/** SPEC §7 files/analysis (JSON, for scripts and other clients). */
export function action({ request }: ActionFunctionArgs) {
  return statusCall(request, analysis)
}

export function loader() {
  throw redirect('/')
}
