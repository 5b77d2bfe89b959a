import { useRouteLoaderData } from '@remix-run/react'
import type { loader } from '~/root'

/** What the root loader knows on every page: language, signed-in user, profile, flash message. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>('root')
}
