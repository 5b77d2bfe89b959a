import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { deleteFileCall } from '~/lib/projects/file-calls.server'

/** SPEC §7 files/delete: `{ projectId, deleted: true }`. The file list's own Delete goes through /files/:id/:password/delete. */
export function action({ request }: ActionFunctionArgs) {
  return deleteFileCall(request)
}

export function loader() {
  throw redirect('/')
}
