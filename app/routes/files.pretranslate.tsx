import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { pretranslateFileCall } from '~/lib/projects/file-calls.server'

/** SPEC §7 files/pretranslate: useTm=1, or useMt=1 with mtSystem; `{ projectId, started: true }`. */
export function action({ request }: ActionFunctionArgs) {
  return pretranslateFileCall(request)
}

export function loader() {
  throw redirect('/')
}
