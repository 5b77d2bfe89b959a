import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { statusCall } from '~/lib/projects/status-calls.server'
import { matchesCall } from '~/lib/tm/tm-api-calls.server'

/** SPEC §7 tm/matches: the best matches of a text in the project's memories, as JSON. */
export function action({ request }: ActionFunctionArgs) {
  return statusCall(request, (project, form, user) => matchesCall(request, project, form, user.id))
}

export function loader() {
  throw redirect('/')
}
