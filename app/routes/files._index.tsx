import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { filesCall } from '~/lib/projects/files-call.server'

/** POST files (SPEC §7): a page of the caller's files as JSON. The file list page itself is at "/". */
export function action({ request }: ActionFunctionArgs) {
  return filesCall(request)
}

export function loader() {
  throw redirect('/')
}
