import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { saveSettingsForFileCall } from '~/lib/tm/tm-calls.server'

/** SPEC §7 tm/save-settings-for-file (JSON): a memory's read/write choice for one project. */
export function action({ request }: ActionFunctionArgs) {
  return saveSettingsForFileCall(request)
}

export function loader() {
  throw redirect('/memories')
}
