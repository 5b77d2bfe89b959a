import type { LoaderFunctionArgs } from '@remix-run/node'
import { memoriesForFileCall } from '~/lib/tm/tm-calls.server'
import { getOnlyAction } from '~/lib/api/read-fields.server'

/** SPEC §7 GET tm/for-file?projectId (JSON): the project's memories with its own read/write choice. */
export function loader({ request }: LoaderFunctionArgs) {
  return memoriesForFileCall(request)
}

export { getOnlyAction as action }
