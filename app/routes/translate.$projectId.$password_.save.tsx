import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { formOf } from '~/lib/http/form.server'
import { requireUserAndProject } from '~/lib/projects/projects.server'
import { intentContext } from '~/lib/translator/intent-context.server'
import { keepPostedText } from '~/lib/translator/kept-text.server'
import { saveIntent } from '~/lib/translator/save-intent.server'

/**
 * The editor's writes with JavaScript (issue 50; app/components/translator/segment-writes.ts): a draft as the
 * translator types, a clear, a copy of the source, a confirm gone ahead — posted in the order they were made, each
 * stamped with its editor page and step, and answered as JSON (the version the text became; a confirm's next segment).
 * A resource route, so that a plain `fetch` and `sendBeacon` can post here and read the answer. A session that has
 * ended redirects to signing in, the text kept, as the translator's own form does.
 */
const WRITES = new Set(['save-draft', 'clear', 'copy-source', 'confirm'])

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, project } = await requireUserAndProject(request, context, params, (userId) => keepPostedText(request, params, userId))
  const posted = intentContext(request, user, project, await formOf(request))
  if (!WRITES.has(posted.intent) || posted.fields.respond !== 'data') return Response.json({ ok: false, error: 'common:errors.unexpected' }, { status: 400 })
  const answer = await saveIntent(posted)
  return Response.json(answer.data, answer.init ?? undefined)
}

/** A browser that GETs this address is sent to the translator (any other address goes to a page, SPEC §2). */
export function loader({ params }: LoaderFunctionArgs) {
  throw redirect(`/translate/${encodeURIComponent(params.projectId ?? '')}/${encodeURIComponent(params.password ?? '')}`)
}
