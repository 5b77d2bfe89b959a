import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth/session.server'
import { formatById } from '~/lib/formats/registry.server'
import { translatedFile } from '~/lib/projects/pipeline.server'
import { downloadResponse, requireProject } from '~/lib/projects/projects.server'

/** Download of the translation in the original format (untranslated segments keep their source). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const project = await requireProject(user.id, params)
  if (project.status !== 'READY') throw new Response('Not ready', { status: 409 })
  const bytes = await translatedFile(project.id, project.format)
  return downloadResponse(bytes, project.name, formatById(project.format)?.mimeType)
}
