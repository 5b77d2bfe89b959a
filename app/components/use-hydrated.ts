import { useEffect, useLayoutEffect, useState } from 'react'

/** False in the server render and until hydration; enhancements that need scripts render only after. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}

/**
 * The same, but true before the hydrated page is first painted: the enhancement takes the server element's place in
 * the task that hydrates it. For what the page is waiting on (the translator's editor, which takes the caret): with
 * `useHydrated` the unchanged page is painted once more first, which on a slow machine put a frame and a task or two
 * between hydration and typing.
 */
export function useHydratedBeforePaint(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useLayoutEffect(() => setHydrated(true), [])
  return hydrated
}
