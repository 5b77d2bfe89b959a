import { useRouteLoaderData } from '@remix-run/react'
import type { rootData } from '~/lib/shell/root-data.server'

/** What the root loader knows on every page: language, signed-in user, profile, flash message. */
export function useRootData() {
  return useRouteLoaderData<typeof rootData>('root')
}
