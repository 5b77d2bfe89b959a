import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { statusCall } from '~/lib/projects/status-calls.server'
import { concordanceCall } from '~/lib/tm/tm-api-calls.server'

/** SPEC §7 tm/concordance-search (projectId, text): raw_segment and translation of each hit, as JSON. */
export function action({ request }: ActionFunctionArgs) {
  return statusCall(request, (project, form, user) => concordanceCall(request, project, form, user.id), { passwordOptional: true })
}

export function loader() {
  throw redirect('/')
}
