import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { answer } from '~/lib/api/call'
import { calls } from '~/lib/api/calls'
import { requireApiUser } from '~/lib/auth/session.server'
import { uploadFiles } from '~/lib/projects/upload.server'

/**
 * The upload call of SPEC §7 ("files/upload", multipart) for the page's script, which sends one file at a
 * time: `code` below 1 means failure, `errors[].message` carries SPEC §8's code, `data` the new project.
 * Without JavaScript the file list's own form posts to "/" instead.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request)
  const results = await uploadFiles(request, user.id)
  if (!results) return answer(calls.upload, { code: 0, errors: [{ message: 'ErrorCreatingProject' }], time: Date.now() }, { status: 400 })
  const refused = results.flatMap((result) => (result.code ? [{ message: result.code, file: result.name }] : []))
  const created = results.find((result) => result.project)
  return answer(
    calls.upload,
    {
      code: refused.length === 0 ? 1 : 0,
      errors: refused,
      data: created?.project ? { id_project: created.project.id, password: created.project.password } : undefined,
      // Server time of the answer: a list loaded after it includes the new project (upload-queue.ts).
      time: Date.now(),
    },
    { status: refused.length === results.length ? 400 : 200 },
  )
}

export function loader() {
  throw redirect('/')
}
