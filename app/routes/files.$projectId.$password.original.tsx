import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth/session.server'
import { formatById } from '~/lib/formats/registry.server'
import { downloadResponse, projectBytes, requireProject } from '~/lib/projects/projects.server'

/** Download of the file as uploaded: the same bytes, the same name; never shown inline. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const project = await requireProject(user.id, params)
  const bytes = await projectBytes(project.id)
  return downloadResponse(bytes, project.name, formatById(project.format)?.mimeType)
}
