import type { LoaderFunctionArgs } from '@remix-run/node'
import packageJson from '../../package.json'
import { requireUser } from '~/lib/auth/session.server'
import { withRefusalPage } from '~/lib/http/refusal-page.server'
import { downloadStream } from '~/lib/threads/helper-thread.server'
import { requireMemory } from '~/lib/tm/memory-page.server'
import { tmxExportHeaders } from '~/lib/tm/tmx-export.server'
import { refuseAllButGet } from '~/lib/api/read-fields.server'

/** Issue 5 "TMX": the memory as a TMX 1.4b download, streamed as the download thread writes it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return withRefusalPage(request, async () => {
    const memory = await requireMemory(user.id, params)
    return new Response(downloadStream({ kind: 'tmx-export', memory, version: packageJson.version }), { headers: tmxExportHeaders(memory) })
  })
}

/** Any method but GET: 405 with `Allow: GET`, translated (Remix alone answers "Unexpected Server Error"). */
export const action = refuseAllButGet
