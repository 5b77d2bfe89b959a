import { Form, useFetcher } from '@remix-run/react'
import { useContext, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { InfoNote } from '~/components/flash-message'
import type { SegmentView } from '~/lib/projects/segments.server'
import { ConfirmAheadContext, draftKey } from './confirm-ahead'
import { TargetField } from './target-field'
import { SEGMENT_FORM } from './toolbar'
import type { Loaded, DraftAnswer } from './translator-data'

/** The background draft save of a segment (SegmentForm submits it; the status column shows its result). */
export function useDraft(segmentId: number) {
  return useFetcher<DraftAnswer>({ key: draftKey(segmentId) })
}

export function SegmentForm({ segment, number, startedAt, loaded }: { segment: SegmentView; number: string; startedAt?: number; loaded: Loaded }) {
  const { t } = useTranslation('translate')
  const draft = useDraft(segment.id)
  const form = useRef<HTMLFormElement>(null)
  const reference = useEditingClock(startedAt ?? loaded.renderedAt)
  const confirmAhead = useContext(ConfirmAheadContext)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer.current), [])
  // The editor starts again (its key) when the stored text changes for another reason than this form's own draft
  // saves: copy source, clear. Its own draft coming back with the page's data (after a confirm went ahead to this
  // segment, or a comment was posted) leaves the editor as it is, with what was typed since, its caret and undo.
  // Every draft sent since the page's data last showed the newest one: data read while a newer draft was on its way
  // shows an older draft, still this form's own (a confirm's data arriving between two drafts of the next segment).
  const drafted = useRef<string[]>([])
  const stored = useRef(segment.target ?? '')
  const target = segment.target ?? ''
  if (drafted.current.at(-1) === target) drafted.current = [target]
  else if (!drafted.current.includes(target)) stored.current = target
  // SPEC §9 editor input debounce 500 ms: typing saves a draft in the background (with JavaScript).
  const saveDraftSoon = () => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      if (!form.current) return
      const body = new FormData(form.current)
      body.set('intent', 'save-draft')
      body.set('respond', 'data')
      body.set('renderedAt', String(reference.take()))
      drafted.current.push(String(body.get('target') ?? ''))
      draft.submit(body, { method: 'post', action: loaded.base })
    }, 500)
  }
  const { search, panel } = loaded.place
  // A text kept while the translator signed in again (the loader gives it only for the active segment, this one):
  // shown in the editor and, with JavaScript, saved as a draft at once, as typing it would have been.
  const kept = loaded.kept?.kind === 'target' && segment.id === loaded.activeId ? loaded.kept.text : undefined
  useEffect(() => {
    if (kept !== undefined) saveDraftSoon()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once for the kept text; saveDraftSoon reads the form as it is then
  }, [kept])
  return (
    <Form
      method="post"
      action={loaded.base}
      id={SEGMENT_FORM}
      ref={form}
      className="segment-form"
      onSubmit={(event) => {
        clearTimeout(timer.current)
        const now = reference.stamp()
        // A confirm goes on to the next segment at once and is posted behind it (confirm-ahead.ts).
        const submitter = (event.nativeEvent as SubmitEvent).submitter
        const confirming = submitter?.getAttribute('name') === 'intent' && submitter.getAttribute('value') === 'confirm'
        if (confirming && confirmAhead(event.currentTarget, segment.id, now)) event.preventDefault()
      }}
    >
      <input type="hidden" name="segmentId" value={segment.id} />
      <input type="hidden" name="source" value={segment.source} />
      <input type="hidden" name="renderedAt" defaultValue={loaded.renderedAt} ref={reference.input} />
      {search.source ? <input type="hidden" name="searchInSource" value={search.source} /> : null}
      {search.target ? <input type="hidden" name="searchInTarget" value={search.target} /> : null}
      {search.comments ? <input type="hidden" name="searchInComments" value={search.comments} /> : null}
      {panel !== 'translations' ? <input type="hidden" name="panel" value={panel} /> : null}
      {kept !== undefined ? <InfoNote>{t('keptText')}</InfoNote> : null}
      <TargetField
        key={`${segment.id}:${kept ?? stored.current}`}
        segment={kept === undefined ? segment : { ...segment, target: kept }}
        number={number}
        loaded={loaded}
        onEdit={saveDraftSoon}
      />
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
      <input type="hidden" name="splitAt" defaultValue="" />
      {draft.data && !draft.data.ok ? (
        <p className="field-error" role="alert">
          {t(draft.data.error)}
        </p>
      ) : null}
    </Form>
  )
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

