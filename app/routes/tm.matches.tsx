import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { matchesCall } from '~/lib/tm/tm-api-calls.server'

/** SPEC §7 tm/matches: the best matches of a text in the project's memories, as JSON. */
export function action({ request }: ActionFunctionArgs) {
  return matchesCall(request)
}

export function loader() {
  throw redirect('/')
}
