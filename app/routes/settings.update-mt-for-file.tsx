import type { LoaderFunctionArgs } from '@remix-run/node'
import { updateMtForFileCall } from '~/lib/projects/project-settings-calls.server'
import { getOnlyAction } from '~/lib/api/read-fields.server'

/** SPEC §7 GET settings/update-mt-for-file?projectId=, as JSON. */
export function loader({ request }: LoaderFunctionArgs) {
  return updateMtForFileCall(request)
}

export { getOnlyAction as action }
