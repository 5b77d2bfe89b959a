import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { commentCall } from '~/lib/projects/comment-calls.server'

/** SPEC §7 comments/add (JSON): the translator's comment function for programs. */
export function action({ request }: ActionFunctionArgs) {
  return commentCall(request, 'comment-add')
}

export function loader() {
  throw redirect('/')
}
