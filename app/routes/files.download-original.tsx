import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { downloadOriginalCall } from '~/lib/projects/file-calls.server'

/** SPEC §7 files/download-original: the file as uploaded (its `jwt` field is not needed: the cookie or a token signs in). */
export function action({ request }: ActionFunctionArgs) {
  return downloadOriginalCall(request)
}

export function loader() {
  throw redirect('/')
}
