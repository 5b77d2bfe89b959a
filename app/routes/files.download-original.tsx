import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { originalDownload } from '~/lib/projects/downloads.server'
import { statusCall } from '~/lib/projects/status-calls.server'

/** SPEC §7 files/download-original: the file as uploaded (its `jwt` field is not needed: the cookie or a token signs in). */
export function action({ request }: ActionFunctionArgs) {
  return statusCall(request, originalDownload)
}

export function loader() {
  throw redirect('/')
}
