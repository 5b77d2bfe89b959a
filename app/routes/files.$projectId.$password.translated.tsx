import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth/session.server'
import { withRefusalPage } from '~/lib/http/refusal-page.server'
import { translatedDownload } from '~/lib/projects/downloads.server'
import { requireProject } from '~/lib/projects/projects.server'
import { refuseAllButGet } from '~/lib/api/read-fields.server'

/** Download of the translation in the original format (downloads.server.ts). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return withRefusalPage(request, async () => {
    const download = translatedDownload(await requireProject(user.id, params))
    if (!download) throw new Response('Not ready', { status: 409 })
    return download
  })
}

/** Any method but GET: 405 with `Allow: GET`, translated (Remix alone answers "Unexpected Server Error"). */
export const action = refuseAllButGet
