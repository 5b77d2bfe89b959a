import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth/session.server'
import { formatById } from '~/lib/formats/registry.server'
import { withRefusalPage } from '~/lib/http/refusal-page.server'
import { streamOf } from '~/lib/http/stream-of'
import { downloadResponse, projectFileId, requireProject } from '~/lib/projects/projects.server'
import { storedFileChunks } from '~/lib/projects/stored-files.server'

/** Download of the file as uploaded: the same bytes, the same name, a chunk at a time; never shown inline. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return withRefusalPage(request, async () => {
    const project = await requireProject(user.id, params)
    const chunks = storedFileChunks(await projectFileId(project.id))
    return downloadResponse(streamOf(chunks), project.name, formatById(project.format)?.mimeType)
  })
}
