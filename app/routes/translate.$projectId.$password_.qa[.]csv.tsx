import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth/session.server'
import { getFixedT } from '~/lib/i18n/i18n.server'
import { requireProject } from '~/lib/projects/projects.server'
import { qaReport, readReportFilter, reportCsv } from '~/lib/qa/qa-report.server'
import { refuseAllButGet } from '~/lib/api/read-fields.server'

/** Issue 17, point 5: the QA report's rows, filtered as on the page, as a CSV download in the interface language. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const project = await requireProject(user.id, params)
  const report = await qaReport(project.id, readReportFilter(new URL(request.url).searchParams))
  const t = await getFixedT(request, 'qa')
  return new Response(reportCsv(report.rows, t), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(`${project.name}.qa.csv`)}`,
      'Cache-Control': 'private, no-store',
    },
  })
}

/** Any method but GET: 405 with `Allow: GET`, translated (Remix alone answers "Unexpected Server Error"). */
export const action = refuseAllButGet
