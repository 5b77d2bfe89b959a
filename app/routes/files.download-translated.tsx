import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { downloadTranslatedCall } from '~/lib/projects/file-calls.server'

/** SPEC §7 files/download-translated: the translation in the original format; 409 NotReady before conversion. */
export function action({ request }: ActionFunctionArgs) {
  return downloadTranslatedCall(request)
}

export function loader() {
  throw redirect('/')
}
