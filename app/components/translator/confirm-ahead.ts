import { useBlocker, useNavigate, useNavigation } from '@remix-run/react'
import { createContext, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { queueState, revision, sendWrite, subscribe, type WriteAnswer } from './segment-writes'

/**
 * Confirm ahead (issue 19, point 11): with JavaScript, a confirm makes the next unconfirmed segment of the list
 * active at once, as Matecat does, while the confirm is posted in the background; the new segment's data (its
 * suggestions, terms, comments) follows. On a slow machine the translator no longer waits for two requests and a
 * render of the whole page between one segment and the next (bench/low-end, "confirm to next segment active").
 *
 * - The segment gone on to is the one the server will name (SPEC §4: the nearest one after it that is not
 *   confirmed), guessed from the rows shown only while they follow each other without a gap. Without a guess (the
 *   rows of a search, the end of the list) the form posts as it does without JavaScript.
 * - Confirms are posted in the tab's queue of writes (segment-writes.ts), behind the drafts typed before them: in order,
 *   through a navigation, a reload or a closed page. When the last is answered the page goes to the segment the
 *   server named; where that differs from the guess, the server wins.
 * - Leaving the translator (the file list, a download there) waits until every confirm is answered, unless the server
 *   cannot be reached.
 * - Until then the confirmed rows show what was confirmed, and the assistant panel, which still shows the confirmed
 *   segment's suggestions and comments, is inert.
 */

/** What a row needs for the guess and for showing a confirmed text. */
interface Row {
  id: number
  position: number
  status: string
  target: string | null
  saveType: string | null
}

/** The segment gone on to, and the texts confirmed until the page's data catches up. */
export interface Ahead {
  activeId: number
  /** The editing clock's start for the segment gone on to (server time, ms; see useEditingClock). */
  startedAt: number
  confirmed: ReadonlyMap<number, string>
}

/**
 * Called by the active segment's form when it is submitted to confirm; true when the confirm was taken ahead
 * (the form's own submission is then prevented).
 */
export type ConfirmAheadHandler = (form: HTMLFormElement, segmentId: number, startedAt: number) => boolean

export const ConfirmAheadContext = createContext<ConfirmAheadHandler>(() => false)

/** The next segment the server will go on to from this one, when the rows tell it for sure. */
export function guessNext<T extends Row>(rows: readonly T[], segmentId: number): T | undefined {
  const index = rows.findIndex((row) => row.id === segmentId)
  if (index < 0) return undefined
  for (let at = index + 1; at < rows.length; at++) {
    const row = rows[at]!
    if (row.position !== rows[at - 1]!.position + 1) return undefined
    if (row.status !== 'TRANSLATED') return row
  }
  return undefined
}

export function useConfirmAhead<T extends Row>(options: {
  /** The page's data: a new one is the server catching up. */
  loaded: object
  rows: T[]
  action: string
  /** The translator's address of a segment, keeping the search and the open tab. */
  href: (segmentId: number) => string
  /** The element whose assistant panel goes inert while a confirm is ahead. */
  scope: React.RefObject<HTMLElement>
}) {
  const { loaded, rows, action, href, scope } = options
  const [ahead, setAhead] = useState<Ahead | null>(null)
  const navigate = useNavigate()
  const navigation = useNavigation()
  const writes = useSyncExternalStore(subscribe, revision, () => 0)
  /** Confirms posted and not yet answered. */
  const unanswered = useRef(0)
  /** The address this hook navigated to last. */
  const going = useRef<string | undefined>(undefined)
  /**
   * The translator went elsewhere meanwhile (another row, Next, a tab; or back to a refused confirm): the confirms
   * still to be answered are posted all the same, but the page no longer follows them.
   */
  const superseded = useRef(false)
  const pending = () => unanswered.current > 0
  if (navigation.state !== 'idle' && (ahead || pending())) {
    const location = navigation.location && `${navigation.location.pathname}${navigation.location.search}`
    if (location !== going.current) superseded.current = true
  }

  // The page's data came: the server has caught up, unless a confirm is still to be answered and followed.
  const [seen, setSeen] = useState(loaded)
  if (seen !== loaded) {
    setSeen(loaded)
    if (ahead && (superseded.current || !pending())) setAhead(null)
    if (!pending()) superseded.current = false
  }

  const shown = useMemo(() => {
    if (!ahead) return rows
    return rows.map((row) => {
      const target = ahead.confirmed.get(row.id)
      if (target === undefined) return row
      return { ...row, target: target || null, status: 'TRANSLATED', saveType: target === (row.target ?? '') ? row.saveType : 'MANUAL' }
    })
  }, [rows, ahead])

  // Another page of the app waits for the confirms still to be answered (its data, a download, may need them) — unless
  // the server cannot be reached: then the confirms wait in the tab's queue (segment-writes.ts) and the page goes.
  // The page asked for, noted when it is held: the last answer can come before the page has rendered the blocker's
  // held state (a click in the same moment), and going to the next segment then would drop the click for good.
  // Likewise a move made while confirms are unanswered (another row, Next) is noted as it starts, not at the next render:
  // the last answer, coming in between, would otherwise take the page back to the segment it guessed.
  const leaving = useRef<string | undefined>(undefined)
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (pending() && `${nextLocation.pathname}${nextLocation.search}` !== going.current) superseded.current = true
    const hold = pending() && !queueState().offline && nextLocation.pathname !== currentLocation.pathname
    if (hold) leaving.current = `${nextLocation.pathname}${nextLocation.search}${nextLocation.hash}`
    return hold
  })
  useEffect(() => {
    if (blocker.state !== 'blocked' || !queueState().offline) return
    leaving.current = undefined
    blocker.proceed()
  }, [blocker, writes])

  /** A confirm's answer; confirms are answered in the order they were posted (segment-writes.ts). */
  const answered = (segmentId: number, guessed: number, answer: WriteAnswer) => {
    unanswered.current--
    // The session ended: the text is kept, and the page goes to signing in (segment-writes.ts).
    if (answer.kind === 'signed-out') {
      superseded.current = true
      return
    }
    const go = (segment: number) => {
      going.current = latest.current.href(segment)
      latest.current.navigate(going.current, { preventScrollReset: true })
    }
    // Refused (its message waits in the flash), or refused for a colleague's change (issue 52: the segment shows both
    // texts): back to that segment at once; the confirms after it still go.
    if ((answer.kind === 'refused' || answer.kind === 'conflict') && !superseded.current) {
      superseded.current = true
      go(segmentId)
    }
    if (pending()) return
    // The last confirm answered: on to the segment the server named, or out of the translator if that was asked for
    // (held, or asked for while this answer was on its way and not yet rendered as held).
    const { blocker: held } = latest.current
    const leave = leaving.current
    leaving.current = undefined
    if (held.state === 'blocked') held.proceed()
    else if (leave !== undefined) latest.current.navigate(leave)
    else if (answer.kind === 'saved' && !superseded.current) go(answer.next ?? guessed)
    superseded.current = false
  }

  // The assistant panel shows the confirmed segment's suggestions and comments until the new ones come.
  useLayoutEffect(() => {
    const panel = scope.current?.querySelector('.assistant-panel')
    panel?.toggleAttribute('inert', ahead !== null)
    if (ahead) panel?.setAttribute('aria-busy', 'true')
    else panel?.removeAttribute('aria-busy')
  }, [ahead, scope])

  const confirm: ConfirmAheadHandler = (form, segmentId, startedAt) => {
    const next = guessNext(shown, segmentId)
    if (!next) return false
    if (!ahead && !pending()) superseded.current = false
    const body = new FormData(form)
    body.set('intent', 'confirm')
    const target = String(body.get('target') ?? '')
    unanswered.current++
    setAhead({ activeId: next.id, startedAt, confirmed: new Map(ahead?.confirmed).set(segmentId, target) })
    void sendWrite(`${latest.current.action}/save`, body, segmentId).then((answer) => latest.current.answered(segmentId, next.id, answer))
    return true
  }
  // What the callbacks read is this render's; the handler given to the rows is one function for the list's whole
  // life, so that they never render again for it.
  const latest = useRef({ blocker, navigate, action, href, confirm, answered })
  latest.current = { blocker, navigate, action, href, confirm, answered }
  const handler = useRef<ConfirmAheadHandler>((...args) => latest.current.confirm(...args))

  return { ahead, rows: shown, confirm: handler.current }
}
