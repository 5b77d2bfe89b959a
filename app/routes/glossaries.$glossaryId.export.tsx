import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth/session.server'
import { downloadResponse } from '~/lib/projects/projects.server'
import { glossaryExport } from '~/lib/terms/glossary-export.server'
import { requireGlossary } from '~/lib/terms/glossary-page.server'
import { refuseAllButGet } from '~/lib/api/read-fields.server'

/** GET /glossaries/:id/export?format=tbx|csv (issue 17): the whole glossary as a download, streamed. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const glossary = await requireGlossary(user.id, params)
  const format = new URL(request.url).searchParams.get('format') === 'csv' ? 'csv' : 'tbx'
  const name = `${glossary.name}.${glossary.sourceLang}-${glossary.targetLang}.${format}`
  return downloadResponse(glossaryExport(glossary, format), name, format === 'tbx' ? 'application/x-tbx+xml; charset=utf-8' : 'text/csv; charset=utf-8')
}

/** Any method but GET: 405 with `Allow: GET`, translated (Remix alone answers "Unexpected Server Error"). */
export const action = refuseAllButGet
