import { useLocation } from '@remix-run/react'

/** The current path and query, for forms that send the user back where they were. */
export function useHere(): string {
  const location = useLocation()
  return `${location.pathname}${location.search}`
}
