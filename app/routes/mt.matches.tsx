import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { mtMatchesCall } from '~/lib/mt/mt-calls.server'

/** SPEC §7 mt/matches (text, mtId): a machine translation, as JSON. */
export function action({ request }: ActionFunctionArgs) {
  return mtMatchesCall(request)
}

export function loader() {
  throw redirect('/')
}
