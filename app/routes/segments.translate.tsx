import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { translateCall } from '~/lib/projects/segment-calls.server'

/** SPEC §7 segments/translate: saves a segment's translation and status, as the translator does; JSON. */
export function action({ request }: ActionFunctionArgs) {
  return translateCall(request)
}

export function loader() {
  throw redirect('/')
}
