import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { segmentsCall } from '~/lib/projects/segment-calls.server'

/** SPEC §7 segments: a window of a file's segments, as JSON. */
export function action({ request }: ActionFunctionArgs) {
  return segmentsCall(request)
}

export function loader() {
  throw redirect('/')
}
