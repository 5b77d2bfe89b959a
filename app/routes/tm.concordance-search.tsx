import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { concordanceCall } from '~/lib/tm/tm-api-calls.server'

/** SPEC §7 tm/concordance-search (projectId, text): raw_segment and translation of each hit, as JSON. */
export function action({ request }: ActionFunctionArgs) {
  return concordanceCall(request)
}

export function loader() {
  throw redirect('/')
}
