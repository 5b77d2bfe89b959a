import type { LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { requireUser } from '~/lib/auth/session.server'
import { getEnv } from '~/lib/env.server'
import { lookupAddress } from '~/lib/projects/lookups'
import { requireProject } from '~/lib/projects/projects.server'
import { refuseAllButGet } from '~/lib/api/read-fields.server'

/** The term and synonym buttons' form (target=_blank) lands here and goes on to the configured address. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const project = await requireProject(user.id, params)
  const url = new URL(request.url)
  const kind = url.searchParams.get('kind') === 'synonym' ? 'synonym' : 'term'
  const env = getEnv()
  const address = lookupAddress(kind === 'term' ? env.TERM_BASE_URL : env.SYNONYM_BASE_URL, kind, {
    text: url.searchParams.get('text') ?? '',
    sourceLang: project.sourceLang,
    targetLang: project.targetLang,
    systemId: '',
  })
  throw redirect(address ?? `/translate/${project.id}/${project.password}`)
}

/** Any method but GET: 405 with `Allow: GET`, translated (Remix alone answers "Unexpected Server Error"). */
export const action = refuseAllButGet
