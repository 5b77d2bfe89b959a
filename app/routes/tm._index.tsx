import type { LoaderFunctionArgs } from '@remix-run/node'
import { memoriesCall } from '~/lib/tm/tm-calls.server'
import { getOnlyAction } from '~/lib/api/read-fields.server'

/** SPEC §7 GET tm (JSON): the user's memories. */
export function loader({ request }: LoaderFunctionArgs) {
  return memoriesCall(request)
}

export { getOnlyAction as action }
