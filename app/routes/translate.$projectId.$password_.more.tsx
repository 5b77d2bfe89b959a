import type { ShouldRevalidateFunction } from '@remix-run/react'
import { refuseAllButGet } from '~/lib/api/read-fields.server'

/**
 * The pages of segments that scrolling loads (`?before=` / `?after=`, SPEC §4 "loads more"): the translator's own
 * loader at an address of their own, so that they can say they are never read again after an action. The
 * translator's page that follows an action starts its window over, and Remix would otherwise re-run every page a
 * fetcher had loaded — a window query for nothing on each confirm.
 */
export { loader } from './translate.$projectId.$password'

export const shouldRevalidate: ShouldRevalidateFunction = () => false

/** Any method but GET: 405 with `Allow: GET`, translated (Remix alone answers "Unexpected Server Error"). */
export const action = refuseAllButGet
