import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth/session.server'
import { formatById } from '~/lib/formats/registry.server'
import { withRefusalPage } from '~/lib/http/refusal-page.server'
import { downloadResponse, requireProject } from '~/lib/projects/projects.server'
import { downloadStream } from '~/lib/threads/helper-thread.server'

/** Download of the translation in the original format (untranslated segments keep their source), made off this thread. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return withRefusalPage(request, async () => {
    const project = await requireProject(user.id, params)
    if (project.status !== 'READY') throw new Response('Not ready', { status: 409 })
    const bytes = downloadStream({ kind: 'translated-file', projectId: project.id, format: project.format })
    return downloadResponse(bytes, project.name, formatById(project.format)?.mimeType)
  })
}
