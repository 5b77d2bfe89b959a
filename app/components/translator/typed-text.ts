import { useSyncExternalStore } from 'react'

/**
 * Issue 58 point 6: what the active segment's editor holds as the translator types (canonical form), for what counts
 * it live — the length beside the source's. The editor sets it on every change and when it is made.
 */
const texts = new Map<number, string>()
const listeners = new Set<() => void>()

export function setTyped(segmentId: number, text: string): void {
  if (texts.get(segmentId) === text) return
  texts.clear()
  texts.set(segmentId, text)
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The segment's text as typed, or `shown` (what the page rendered) before the editor said anything. */
export function useTyped(segmentId: number, shown: string): string {
  return useSyncExternalStore(
    subscribe,
    () => texts.get(segmentId) ?? shown,
    () => shown,
  )
}
