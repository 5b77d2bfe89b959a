import { useSyncExternalStore } from 'react'

/**
 * Issue 58 point 6: what the active segment's editor holds as the translator types (canonical form), for what counts
 * it live — the length beside the source's. The editor sets it on every change and when it is made.
 */
const texts = new Map<number, string>()
const listeners = new Set<() => void>()

/**
 * What is typed letter by letter is told once the typing pauses, and at least this often while it goes on: on a slow
 * machine each change shown costs a frame of its own after the letter's (bench/low-end, work per key).
 */
const PAUSE_MS = 200
const MAX_WAIT_MS = 1_000
let told: ReturnType<typeof setTimeout> | undefined
let untoldSince: number | undefined

/** `typing`: a letter typed (told after the pause); anything else (a suggestion taken, the text it starts with) at once. */
export function setTyped(segmentId: number, text: string, typing = false): void {
  if (texts.get(segmentId) === text) return
  texts.clear()
  texts.set(segmentId, text)
  if (!typing) return tell()
  untoldSince ??= performance.now()
  clearTimeout(told)
  told = setTimeout(tell, Math.max(0, Math.min(PAUSE_MS, untoldSince + MAX_WAIT_MS - performance.now())))
}

function tell() {
  clearTimeout(told)
  told = undefined
  untoldSince = undefined
  for (const listener of listeners) listener()
}

export function subscribeTyped(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The segment's text as typed, or `shown` (what the page rendered) before the editor said anything. */
export function useTyped(segmentId: number, shown: string): string {
  return useSyncExternalStore(
    subscribeTyped,
    () => texts.get(segmentId) ?? shown,
    () => shown,
  )
}
