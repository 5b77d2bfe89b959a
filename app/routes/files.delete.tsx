import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { deleteFileCall } from '~/lib/projects/file-calls.server'
import { statusCall } from '~/lib/projects/status-calls.server'

/** SPEC §7 files/delete: `{ projectId, deleted: true }`. The file list's own Delete goes through /files/:id/:password/delete. */
export function action({ request }: ActionFunctionArgs) {
  return statusCall(request, (project, _form, user) => deleteFileCall(request, project, user.id))
}

export function loader() {
  throw redirect('/')
}
