import type { LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import packageJson from '../../package.json'
import { requireUser } from '~/lib/auth/session.server'
import { exchangeFileName, exchangeMimeType } from '~/lib/exchange/exchange-export.server'
import { exportSelection } from '~/lib/exchange/exchange-selection.server'
import { setFlash } from '~/lib/http/flash.server'
import { withRefusalPage } from '~/lib/http/refusal-page.server'
import { fileListAddress } from '~/lib/projects/file-list'
import { downloadResponse } from '~/lib/projects/projects.server'
import { downloadStream } from '~/lib/threads/helper-thread.server'
import { refuseAllButGet } from '~/lib/api/read-fields.server'

/**
 * Issue 18: the file list's selected files as one bilingual XLIFF 1.2 or 2.0 document, or their confirmed segments as
 * TMX — written in the helper thread as it is read. A refusal goes back to the same page of the list with the reason.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const params = new URL(request.url).searchParams
  return withRefusalPage(request, async () => {
    const selection = await exportSelection(user.id, params)
    if (!selection.ok) {
      throw redirect(fileListAddress(params.get('back')), {
        headers: { 'Set-Cookie': await setFlash({ kind: 'error', key: `exchange:errors.${selection.refusal}` }, request) },
      })
    }
    const { projects, format } = selection
    const bytes = downloadStream({ kind: 'exchange-export', projects, format, version: packageJson.version })
    return downloadResponse(bytes, exchangeFileName(projects, format), exchangeMimeType(format))
  })
}

/** Any method but GET: 405 with `Allow: GET`, translated (Remix alone answers "Unexpected Server Error"). */
export const action = refuseAllButGet
