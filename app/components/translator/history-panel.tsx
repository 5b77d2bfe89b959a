import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { wordDiff } from '~/lib/projects/word-diff'
import type { TranslatorPlace } from '~/lib/projects/translator-url'
import { PlaceFields } from './find-replace'
import type { Loaded } from './translator-data'

type Entry = NonNullable<Loaded['history']>[number]

/** The ways of changing a segment whose name says its status already (a draft, a confirm). */
const SAYS_STATUS = new Set(['draft', 'confirm'])

/**
 * Issue 52 point 3: the active segment's History tab — each version, newest first, with who, when and how, what it
 * changed from the version before (words removed and added), and Restore for the older ones (a form: without
 * JavaScript too). The segment as the file had it is where the history starts.
 */
export function HistoryPanel({
  entries,
  segmentId,
  segmentNumber,
  base,
  place,
  targetLang,
}: {
  entries: readonly Entry[]
  segmentId: number
  segmentNumber: string
  base: string
  place: TranslatorPlace
  targetLang: string
}) {
  const { t } = useTranslation('translate')
  if (entries.length === 0) return <p className="hint">{t('history.none', { number: segmentNumber })}</p>
  return (
    <ol className="history-list" aria-label={t('history.label', { number: segmentNumber })}>
      {entries.map((entry, index) => {
        // The oldest version shown is shown as it is: what came before it is not in the list.
        const older = entries[index + 1]
        return (
          <li key={entry.id} className="history-entry">
            <p className="history-meta">
              <span className={`status status-${entry.status.toLowerCase()}`}>{t(`history.how.${entry.how}`)}</span>
              {SAYS_STATUS.has(entry.how) ? null : ` (${t(`status.${entry.status}`)})`} · {entry.editedBy ?? t('history.nobody')} ·{' '}
              <time dateTime={entry.at}>{entry.when}</time>
            </p>
            <p lang={targetLang} className="history-text">
              {!entry.target ? (
                <span className="hint">{t('conflict.empty')}</span>
              ) : older ? (
                <Changes before={older.target ?? ''} after={entry.target} />
              ) : (
                entry.target
              )}
            </p>
            {index > 0 ? (
              <Form method="post" action={base} className="history-restore">
                <input type="hidden" name="segmentId" value={segmentId} />
                <PlaceFields place={{ ...place, panel: 'history' }} />
                <button type="submit" name="intent" value={`restore:${entry.id}`} aria-label={t('history.restoreNamed', { version: entry.version })}>
                  {t('history.restore')}
                </button>
              </Form>
            ) : null}
          </li>
        )
      })}
    </ol>
  )
}

/** The newer text with what it removed struck through and what it added marked, each named for a screen reader. */
export function Changes({ before, after }: { before: string; after: string }) {
  const { t } = useTranslation('translate')
  return (
    <>
      {wordDiff(before, after).map((part, index) =>
        part.kind === 'same' ? (
          <span key={index}>{part.text}</span>
        ) : part.kind === 'removed' ? (
          <del key={index}>
            <span className="visually-hidden">{t('history.removed')} </span>
            {part.text}
          </del>
        ) : (
          <ins key={index}>
            <span className="visually-hidden">{t('history.added')} </span>
            {part.text}
          </ins>
        ),
      )}
    </>
  )
}
