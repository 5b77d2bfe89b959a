import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { saveSettingsCall } from '~/lib/tm/tm-calls.server'

/** SPEC §7 tm/save-settings (JSON): a memory's read/write defaults. */
export function action({ request }: ActionFunctionArgs) {
  return saveSettingsCall(request)
}

export function loader() {
  throw redirect('/memories')
}
