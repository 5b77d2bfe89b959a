import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth/session.server'
import { getFixedT } from '~/lib/i18n/i18n.server'
import { requireProject } from '~/lib/projects/projects.server'
import { revisionCsv, revisionReport } from '~/lib/projects/revision-report.server'
import { refuseAllButGet } from '~/lib/api/read-fields.server'

/** Issue 52 point 5: the revision report as a CSV download in the interface language (every issue). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const project = await requireProject(user.id, params)
  const report = await revisionReport(project)
  const t = await getFixedT(request, 'translate')
  return new Response(revisionCsv(report, t), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(`${project.name}.revision.csv`)}`,
      'Cache-Control': 'private, no-store',
    },
  })
}

/** Any method but GET: 405 with `Allow: GET`, translated. */
export const action = refuseAllButGet
