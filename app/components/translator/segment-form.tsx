import { Form, Link, useNavigation } from '@remix-run/react'
import { useContext, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { InfoNote } from '~/components/flash-message'
import { useHydrated } from '~/components/use-hydrated'
import type { SegmentView } from '~/lib/projects/segments.server'
import { ConfirmAheadContext } from './confirm-ahead'
import { PlaceFields } from './find-replace'
import { placeHref } from '~/lib/projects/translator-url'
import {
  nextStamp,
  onLeave,
  queuedTarget,
  revision,
  sendWrite,
  settleConflict,
  subscribe,
  writeStateOf,
  written,
  type SegmentWriteState,
  type WriteConflict,
} from './segment-writes'
import { RevisionNotes } from './revision-notes'
import { TargetField, type TargetControl } from './target-field'
import { SEGMENT_FORM } from './toolbar'
import type { Loaded, MarkedSegment } from './translator-data'

/** What this page's writes of a segment left: pending, saved, refused (segment-writes.ts), kept up to date. */
export function useSegmentWrite(segmentId: number): SegmentWriteState {
  useSyncExternalStore(subscribe, revision, () => 0)
  return { ...writeStateOf(segmentId) }
}

/** The save route of the editor's writes (segment-writes.ts). */
const saveAddress = (base: string) => `${base}/save`

/** The intents posted as a page once every write of the editor before them has been answered. */
const WRITTEN_FIRST = new Set(['split', 'merge', 'approve', 'reject'])

/** The intents the editor does itself with JavaScript, then writes: what the translator sees is what the server gets. */
const IN_EDITOR: Record<string, (segment: SegmentView) => string> = { clear: () => '', 'copy-source': (segment) => segment.source }

export function SegmentForm({ segment, number, startedAt, loaded }: { segment: MarkedSegment; number: string; startedAt?: number; loaded: Loaded }) {
  const { t } = useTranslation('translate')
  const write = useSegmentWrite(segment.id)
  const form = useRef<HTMLFormElement>(null)
  const field = useRef<TargetControl>(null)
  const reference = useEditingClock(startedAt ?? loaded.renderedAt)
  const confirmAhead = useContext(ConfirmAheadContext)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  // Typing not yet written (the 500 ms timer runs) is this page's own text too.
  const edition = useEdition(segment, write, timer.current !== undefined)
  /** Writes what the form holds now, with `intent`, behind every write before it (segment-writes.ts). */
  const writeNow = (intent: string) => {
    clearTimeout(timer.current)
    timer.current = undefined
    if (!form.current) return
    const body = new FormData(form.current)
    body.set('intent', intent)
    body.set('renderedAt', String(reference.take()))
    void sendWrite(saveAddress(loaded.base), body, segment.id)
  }
  // SPEC §9 editor input debounce 500 ms: typing saves a draft in the background (with JavaScript).
  const saveDraftSoon = () => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => writeNow('save-draft'), 500)
  }
  // Issue 50: words typed less than 500 ms before the page goes, the segment changes or the translator follows a link
  // are written at once, not lost with the timer.
  const flush = () => {
    field.current?.settle()
    if (timer.current !== undefined) writeNow('save-draft')
  }
  const latestFlush = useRef(flush)
  latestFlush.current = flush
  useEffect(() => {
    const leave = onLeave(() => latestFlush.current())
    return () => {
      leave()
      latestFlush.current()
    }
  }, [])
  const navigation = useNavigation()
  useEffect(() => {
    if (navigation.state !== 'idle') latestFlush.current()
  }, [navigation.state])
  // A text kept while the translator signed in again (the loader gives it only for the active segment, this one):
  // shown in the editor and, with JavaScript, saved as a draft at once, as typing it would have been.
  const kept = loaded.kept?.kind === 'target' && segment.id === loaded.activeId ? loaded.kept.text : undefined
  useEffect(() => {
    if (kept !== undefined) saveDraftSoon()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once for the kept text; saveDraftSoon reads the form as it is then
  }, [kept])
  // Issue 52: a save refused for someone else's change. Posted as a page (without JavaScript, or a move) it comes back
  // with the translator's text in the editor and theirs' version in the form, so that saving again keeps it; written
  // by the editor, the editor keeps its text and the form the version it was based on, until the translator chooses.
  // The tab's own conflicts are shown once the page is hydrated (the server's page cannot know them).
  const hydrated = useHydrated()
  const editorConflict = hydrated ? write.conflict : undefined
  const pageConflict = loaded.conflict?.segmentId === segment.id && !editorConflict ? loaded.conflict : undefined
  const conflict: WriteConflict | undefined = editorConflict ?? pageConflict
  const [based, setBased] = useState(0)
  const version = pageConflict ? pageConflict.version : Math.max(based, edition.version, write.version)
  // As the other hidden fields: given no value by React (the server's page cannot know this tab's answered writes).
  const versionField = useRef<HTMLInputElement>(null)
  useLayoutEffect(() => {
    if (versionField.current) versionField.current.value = String(version)
  }, [version])
  const keepMine = (theirs: WriteConflict) => {
    setBased(theirs.version)
    if (form.current) form.current.version.value = String(theirs.version)
    writeNow('save-draft')
  }
  const takeTheirs = (theirs: WriteConflict) => {
    setBased(theirs.version)
    settleConflict(segment.id)
    field.current?.replace(theirs.target)
  }
  const shown = kept ?? pageConflict?.mine ?? edition.text
  return (
    <Form
      method="post"
      action={loaded.base}
      id={SEGMENT_FORM}
      ref={form}
      className="segment-form"
      onSubmit={(event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter
        const intent = submitter?.getAttribute('name') === 'intent' ? (submitter.getAttribute('value') ?? '') : ''
        // Split and merge cut the text the server holds: the words typed before them are written first (issue 51;
        // before, a split within 500 ms of typing dropped the draft's timer and the server never had those words). A
        // reviewer's decision (issue 52) is on the text as written too.
        if (WRITTEN_FIRST.has(intent)) {
          field.current?.settle()
          if (timer.current !== undefined || writeStateOf(segment.id).pending > 0) {
            event.preventDefault()
            const posted = event.currentTarget
            flush()
            void written(segment.id).then(() => posted.requestSubmit(submitter))
            return
          }
        }
        clearTimeout(timer.current)
        timer.current = undefined
        const now = reference.stamp()
        // Clear and copy source happen in the editor, then are written: the editor shows what the server holds.
        const replaced = IN_EDITOR[intent]
        if (replaced) {
          event.preventDefault()
          field.current?.replace(replaced(segment))
          writeNow(intent)
          return
        }
        // A confirm goes on to the next segment at once and is posted behind it (confirm-ahead.ts).
        if (intent === 'confirm' && confirmAhead(event.currentTarget, segment.id, now)) {
          event.preventDefault()
          return
        }
        // Posted as a page (a move, a confirm that cannot go ahead): stamped later than every write queued before it.
        const stamp = nextStamp()
        event.currentTarget.writer.value = stamp.writer
        event.currentTarget.seq.value = String(stamp.seq)
      }}
    >
      <input type="hidden" name="segmentId" value={segment.id} />
      <input type="hidden" name="source" value={segment.source} />
      <input type="hidden" name="renderedAt" defaultValue={loaded.renderedAt} ref={reference.input} />
      <input type="hidden" name="writer" defaultValue="" />
      <input type="hidden" name="seq" defaultValue="" />
      <input type="hidden" name="version" defaultValue={pageConflict ? pageConflict.version : segment.version} ref={versionField} />
      <PlaceFields place={loaded.place} withReplace />
      {conflict ? (
        <ConflictNotice
          conflict={conflict}
          targetLang={loaded.targetLang}
          reload={placeHref(loaded.base, { ...loaded.place, segment: segment.id })}
          onKeepMine={editorConflict ? () => keepMine(conflict) : undefined}
          onTakeTheirs={editorConflict ? () => takeTheirs(conflict) : undefined}
        />
      ) : null}
      {kept !== undefined ? <InfoNote>{t('keptText')}</InfoNote> : null}
      {segment.oversized ? (
        <InfoNote>{t('oversized')}</InfoNote>
      ) : (
        <TargetField
          key={`${segment.id}:${edition.generation}`}
          segment={{ ...segment, target: shown }}
          number={number}
          loaded={loaded}
          onEdit={saveDraftSoon}
          control={field}
        />
      )}
      <label className="segment-split-field">
        {t('split.afterWord')}
        <input
          key={`split-${loaded.renderedAt}`}
          type="number"
          name="splitAfterWord"
          min={1}
          max={Math.max(1, segment.wordCount - 1)}
          inputMode="numeric"
        />
      </label>
      {/* No value from React: a render (a draft answered while a split waits for it) would put the caret's offset back to "". */}
      <input type="hidden" name="splitAt" />
      <input type="hidden" name="splitTargetAt" />
      <RevisionNotes segment={segment} loaded={loaded} number={number} />
      {write.error && write.pending === 0 ? (
        <p className="field-error" role="alert">
          {t(write.error)}
        </p>
      ) : null}
    </Form>
  )
}

/**
 * Which text the editor holds, and when it starts again (issue 50). It starts with the stored text — or, after a
 * reload, with the newest write of the segment still queued or answered since the data was read — and keeps what is
 * typed while the page's data comes and goes: data older than this page's last answered write, or read while a write
 * is on its way, is its own text coming back. Only a version newer than every one this page knows, with nothing of its own on the way, is someone else's
 * change (a suggestion used, the file pretranslated): the editor starts again with it.
 */
function useEdition(segment: SegmentView, write: SegmentWriteState, typing: boolean) {
  const [first] = useState(() => {
    // Data read before this page's (or an earlier page's) last write was answered shows an older text than the server's.
    const answered = write.version > segment.version && write.text !== undefined ? write.text : undefined
    // Issue 52: a conflict not yet settled (a reload) shows the translator's text again, beside theirs.
    const text = write.conflict?.mine ?? queuedTarget(segment.id) ?? answered ?? segment.target ?? ''
    return { text, version: Math.max(segment.version, write.version) }
  })
  const edition = useRef({ generation: 0, text: first.text, version: first.version })
  const known = Math.max(edition.current.version, write.version)
  // Someone else's change while a conflict waits for the translator is not taken over their text.
  if (segment.version > known && write.pending === 0 && !typing && !write.conflict) {
    edition.current = { generation: edition.current.generation + 1, text: segment.target ?? '', version: segment.version }
  }
  return edition.current
}

/**
 * Editing time (SPEC §4) is counted on the server from the reference each save sends. The page's render time
 * is the first reference; each background save moves it on, so no second is counted twice.
 */
function useEditingClock(renderedAt: number) {
  const clock = useRef({ renderedAt, loadedAt: 0, last: renderedAt })
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => {
    clock.current = {
      renderedAt,
      loadedAt: performance.now(),
      last: renderedAt,
    }
  }, [renderedAt])
  const take = () => {
    const { renderedAt: server, loadedAt, last } = clock.current
    clock.current.last = server + Math.round(performance.now() - loadedAt)
    return last
  }
  return {
    input,
    take,
    /** Before a form submission: the hidden field carries the reference the last background save left. Returns now, as the next reference. */
    stamp(): number {
      if (input.current) input.current.value = String(take())
      return clock.current.last
    },
  }
}


/**
 * Issue 52: someone else changed the segment since the version the translator's text was based on. Their text, and
 * the choice: keep mine (saved over theirs) or take theirs. Without JavaScript "keep mine" posts the form (the editor
 * holds the translator's text, the form theirs' version) and "take theirs" opens the segment again.
 */
function ConflictNotice({
  conflict,
  targetLang,
  reload,
  onKeepMine,
  onTakeTheirs,
}: {
  conflict: WriteConflict
  targetLang: string
  reload: string
  onKeepMine?: () => void
  onTakeTheirs?: () => void
}) {
  const { t } = useTranslation('translate')
  return (
    <div className="segment-conflict" role="alert">
      <p>{conflict.editedBy ? t('conflict.byName', { name: conflict.editedBy }) : t('conflict.unknown')}</p>
      <p>
        <span className="segment-conflict-label">{t('conflict.theirs')}</span>{' '}
        <span lang={targetLang} className="segment-conflict-text">
          {conflict.target === '' ? t('conflict.empty') : conflict.target}
        </span>
      </p>
      <p className="hint">{t('conflict.hint')}</p>
      <div className="button-row">
        {onKeepMine ? (
          <button type="button" onClick={onKeepMine}>
            {t('conflict.keepMine')}
          </button>
        ) : (
          <button type="submit" name="intent" value="save-draft">
            {t('conflict.keepMine')}
          </button>
        )}
        {onTakeTheirs ? (
          <button type="button" onClick={onTakeTheirs}>
            {t('conflict.takeTheirs')}
          </button>
        ) : (
          <Link to={reload}>{t('conflict.takeTheirs')}</Link>
        )}
      </div>
    </div>
  )
}
