import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { LastReplace } from '~/lib/projects/replace.server'
import { REPLACE_MAX } from '~/lib/projects/replace-text'
import { formatNumber } from '~/lib/i18n/format'
import { usePollWhilePending } from '../use-poll-while-pending'
import { placeHref, type TranslatorPlace } from '~/lib/projects/translator-url'
import { TaggedText } from '../editor/tagged-text'
import { Icon } from '../icons'

/** What the translator's loader reads for the menu while it is open (translator-page.server.ts findReplaceOf). */
export interface FindReplaceData {
  preview?: { changed: number; segments: { id: number; number: number; translation: string }[] }
  last?: LastReplace
}

/**
 * The place's search, filter and tab as hidden fields, so that a form's answer comes back to the same list (the
 * action reads them with readPlace); with `withReplace` the open find-and-replace query too (not its preview), which
 * the menu's own form has as its fields.
 */
export function PlaceFields({ place, withReplace = false }: { place: TranslatorPlace; withReplace?: boolean }) {
  const replace = withReplace && place.replace ? { ...place.replace, preview: false } : undefined
  const query = placeHref('', { ...place, segment: undefined, replace }).split('?')[1] ?? ''
  return (
    <>
      {[...new URLSearchParams(query)].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  )
}

/**
 * Issue 58, find and replace across the file's translations, a toolbar menu open while its query is in the address:
 * Find next, Replace (one at a time, from the active segment on), and Replace all — first a preview of the segments that
 * would change, then a confirm; the last replace can be undone as one step. Forms and pages, so without JavaScript too.
 */
export function FindReplaceMenu({
  base,
  place,
  activeId,
  data,
  targetLang,
}: {
  base: string
  place: TranslatorPlace
  activeId: number | undefined
  data: FindReplaceData | undefined
  targetLang: string
}) {
  const { t, i18n } = useTranslation('translate')
  const query = place.replace
  const preview = data?.preview
  const last = data?.last
  // A replace-all or undo at work in the background: with JavaScript its progress follows every 2 s.
  const working = last !== undefined && last.status !== 'done'
  usePollWhilePending(working)
  return (
    <details className="toolbar-menu find-replace" open={query !== undefined || undefined}>
      {/* Like the segment actions: below 1400 px the icon alone, the name staying its accessible name and tooltip. */}
      <summary title={t('replace.menu')}>
        <span className="tool-icon" aria-hidden="true">
          <Icon name="search" />
        </span>
        <span className="tool-text">{t('replace.menu')}</span>
      </summary>
      <Form method="post" action={base} className="menu-body">
        {activeId !== undefined ? <input type="hidden" name="segmentId" value={activeId} /> : null}
        <PlaceFields place={place} />
        <label className="field">
          {t('replace.find')}
          <input type="text" name="find" defaultValue={query?.find ?? ''} maxLength={REPLACE_MAX} required lang={targetLang} />
        </label>
        <label className="field">
          {t('replace.replaceWith')}
          <input type="text" name="replaceWith" defaultValue={query?.replace ?? ''} maxLength={REPLACE_MAX} lang={targetLang} />
        </label>
        <label className="checkbox">
          <input type="checkbox" name="matchCase" value="1" defaultChecked={query?.matchCase} />
          {t('replace.matchCase')}
        </label>
        <label className="checkbox">
          <input type="checkbox" name="wholeWord" value="1" defaultChecked={query?.wholeWord} />
          {t('replace.wholeWord')}
        </label>
        <p className="menu-actions">
          <button type="submit" name="intent" value="find-next">
            {t('replace.findNext')}
          </button>
          <button type="submit" name="intent" value="replace-one">
            {t('replace.replaceOne')}
          </button>
          <button type="submit" name="intent" value="replace-preview">
            {t('replace.previewAll')}
          </button>
        </p>
        {preview ? (
          <section className="replace-preview" aria-label={t('replace.previewAll')}>
            {preview.changed === 0 ? (
              <p role="status">{t('replace.previewNone')}</p>
            ) : (
              <>
                <p role="status">{t('replace.previewTitle', { count: preview.changed })}</p>
                <ol>
                  {preview.segments.map((segment) => (
                    <li key={segment.id}>
                      <span className="replace-number">{segment.number}.</span> <TaggedText text={segment.translation} lang={targetLang} />
                    </li>
                  ))}
                </ol>
                {preview.changed > preview.segments.length ? <p>{t('replace.previewMore', { count: preview.changed - preview.segments.length })}</p> : null}
                <button type="submit" name="intent" value="replace-all" className="button-primary">
                  {t('replace.replaceAll', { count: preview.changed })}
                </button>
              </>
            )}
          </section>
        ) : null}
        {last && working ? (
          <p className="replace-last" role="status">
            {t(last.status === 'undoing' ? 'replace.undoing' : 'replace.running', {
              find: last.find,
              replacement: last.replacement,
              done: formatNumber(last.done, i18n.language),
              total: formatNumber(last.total, i18n.language),
            })}{' '}
            <progress value={last.done} max={Math.max(1, last.total)} aria-label={t('replace.progress')} />{' '}
            {/* Without JavaScript the page is not refreshed by itself: what is typed in it would go. */}
            <a href={placeHref(base, { ...place, segment: activeId })}>{t('replace.refresh')}</a>
          </p>
        ) : last ? (
          <p className="replace-last">
            {t('replace.last', { find: last.find, replacement: last.replacement })}{' '}
            <input type="hidden" name="batchId" value={last.id} />
            <button type="submit" name="intent" value="replace-undo" formNoValidate>
              {t('replace.undo', { count: last.changed })}
            </button>
          </p>
        ) : null}
      </Form>
    </details>
  )
}
