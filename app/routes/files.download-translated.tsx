import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { translatedDownload } from '~/lib/projects/downloads.server'
import { apiRefusal, statusCall } from '~/lib/projects/status-calls.server'

/** SPEC §7 files/download-translated: the translation in the original format; 409 NotReady before conversion. */
export function action({ request }: ActionFunctionArgs) {
  return statusCall(request, (project) => translatedDownload(project) ?? apiRefusal(request, 409, 'NotReady', 'api.notReady'))
}

export function loader() {
  throw redirect('/')
}
