import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { infoCall } from '~/lib/projects/file-calls.server'

/** SPEC §7 files/info: the file's job data (SPEC §3), as JSON. */
export function action({ request }: ActionFunctionArgs) {
  return infoCall(request)
}

export function loader() {
  throw redirect('/')
}
