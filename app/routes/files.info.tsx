import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { jobData } from '~/lib/projects/file-calls.server'
import { statusCall } from '~/lib/projects/status-calls.server'

/** SPEC §7 files/info: the file's job data (SPEC §3), as JSON. */
export function action({ request }: ActionFunctionArgs) {
  return statusCall(request, jobData)
}

export function loader() {
  throw redirect('/')
}
