import { redirect } from '@remix-run/node'

/** SPEC §2: any other path redirects to the file list. */
export function loader() {
  throw redirect('/')
}

export function action() {
  throw redirect('/')
}
