/**
 * The translator's writes with JavaScript (issue 50): every draft, clear, copy of the source and confirm gone ahead
 * reaches the server in the order the translator made them, through reloads, navigation and closed tabs.
 *
 * - One queue per tab, posted one write at a time to the translator's …/save route. Each write is stamped with this
 *   page's writer id and a step counting up; the server applies a write only when it is later than the last step this
 *   page wrote of the segment (a write delayed behind a later one changes nothing), so a write sent twice is applied
 *   once.
 * - The queue is kept in the tab's sessionStorage until the server has answered each write. When the page goes (a
 *   reload, a closed tab, another site), what is still queued is handed to the browser to send (`sendBeacon`); a reload
 *   finds the queue again and sends it once more — the stamps make a write the beacon already delivered change nothing.
 * - A write the server could not be reached for stays queued and is tried again (a growing pause, and at once when the
 *   browser says it is online again); a write refused for what it holds (invalid tags) is dropped with its message.
 * - A session that has ended answers with a redirect: the server keeps the text for after signing in, and the page
 *   goes there.
 * - Issue 52: a write based on a version someone else has changed since is refused with their text (a conflict). The
 *   segment keeps the conflict — in the tab's sessionStorage too, with the text the translator sent — until a later
 *   write of it is saved (the translator kept theirs over it) or the translator takes the other text.
 */

/** Issue 52: a write refused because someone else changed the segment since its version: their text, and the one sent. */
export interface WriteConflict {
  version: number
  target: string
  status: string
  editedBy: string | null
  mine: string
}

/** What the server answered a write. */
export type WriteAnswer =
  | { kind: 'saved'; version: number | null; target: string | null; stale: boolean; next?: number }
  | { kind: 'refused'; error: string }
  | { kind: 'conflict'; conflict: WriteConflict }
  /** The session had ended: the server kept the text, and the browser must sign in again. */
  | { kind: 'signed-out' }

/** A write as queued and kept: where it goes, its form fields (urlencoded, stamped), the segment. */
interface Write {
  action: string
  body: string
  segmentId: number
  writer: string
  seq: number
}

/** What the page shows of a segment's writes. */
export interface SegmentWriteState {
  /** Writes of the segment not yet answered. */
  pending: number
  /** The last write was saved (a draft shows as one). */
  saved: boolean
  /** The last write was refused: its message key. */
  error?: string
  /** The newest version the server answered for the segment, and the text it answered it for. */
  version: number
  text?: string
  /** Issue 52: the last write was refused for someone else's change, not yet settled. */
  conflict?: WriteConflict
}

const STORAGE_KEY = 'tulks:segment-writes'
/**
 * What the server answered the tab's last writes of each segment (version, text), kept as the writes are: a reload's
 * data may have been read before the last write the page going away saw answered (the browser asks for the new page
 * while the old one still runs).
 */
const ANSWERS_KEY = 'tulks:segment-answers'
const ANSWERS_KEPT = 200
/** Issue 52: the segments' conflicts not yet settled, with the text the translator sent (a reload shows them again). */
const CONFLICTS_KEY = 'tulks:segment-conflicts'
const RETRY_FIRST_MS = 1000
const RETRY_MOST_MS = 15_000

interface Queue {
  writer: string
  seq: number
  writes: Write[]
  /** Whoever waits for a write of this page, by step. */
  waiting: Map<number, (answer: WriteAnswer) => void>
  sending: boolean
  /** The server could not be reached for the write in front. */
  offline: boolean
  retryMs: number
  retryTimer?: ReturnType<typeof setTimeout>
  segments: Map<number, SegmentWriteState>
  leaving: Set<() => void>
  listeners: Set<() => void>
  /** Changes with every change listeners are told of (useSyncExternalStore's snapshot). */
  revision: number
  /** Writes an earlier page of the tab left were answered since takeReplayed() was last asked. */
  replayed: boolean
}

let queue: Queue | undefined

function newWriter(): string {
  const random = globalThis.crypto?.randomUUID?.()
  return random ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`
}

/** The tab's queue, made on first use in the browser with what an earlier page of the tab left unanswered. */
function started(): Queue {
  if (queue) return queue
  const writes = readStored()
  queue = {
    writer: newWriter(),
    seq: 0,
    writes,
    waiting: new Map(),
    sending: false,
    offline: false,
    retryMs: RETRY_FIRST_MS,
    segments: new Map(),
    leaving: new Set(),
    listeners: new Set(),
    revision: 0,
    replayed: false,
  }
  for (const [segmentId, version, text] of readAnswers()) Object.assign(segmentState(segmentId), { version, text })
  for (const [segmentId, conflict] of readConflicts()) segmentState(segmentId).conflict = conflict
  for (const write of writes) segmentState(write.segmentId).pending++
  window.addEventListener('pagehide', handOver)
  window.addEventListener('beforeunload', warnIfUnsendable)
  window.addEventListener('online', retryNow)
  pump()
  return queue
}

function readStored(): Write[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]')
    return Array.isArray(stored) ? stored.filter(isWrite) : []
  } catch {
    return []
  }
}

function readAnswers(): [number, number, string][] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(ANSWERS_KEY) ?? '[]')
    return Array.isArray(stored) ? stored.filter((entry) => Array.isArray(entry) && entry.length === 3) : []
  } catch {
    return []
  }
}

function storeAnswers(current: Queue) {
  const answers = [...current.segments].flatMap(([segmentId, state]) => (state.text === undefined ? [] : [[segmentId, state.version, state.text]]))
  try {
    sessionStorage.setItem(ANSWERS_KEY, JSON.stringify(answers.slice(-ANSWERS_KEPT)))
  } catch {
    // As store(): the page itself still knows.
  }
}

function readConflicts(): [number, WriteConflict][] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(CONFLICTS_KEY) ?? '[]')
    return Array.isArray(stored) ? stored.filter((entry) => Array.isArray(entry) && entry.length === 2 && typeof entry[1]?.mine === 'string') : []
  } catch {
    return []
  }
}

function storeConflicts(current: Queue) {
  const conflicts = [...current.segments].flatMap(([segmentId, state]) => (state.conflict ? [[segmentId, state.conflict]] : []))
  try {
    if (conflicts.length === 0) sessionStorage.removeItem(CONFLICTS_KEY)
    else sessionStorage.setItem(CONFLICTS_KEY, JSON.stringify(conflicts))
  } catch {
    // As store(): the page itself still knows.
  }
}

function isWrite(value: unknown): value is Write {
  const write = value as Write
  return typeof write?.action === 'string' && typeof write.body === 'string' && typeof write.segmentId === 'number' && typeof write.seq === 'number'
}

function store(current: Queue) {
  try {
    if (current.writes.length === 0) sessionStorage.removeItem(STORAGE_KEY)
    else sessionStorage.setItem(STORAGE_KEY, JSON.stringify(current.writes))
  } catch {
    // Storage full or refused (a private window): the queue still lives in this page, and goes with it at pagehide.
  }
}

function segmentState(segmentId: number): SegmentWriteState {
  const current = queue!
  let state = current.segments.get(segmentId)
  if (!state) {
    state = { pending: 0, saved: false, version: 0 }
    current.segments.set(segmentId, state)
  }
  return state
}

function changed() {
  const current = queue!
  current.revision++
  for (const listener of current.listeners) listener()
}

/**
 * Queues a write of a segment: the form's fields, stamped with this page's writer and next step, posted to `action`
 * after every write queued before it. Answered when the server has answered.
 */
export function sendWrite(action: string, form: FormData, segmentId: number): Promise<WriteAnswer> {
  const current = started()
  const seq = ++current.seq
  const fields = new URLSearchParams()
  for (const [name, value] of form) if (typeof value === 'string' && name !== 'writer' && name !== 'seq' && name !== 'respond') fields.append(name, value)
  fields.set('respond', 'data')
  fields.set('writer', current.writer)
  fields.set('seq', String(seq))
  current.writes.push({ action, body: fields.toString(), segmentId, writer: current.writer, seq })
  segmentState(segmentId).pending++
  store(current)
  changed()
  const answered = new Promise<WriteAnswer>((resolve) => current.waiting.set(seq, resolve))
  pump()
  return answered
}

/**
 * The stamp of this page's next write, for a form posted as a page (move, next, a confirm that does not go ahead):
 * later than every write queued so far, so that none of them, arriving after it, undoes it.
 */
export function nextStamp(): { writer: string; seq: number } {
  const current = started()
  return { writer: current.writer, seq: ++current.seq }
}

function pump() {
  const current = queue!
  const write = current.writes[0]
  if (current.sending || !write || current.retryTimer) return
  current.sending = true
  post(write).then((answer) => {
    current.sending = false
    if (!answer) return retryLater()
    current.offline = false
    current.retryMs = RETRY_FIRST_MS
    current.writes.shift()
    store(current)
    const state = segmentState(write.segmentId)
    state.pending = Math.max(0, state.pending - 1)
    if (answer.kind === 'saved') {
      state.saved = true
      state.error = undefined
      if (state.conflict && !answer.stale) {
        state.conflict = undefined
        storeConflicts(current)
      }
      if (answer.version !== null && answer.target !== null && answer.version >= state.version) {
        // Newest last: the map keeps the order the answers came in, and storeAnswers keeps the newest.
        current.segments.delete(write.segmentId)
        current.segments.set(write.segmentId, Object.assign(state, { version: answer.version, text: answer.target }))
        storeAnswers(current)
      }
    } else if (answer.kind === 'refused') {
      state.saved = false
      state.error = answer.error
    } else if (answer.kind === 'conflict') {
      state.saved = false
      state.conflict = answer.conflict
      storeConflicts(current)
    }
    if (write.writer === current.writer) {
      current.waiting.get(write.seq)?.(answer)
      current.waiting.delete(write.seq)
    } else current.replayed = true
    changed()
    // The translator's page of that segment, asked for again, sends the browser to signing in (the server has kept the
    // text, and says so there); what is still queued follows once signed in.
    if (answer.kind === 'signed-out') return window.location.assign(`${write.action.replace(/\/save$/, '')}?segment=${write.segmentId}`)
    pump()
  })
}

/** The server's answer; undefined when it could not be reached (or failed on its side): the write is tried again. */
async function post(write: Write): Promise<WriteAnswer | undefined> {
  let response: Response
  try {
    response = await fetch(write.action, {
      method: 'POST',
      body: new URLSearchParams(write.body),
      credentials: 'same-origin',
      redirect: 'manual',
    })
  } catch {
    return undefined
  }
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) return { kind: 'signed-out' }
  const answer = (await response.json().catch(() => undefined)) as
    | { ok?: boolean; version?: number | null; target?: string | null; stale?: boolean; next?: number; error?: string; conflict?: WriteConflict }
    | undefined
  if (response.status === 409 && answer?.conflict) return { kind: 'conflict', conflict: answer.conflict }
  if (response.ok && answer?.ok) {
    return { kind: 'saved', version: answer.version ?? null, target: answer.target ?? null, stale: answer.stale === true, next: answer.next }
  }
  // Refused for what it holds (its message), or a file no longer there (404): not sent again.
  if (answer?.error || (response.status >= 400 && response.status < 500)) return { kind: 'refused', error: answer?.error ?? 'common:errors.unexpected' }
  return undefined
}

function retryLater() {
  const current = queue!
  current.offline = true
  changed()
  current.retryTimer = setTimeout(retryNow, current.retryMs)
  current.retryMs = Math.min(RETRY_MOST_MS, current.retryMs * 2)
}

function retryNow() {
  const current = queue!
  clearTimeout(current.retryTimer)
  current.retryTimer = undefined
  pump()
}

/** The page goes: last texts typed are queued (onLeave), and every write not yet answered goes with the browser. */
function handOver() {
  const current = queue!
  for (const leave of current.leaving) leave()
  for (const write of current.writes) navigator.sendBeacon(write.action, new URLSearchParams(write.body))
}

/** "Leave the page?" only while writes wait and cannot be sent (offline); otherwise the browser sends them. */
function warnIfUnsendable(event: BeforeUnloadEvent) {
  const current = queue!
  for (const leave of current.leaving) leave()
  if (current.writes.length > 0 && (current.offline || !navigator.onLine)) event.preventDefault()
}

/** Called when the page goes, before what is queued is handed over: a form queues what it has not sent yet. */
export function onLeave(flush: () => void): () => void {
  const current = started()
  current.leaving.add(flush)
  return () => current.leaving.delete(flush)
}

/** Issue 52: the translator takes the other text over theirs: the conflict is settled without a write. */
export function settleConflict(segmentId: number): void {
  const current = started()
  const state = segmentState(segmentId)
  if (!state.conflict) return
  state.conflict = undefined
  storeConflicts(current)
  changed()
}

/** The segment's state as this page's writes left it. */
export function writeStateOf(segmentId: number): SegmentWriteState {
  if (typeof window === 'undefined') return { pending: 0, saved: false, version: 0 }
  started()
  return segmentState(segmentId)
}

/** Resolves once no write of the segment is waiting (issue 51: a split or merge waits for the words typed before it). */
export function written(segmentId: number): Promise<void> {
  return new Promise((resolve) => {
    if (writeStateOf(segmentId).pending === 0) return resolve()
    const stop = subscribe(() => {
      if (writeStateOf(segmentId).pending > 0) return
      stop()
      resolve()
    })
  })
}

/** The text of the newest write queued for a segment, not yet answered (an earlier page of the tab may have left it). */
export function queuedTarget(segmentId: number): string | undefined {
  if (typeof window === 'undefined') return undefined
  const write = started().writes.findLast((each) => each.segmentId === segmentId)
  return write ? (new URLSearchParams(write.body).get('target') ?? undefined) : undefined
}

/** Writes not yet answered, and whether the server cannot be reached. */
export function queueState(): { pending: number; offline: boolean } {
  if (typeof window === 'undefined') return { pending: 0, offline: false }
  const current = started()
  return { pending: current.writes.length, offline: current.offline }
}

/** Whether any of these segments, as the page's data has them, is older than a write of the tab the server answered. */
export function olderThanAnswered(segments: readonly { id: number; version: number }[]): boolean {
  if (typeof window === 'undefined') return false
  const current = started()
  return segments.some((segment) => segment.version < (current.segments.get(segment.id)?.version ?? 0))
}

/** Whether writes an earlier page of the tab left have been answered since last asked: the page's data may be older. */
export function takeReplayed(): boolean {
  if (typeof window === 'undefined') return false
  const current = started()
  const replayed = current.replayed
  current.replayed = false
  return replayed
}

export function subscribe(listener: () => void): () => void {
  const current = started()
  current.listeners.add(listener)
  return () => current.listeners.delete(listener)
}

/** For useSyncExternalStore: changes whenever anything above does. */
export function revision(): number {
  return typeof window === 'undefined' ? 0 : started().revision
}
