import { useEffect, useState } from 'react'

/** False in the server render and until hydration; enhancements that need scripts render only after. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}
