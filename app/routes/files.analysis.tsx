import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { analysisCall } from '~/lib/projects/status-calls.server'

/** SPEC §7 files/analysis (JSON, for scripts and other clients). */
export function action({ request }: ActionFunctionArgs) {
  return analysisCall(request)
}

export function loader() {
  throw redirect('/')
}
