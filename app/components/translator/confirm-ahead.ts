import { useBlocker, useFetcher, useFetchers, useNavigate, useNavigation } from '@remix-run/react'
import { createContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'

/**
 * Confirm ahead (issue 19, point 11): with JavaScript, a confirm makes the next unconfirmed segment of the list
 * active at once, as Matecat does, while the confirm is posted in the background; the new segment's data (its
 * suggestions, terms, comments) follows. On a slow machine the translator no longer waits for two requests and a
 * render of the whole page between one segment and the next (bench/low-end, "confirm to next segment active").
 *
 * - The segment gone on to is the one the server will name (SPEC §4: the nearest one after it that is not
 *   confirmed), guessed from the rows shown only while they follow each other without a gap. Without a guess (the
 *   rows of a search, the end of the list) the form posts as it does without JavaScript.
 * - Confirms are posted one after another, in order, by a fetcher: a navigation never cuts one off. When the last
 *   is answered the page goes to the segment the server named; where that differs from the guess, the server wins.
 *   A confirm waits for its segment's background draft still on its way, which would otherwise be saved after it.
 * - Leaving the translator (the file list, a download there) waits until every confirm is answered; a page closed
 *   meanwhile hands the confirms not yet answered to the browser to send (`sendBeacon`).
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

/** The answer to a confirm posted with `respond=data`. */
export type ConfirmAnswer = { ok: true; next: number } | { ok: false; error: string }

/**
 * Called by the active segment's form when it is submitted to confirm; true when the confirm was taken ahead
 * (the form's own submission is then prevented).
 */
export type ConfirmAheadHandler = (form: HTMLFormElement, segmentId: number, startedAt: number) => boolean

export const ConfirmAheadContext = createContext<ConfirmAheadHandler>(() => false)

/** The key of a segment's background draft save (its fetcher). */
export const draftKey = (segmentId: number) => `draft-${segmentId}`

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
  const fetcher = useFetcher<ConfirmAnswer>({ key: 'confirm-ahead' })
  const navigate = useNavigate()
  const navigation = useNavigation()
  const fetchers = useFetchers()
  const queue = useRef<{ body: FormData; segmentId: number }[]>([])
  const sent = useRef<{ body: FormData; segmentId: number } | null>(null)
  const answered = useRef<ConfirmAnswer | undefined>(fetcher.data)
  /** The address this hook navigated to last. */
  const going = useRef<string | undefined>(undefined)
  /**
   * The translator went elsewhere meanwhile (another row, Next, a tab; or back to a refused confirm): the confirms
   * still to be answered are posted all the same, but the page no longer follows them.
   */
  const superseded = useRef(false)
  const pending = () => sent.current !== null || queue.current.length > 0
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

  const post = () => {
    const next = queue.current[0]
    if (sent.current || !next) return
    // Posted once that segment's draft is answered (the effect below looks again whenever a fetcher moves).
    if (latest.current.fetchers.some((other) => other.key === draftKey(next.segmentId) && other.state !== 'idle')) return
    queue.current.shift()
    sent.current = next
    latest.current.fetcher.submit(next.body, { method: 'post', action: latest.current.action })
  }
  useEffect(() => post(), [fetchers])

  // Another page of the app waits for the confirms still to be answered (its data, a download, may need them).
  const blocker = useBlocker(({ currentLocation, nextLocation }) => pending() && nextLocation.pathname !== currentLocation.pathname)

  const was = useRef(fetcher.state)
  useEffect(() => {
    const finished = was.current !== 'idle' && fetcher.state === 'idle'
    was.current = fetcher.state
    if (!finished || !sent.current) return
    const answer = fetcher.data !== answered.current ? fetcher.data : undefined
    answered.current = fetcher.data
    const { segmentId } = sent.current
    sent.current = null
    if (!answer) {
      // Answered with a redirect (the session ended: to signing in, the text kept): the page follows the server.
      queue.current = []
      superseded.current = true
      return
    }
    const go = (segment: number) => {
      going.current = latest.current.href(segment)
      latest.current.navigate(going.current, { preventScrollReset: true })
    }
    // Refused (its message waits in the flash): back to that segment at once; the confirms after it still go.
    if (!answer.ok && !superseded.current) {
      superseded.current = true
      go(segmentId)
    }
    if (queue.current.length > 0) return post()
    // The last confirm answered: on to the segment the server named, or out of the translator if that was asked for.
    const { blocker: leaving } = latest.current
    if (leaving.state === 'blocked') leaving.proceed()
    else if (answer.ok && !superseded.current) go(answer.next)
    superseded.current = false
  }, [fetcher.state, fetcher.data])

  // A page closed or reloaded: the confirms not yet answered go with the browser. The one on its way may be cut off
  // before the server has it; posting it again is harmless (the same text confirmed twice).
  useEffect(() => {
    const hand = () => {
      const unanswered = [...(sent.current ? [sent.current] : []), ...queue.current.splice(0)]
      for (const { body } of unanswered) navigator.sendBeacon(latest.current.action, body)
    }
    window.addEventListener('pagehide', hand)
    return () => window.removeEventListener('pagehide', hand)
  }, [])

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
    body.set('respond', 'data')
    const target = String(body.get('target') ?? '')
    queue.current.push({ body, segmentId })
    setAhead({ activeId: next.id, startedAt, confirmed: new Map(ahead?.confirmed).set(segmentId, target) })
    post()
    return true
  }
  // What the callbacks read is this render's; the handler given to the rows is one function for the list's whole
  // life, so that they never render again for it.
  const latest = useRef({ fetcher, fetchers, blocker, navigate, navigation, action, href, confirm })
  latest.current = { fetcher, fetchers, blocker, navigate, navigation, action, href, confirm }
  const handler = useRef<ConfirmAheadHandler>((...args) => latest.current.confirm(...args))

  return { ahead, rows: shown, confirm: handler.current }
}
