import { Form, useFetcher, useSearchParams } from '@remix-run/react'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from '~/components/use-hydrated'
import { formatDateTime } from '~/lib/i18n/format'
import { checkComment, COMMENT_MAX_LENGTH, commentMatches, MESSAGE_TYPE } from '~/lib/projects/comment-rules'
import type { CommentAnswer, CommentProblem, CommentState, CommentView } from '~/lib/projects/comments.server'
import { InfoNote } from '~/components/flash-message'
import { Icon } from '~/components/icons'
import { focusActiveEditor, takeCommentsFocus } from './editor-focus'

type Answer = CommentAnswer['comments']

/** SPEC §5 and §8 texts for the action's problem codes. */
const problemKeys: Record<CommentProblem, string> = {
  empty: 'errors.empty',
  'too-long': 'errors.tooLong',
  'save-failed': 'errors.saveFailed',
  'nothing-to-resolve': 'errors.nothingToResolve',
}

interface CommentsPanelProps {
  segmentId: number
  /** The number the segment list shows (SPEC §2: id − first id + 1). */
  segmentNumber: number | string
  comments: CommentView[]
  /** The action's answer after a POST without JavaScript (useActionData). */
  answer?: Answer
  /** A comment posted after the session had ended, kept while the translator signed in again. */
  kept?: string
  language: string
}

/**
 * SPEC §2 assistant panel, "Comments" tab, for the active segment: search, list, add-comment textarea with
 * Publish, Resolve all. Plain forms without JavaScript (the action redirects back to `#comments`); with it a
 * fetcher posts them, the page stays where it is and the loaders refresh the list and the chat icons.
 * Render it keyed by the segment id, so the typed text and messages belong to one segment.
 */
export function CommentsPanel({ segmentId, segmentNumber, comments, answer, kept, language }: CommentsPanelProps) {
  const { t } = useTranslation('comments')
  const hydrated = useHydrated()
  const fetcher = useFetcher<CommentAnswer>()
  const id = useId()
  const [searchParams] = useSearchParams()
  const [query, setQuery] = useState(searchParams.get('commentSearch') ?? '')

  const latest: Answer | undefined = fetcher.data?.comments ?? answer
  const mine = latest?.segmentId === segmentId ? latest : undefined
  // A comment kept while the translator signed in again (its session had ended when it was published) comes back.
  const [text, setText] = useState(mine && !mine.ok && mine.intent === 'comment-add' ? mine.message : (kept ?? ''))
  const [checked, setChecked] = useState<{
    problem: CommentProblem
    max?: number
  }>()
  const [status, setStatus] = useState('')

  useEffect(() => {
    const done = fetcher.data?.comments
    if (fetcher.state !== 'idle' || !done?.ok) return
    if (done.intent === 'comment-add') setText('')
    setStatus(t(done.intent === 'comment-add' ? 'status.published' : 'status.resolved'))
    // Issue 51: published, the caret goes back to the translation (the status above still says so).
    if (done.intent === 'comment-add') focusActiveEditor()
  }, [fetcher.state, fetcher.data, t])
  const field = useRef<HTMLTextAreaElement>(null)
  useEffect(() => {
    if (takeCommentsFocus()) field.current?.focus()
  }, [])

  const busy = fetcher.state !== 'idle'
  const served = mine && !mine.ok ? mine : undefined
  const addProblem = checked ?? (served?.intent === 'comment-add' ? served : undefined)
  const resolveProblem = served?.intent === 'comment-resolve' ? served : undefined
  const problemText = (problem: { problem: CommentProblem; max?: number }) =>
    t(problemKeys[problem.problem], {
      count: problem.max ?? COMMENT_MAX_LENGTH,
    })

  // SPEC §5 checked before posting, with the server's own rule and texts.
  function checkBeforePosting(event: FormEvent<HTMLFormElement>) {
    setStatus('')
    const check = checkComment(text)
    if (check.ok) {
      setChecked(undefined)
      return
    }
    event.preventDefault()
    const [error] = check.errors
    setChecked(error?.code === 'too-long' ? { problem: 'too-long', max: error.max } : { problem: 'empty' })
  }

  const listed = comments.filter((comment) => commentMatches(comment, query, language))
  const open = comments.at(-1)?.messageType === MESSAGE_TYPE.comment
  const textareaId = `${id}-message`
  const hintId = `${id}-hint`
  const errorId = `${id}-error`

  return (
    <section id="comments" className="comments-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('title', { number: segmentNumber })}</h2>

      <Form
        method="get"
        role="search"
        aria-label={t('search.region')}
        className="comments-search"
        onSubmit={hydrated ? (event) => event.preventDefault() : undefined}
      >
        <input type="hidden" name="segment" value={segmentId} />
        <input type="hidden" name="panel" value="comments" />
        <label htmlFor={`${id}-search`}>{t('search.label')}</label>
        <input id={`${id}-search`} type="search" name="commentSearch" value={query} onChange={(event) => setQuery(event.target.value)} />
        {/* With JavaScript the list filters as one types; the button is for the plain form. */}
        {hydrated ? null : <button type="submit">{t('search.submit')}</button>}
      </Form>

      {comments.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <>
          <p role="status" className="comments-found">
            {query.trim() !== '' ? t('search.found', { count: listed.length }) : null}
          </p>
          <ol className="comment-list">
            {listed.map((comment) =>
              comment.messageType === MESSAGE_TYPE.resolved ? (
                <li key={comment.id} className="comment comment-resolved">
                  <p>
                    {t('resolvedBy', { name: comment.fullName })} <CommentTime iso={comment.createdAt} language={language} />
                  </p>
                </li>
              ) : (
                <li key={comment.id} className="comment">
                  <p className="comment-meta">
                    <span className="comment-author">{comment.fullName}</span> <CommentTime iso={comment.createdAt} language={language} />
                  </p>
                  <p className="comment-message">{comment.message}</p>
                </li>
              ),
            )}
          </ol>
        </>
      )}

      <fetcher.Form method="post" className="comment-form" noValidate onSubmit={checkBeforePosting}>
        <input type="hidden" name="segmentId" value={segmentId} />
        {hydrated ? <input type="hidden" name="reply" value="data" /> : null}
        <label htmlFor={textareaId}>{t('add.label', { number: segmentNumber })}</label>
        <p id={hintId} className="field-hint">
          {t('add.hint', { count: COMMENT_MAX_LENGTH })}
        </p>
        {/* No maxLength: the browser would cut a pasted text silently (and counts UTF-16 units, not characters); the
            rule's message says what is wrong and the text stays to be shortened. */}
        {kept !== undefined ? <InfoNote>{t('kept')}</InfoNote> : null}
        <textarea
          ref={field}
          id={textareaId}
          name="message"
          rows={3}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={addProblem ? true : undefined}
          aria-describedby={addProblem ? `${hintId} ${errorId}` : hintId}
        />
        {addProblem ? (
          <p id={errorId} className="field-error" role="alert">
            {problemText(addProblem)}
          </p>
        ) : null}
        <div className="comment-buttons">
          <button type="submit" name="intent" value="comment-add" className="button-primary" disabled={busy}>
            {t('add.publish')}
          </button>
        </div>
      </fetcher.Form>

      {open ? (
        <fetcher.Form method="post" className="comment-resolve" onSubmit={() => setStatus('')}>
          <input type="hidden" name="segmentId" value={segmentId} />
          {hydrated ? <input type="hidden" name="reply" value="data" /> : null}
          <button type="submit" name="intent" value="comment-resolve" disabled={busy}>
            {t('resolveAll')}
          </button>
        </fetcher.Form>
      ) : null}
      {resolveProblem ? (
        <p className="field-error" role="alert">
          {problemText(resolveProblem)}
        </p>
      ) : null}
      <p role="status" className="comment-status">
        {status}
      </p>
    </section>
  )
}

/** Issue 51: one rule with and without JavaScript — the time in TIME_ZONE (app/lib/i18n/format.ts), as every page shows. */
function CommentTime({ iso, language }: { iso: string; language: string }) {
  return <time dateTime={iso}>{formatDateTime(new Date(iso), language)}</time>
}

/** SPEC §2 tools column: a chat icon when the segment has comments, dimmed once they are resolved. */
export function CommentsIcon({ state }: { state: CommentState | undefined }) {
  // Most rows have none: they render nothing and use no hook (every row's hooks count on a slow machine).
  return state ? <CommentsMark state={state} /> : null
}

function CommentsMark({ state }: { state: CommentState }) {
  const { t } = useTranslation('comments')
  const label = t(state === 'open' ? 'icon.open' : 'icon.resolved')
  return (
    <span className={`segment-comments segment-comments-${state}`} role="img" aria-label={label} title={label}>
      <Icon name="comment" />
    </span>
  )
}
