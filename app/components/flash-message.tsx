import { useLocation } from '@remix-run/react'
import { useRef } from 'react'

type Flash = { kind: string; key: string; values?: Record<string, string | number>; text: string }

/**
 * A message stays while its page does: the page's data read again (a draft answered, a poll) comes without it — the
 * first read took it — and must not wipe it (issue 51: "3. segments apstiprināts." vanished as the next draft came
 * back). A new address starts without one, unless it brings its own.
 */
function useFlashOfThisPage(flash: Flash | undefined): Flash | undefined {
  const { key } = useLocation()
  const shown = useRef<{ key: string; flash?: Flash }>({ key, flash })
  if (flash) shown.current = { key, flash }
  else if (shown.current.key !== key) shown.current = { key }
  return shown.current.flash
}

/**
 * A message carried over a redirect (flash cookie). The polite live region is always in the page, so that a
 * message arriving after a client-side navigation (a saved or confirmed segment) is announced; errors are
 * alerts of their own.
 */
export function FlashRegion({ flash: posted }: { flash?: Flash }) {
  const flash = useFlashOfThisPage(posted)
  return (
    <>
      <div className="flash-region" role="status">
        {flash && flash.kind !== 'error' ? <FlashText flash={flash} /> : null}
      </div>
      {flash?.kind === 'error' ? <FlashText flash={flash} role="alert" /> : null}
    </>
  )
}

/** The text comes translated from the root loader (root.tsx), so no namespace is fetched to show it. */
function FlashText({ flash, role }: { flash: Flash; role?: 'alert' }) {
  return (
    <p className={`flash flash-${flash.kind}`} role={role}>
      {flash.text}
    </p>
  )
}

/** A message of the page itself, styled as a flash's (a text kept while the translator signed in again). */
export function InfoNote({ children }: { children: React.ReactNode }) {
  return (
    <p className="flash flash-info" role="status">
      {children}
    </p>
  )
}
