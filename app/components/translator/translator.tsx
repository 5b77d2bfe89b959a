import { Link, useRevalidator } from '@remix-run/react'
import { memo, Suspense, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { placeHref } from '~/lib/projects/translator-url'
import { KeptNote } from '../kept-note'
import { AssistantPanel } from './assistant-panel'
import { HistoryPanel } from './history-panel'
import { CommentsPanel } from './comments-panel'
import { focusActiveEditor, openComments } from './editor-focus'
import { hotkeyButton } from './hotkeys'
import { FindReplaceMenu } from './find-replace'
import { SearchBar } from './search-bar'
import { SegmentList } from './segment-list'
import { GlossaryTools, TermsList } from './terms-list'
import { Toolbar } from './toolbar'
import { ConcordanceSearch, SuggestionsList } from './translation-suggestions'
import type { Loaded } from './translator-data'
import { TranslatorFooter } from './translator-footer'

/**
 * The translator itself, rendered again only when the page's data or an action's answer changes. The router's
 * hooks render every component that uses them whenever any fetcher moves (a background draft save: three times),
 * and on a slow machine rendering the whole page then cost tens of milliseconds in the middle of typing.
 */
export const Translator = memo(function Translator({ loaded, commentsAnswer }: { loaded: Loaded; commentsAnswer: React.ComponentProps<typeof CommentsPanel>['answer'] }) {
  const { t } = useTranslation('translate')
  const body = useRef<HTMLDivElement>(null)
  const here = placeHref(loaded.base, {
    ...loaded.place,
    segment: loaded.activeId,
  })
  return (
    <section className="translator" aria-labelledby="translate-title" data-font-size={loaded.fontSize}>
      <div className="translator-heading">
        <h1 id="translate-title">{loaded.name}</h1>
        <KeptNote kept={loaded.keptAsIs} language={loaded.language} className="translator-kept" />
        <ModeSwitch loaded={loaded} />
        {/* Issue 58: beside the search, as Matecat has them (the toolbar's row has no room left in Russian); first, so
            that an open search, as wide as its fields, wraps below it and the menu keeps its place at the right. */}
        <FindReplaceMenu base={loaded.base} place={loaded.place} activeId={loaded.activeId} data={loaded.findReplace} targetLang={loaded.targetLang} />
        <SearchBar base={loaded.base} search={loaded.place.search} panel={loaded.place.panel} matches={loaded.matches} />
      </div>
      {/* The toolbar and the assistant panel hydrate after the rest (each its own Suspense boundary), so that the
          editor takes the caret sooner (bench/low-end at CPU ×4: ready 706 / 755 / 674 → 584 / 706 / 530 ms in three
          interleaved pairs). Until then they work as without JavaScript: links, forms and <details>. */}
      <Suspense fallback={null}>
        <Toolbar
        base={loaded.base}
        downloads={loaded.downloads}
        activeId={loaded.activeId}
        fontSize={loaded.fontSize}
        updateMt={loaded.settings.updateMt}
        propagate={loaded.settings.propagate}
        maxLength={loaded.settings.maxLength}
        place={loaded.place}
        revising={loaded.revising}
        lastCopy={loaded.lastCopy}
        memories={loaded.settings.memories}
        glossaries={loaded.settings.glossaries.map((glossary) => ({ ...glossary, canUpdate: true }))}
        mt={loaded.mt}
        qa={{ off: loaded.settings.qaOff, report: loaded.qaReport }}
        here={here}
        kept={loaded.kept?.kind === 'settings' ? loaded.kept.settings : undefined}
      />
      </Suspense>
      {loaded.mt.pretranslateError ? (
        <p className="form-error" role="alert">
          {t('mt.pretranslateStopped', {
            reason: t(`mt.errors.${loaded.mt.pretranslateError}`, { defaultValue: t('mt.errors.provider-unavailable') }),
          })}
        </p>
      ) : null}
      <div className="translator-body" ref={body}>
        <SegmentList loaded={loaded} scope={body} />
        <Suspense fallback={null}>
        <AssistantPanel
          base={loaded.base}
          place={loaded.place}
          lookups={loaded.lookups}
          translations={
            <>
              {/* Issue 51: the matches first, right under the tabs; then the terms; the searches and the add-term form last. */}
              {loaded.activeId ? (
                <SuggestionsList suggestions={loaded.suggestions} mt={loaded.mt.suggestion} sourceLang={loaded.sourceLang} targetLang={loaded.targetLang} />
              ) : null}
              {loaded.activeId ? <TermsList concepts={loaded.activeTerms} sourceLang={loaded.sourceLang} targetLang={loaded.targetLang} /> : null}
              <ConcordanceSearch
                action={loaded.base}
                keep={[...new URLSearchParams(here.split('?')[1] ?? '')]}
                concordance={loaded.concordance}
                sourceLang={loaded.sourceLang}
                targetLang={loaded.targetLang}
              />
              <GlossaryTools
                action={loaded.base}
                keep={[...new URLSearchParams(here.split('?')[1] ?? '')]}
                query={loaded.glossarySearch.query}
                results={loaded.glossarySearch.results}
                writable={loaded.glossarySearch.writable}
                segmentId={loaded.activeId}
                sourceLang={loaded.sourceLang}
                targetLang={loaded.targetLang}
                kept={loaded.kept?.kind === 'term' ? loaded.kept.term : undefined}
              />
            </>
          }
          comments={
            loaded.activeId ? (
              <CommentsPanel
                key={loaded.activeId}
                segmentId={loaded.activeId}
                segmentNumber={loaded.segments.find((segment) => segment.id === loaded.activeId)?.label ?? ''}
                comments={loaded.comments}
                answer={commentsAnswer}
                kept={loaded.kept?.kind === 'comment' ? loaded.kept.text : undefined}
                language={loaded.language}
              />
            ) : null
          }
          history={
            loaded.activeId && loaded.history ? (
              <HistoryPanel
                entries={loaded.history}
                segmentId={loaded.activeId}
                segmentNumber={loaded.segments.find((segment) => segment.id === loaded.activeId)?.label ?? ''}
                base={loaded.base}
                place={loaded.place}
                targetLang={loaded.targetLang}
              />
            ) : null
          }
        />
        </Suspense>
      </div>
      <TranslatorFooter footer={loaded.footer} name={loaded.name} language={loaded.language} />
    </section>
  )
})

/**
 * Issue 52 point 4: translate or revise. The owner switches between them (the mode is in the address, so without
 * JavaScript too); a reviewer's page always revises and says so; a translator's never does. Point 5: the file's
 * revision report, for everyone working in it.
 */
function ModeSwitch({ loaded }: { loaded: Loaded }) {
  const { t } = useTranslation('translate')
  // Once revision has begun (or while revising): before, a file has nothing to report and the heading keeps its room.
  const begun = loaded.revising || loaded.revisionStarted
  const report = begun ? (
    <Link to={`${loaded.base}/revision`} className="mode-report">
      {t('revisionReport.link')}
    </Link>
  ) : null
  if (loaded.role !== 'owner') {
    if (loaded.role === 'translator' && !report) return null
    return (
      <nav className="mode-switch" aria-label={t('revise.modeLabel')}>
        {loaded.role === 'reviewer' ? <span className="mode-current">{t('revise.mode')}</span> : null}
        {report}
      </nav>
    )
  }
  const link = (revise: boolean, label: string, title: string) =>
    loaded.revising === revise ? (
      <span className="mode-current" aria-current="page" title={title}>
        {label}
      </span>
    ) : (
      <Link to={placeHref(loaded.base, { ...loaded.place, segment: loaded.activeId, revise })} title={title}>
        {label}
      </Link>
    )
  return (
    <nav className="mode-switch" aria-label={t('revise.modeLabel')}>
      {link(false, t('revise.translateMode'), t('revise.translateModeTitle'))}
      {link(true, t('revise.mode'), t('revise.modeTitle'))}
      {report}
    </nav>
  )
}

export function BrokenFile({ name, reason, deleteHref }: { name: string; reason: string; deleteHref: string | null }) {
  const { t } = useTranslation(['files', 'translate'])
  return (
    <section aria-labelledby="translate-title">
      <h1 id="translate-title">{name}</h1>
      <p role="alert" className="form-error">
        {t('files:status.loadError', { reason: t(reason) })} {t('files:status.brokenDelete')}
      </p>
      <p className="button-row">
        {deleteHref ? <Link to={deleteHref}>{t('files:actions.delete')}</Link> : null}
        <Link to="/">{t('translate:backToFiles')}</Link>
      </p>
    </section>
  )
}

export function AnalysingWait({ name, pretranslating, done, total }: { name: string; pretranslating: boolean; done: number; total: number }) {
  const { t } = useTranslation('translate')
  const revalidator = useRevalidator()
  // SPEC §2: the analysis is polled until done (every 2 s, SPEC §9); without scripts the page refreshes itself.
  useEffect(() => {
    const timer = setInterval(() => revalidator.state === 'idle' && revalidator.revalidate(), 2000)
    return () => clearInterval(timer)
  }, [revalidator])
  return (
    <section aria-labelledby="translate-title">
      <noscript>
        <meta httpEquiv="refresh" content="2" />
      </noscript>
      <h1 id="translate-title">{name}</h1>
      <p role="status">
        <label>
          {t(pretranslating ? 'pretranslating' : 'analysing', { done, total })}
          <progress max={Math.max(1, total)} value={done} />
        </label>
      </p>
    </section>
  )
}

/** SPEC §9 hotkeys: each presses its visible button (see hotkeys.ts). */
export function useHotkeys() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // The editor prevents the keys it handles itself (Ctrl+Z, Ctrl+R, Ctrl+Alt+n); Enter it only blocks.
      if (event.defaultPrevented && event.key !== 'Enter') return
      if (event.key === 'Escape' && !event.ctrlKey && !event.altKey && !event.metaKey && !event.shiftKey) {
        // Issue 51: Esc closes an open toolbar menu, or goes back to the editor from the panel, the toolbar or the list.
        const menu = document.activeElement?.closest('details[open]')
        if (menu instanceof HTMLDetailsElement) {
          menu.open = false
          menu.querySelector('summary')?.focus()
        } else if (!document.activeElement?.closest('.segment-active, dialog')) {
          focusActiveEditor()
        }
        return
      }
      const button = hotkeyButton(event)
      if (!button) return
      event.preventDefault()
      if (button.dataset.hotkey === 'comments') openComments(button)
      else button.click()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])
}

