import type { LoaderFunctionArgs } from '@remix-run/node'
import packageJson from '../../package.json'
import { requireUser } from '~/lib/auth/session.server'
import { requireMemory } from '~/lib/tm/memory-page.server'
import { tmxExportResponse } from '~/lib/tm/tmx-export.server'

/** Issue 5 "TMX": the memory as a TMX 1.4b download, streamed. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const memory = await requireMemory(user.id, params)
  return tmxExportResponse(memory, packageJson.version)
}
