import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { answerGet, answerPost } from '~/lib/api/dispatch.server'

/** Every address no page has: one of SPEC §7's calls (dispatch.server.ts), or else a redirect to the file list (SPEC §2). */
export function loader({ request }: LoaderFunctionArgs) {
  return answerGet(request)
}

export function action({ request }: ActionFunctionArgs) {
  return answerPost(request)
}
