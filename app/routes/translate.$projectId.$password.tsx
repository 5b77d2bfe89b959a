import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, Link, useActionData, useFetcher, useLoaderData, useRevalidator, type ShouldRevalidateFunction } from '@remix-run/react'
import { memo, Suspense, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TagEditor, UnusedTags, type TagEditorHandle } from '~/components/editor/tag-editor'
import type { UnusedTag } from '~/components/editor/editor-model'
import { TaggedText, type TextMark } from '~/components/editor/tagged-text'
import { AssistantPanel } from '~/components/translator/assistant-panel'
import { CommentsIcon, CommentsPanel } from '~/components/translator/comments-panel'
import { ConfirmAheadContext, draftKey, useConfirmAhead } from '~/components/translator/confirm-ahead'
import { hotkeyButton } from '~/components/translator/hotkeys'
import { SearchBar } from '~/components/translator/search-bar'
import { SEGMENT_FORM, Toolbar } from '~/components/translator/toolbar'
import { TranslatorFooter } from '~/components/translator/translator-footer'
import { ConcordanceSearch, SuggestionsList } from '~/components/translator/translation-suggestions'
import { GlossaryTools, TermsList } from '~/components/translator/terms-list'
import { isAvoided, TERM_MAX } from '~/lib/terms/glossary-types'
import { termsInWindow } from '~/lib/terms/term-recognition.server'
import { conceptsById, searchGlossaries, type StoredConcept } from '~/lib/terms/glossaries.server'
import { useHydratedBeforePaint } from '~/components/use-hydrated'
import { useRootData } from '~/components/use-root-data'
import { requireUser } from '~/lib/auth/session.server'
import { getEnv } from '~/lib/env.server'
import { readFontSize } from '~/lib/http/font-size.server'
import { getFixedT, getLanguage } from '~/lib/i18n/i18n.server'
import { COMMENT_INTENTS, commentAction, listComments } from '~/lib/projects/comments.server'
import { projectSettings } from '~/lib/projects/project-settings.server'
import { requireProject } from '~/lib/projects/projects.server'
import { brokenReason } from '~/components/file-table'
import { matchBand, remainingMinutes } from '~/lib/projects/segment-rules'
import { isSplitMergeIntent, splitOrMerge } from '~/lib/projects/split-merge-form.server'
import {
  countMatches,
  isSearchActive,
  segmentWindow,
  type SegmentView,
  type WindowAnchor,
} from '~/lib/projects/segments.server'
import { placeHref, readPlace } from '~/lib/projects/translator-url'
import {
  mtSuggestionFor,
  projectAcceptsFeedback,
  systemsForProject,
} from '~/lib/mt/project-mt.server'
import { readBands } from '~/lib/tm/analysis-bands'
import { searchConcordance } from '~/lib/tm/concordance.server'
import { suggestionsFor } from '~/lib/tm/suggestions.server'
import { rowId } from '~/lib/http/row-id'
import { intentContext } from '~/lib/translator/intent-context.server'
import { moveIntent } from '~/lib/translator/move-intent.server'
import { saveIntent } from '~/lib/translator/save-intent.server'
import { keepPostedText, takeKeptText } from '~/lib/translator/kept-text.server'
import { fontSizeIntent, mtSystemIntent, pretranslateIntent, projectSettingsIntent } from '~/lib/translator/toolbar-intents.server'
import { suggestionIntent } from '~/lib/translator/suggestion-intent.server'
import { addTermIntent, termIntent } from '~/lib/translator/term-intent.server'
import { segmentWarnings } from '~/lib/qa/segment-qa.server'
import type { QaWarning } from '~/lib/qa/qa-kinds'
import { QaBadge, QaList } from '~/components/translator/qa-warnings'
import { AutocompleteHint, useAutocomplete } from '~/components/translator/use-autocomplete'
import { onInsertAtCaret } from '~/components/translator/insert-at-caret'
import { formOf } from '~/lib/http/form.server'
import { InfoNote } from '~/components/flash-message'

export const handle = { i18n: ['common', 'files', 'translate', 'comments', 'editor', 'memories', 'suggestions', 'glossaries', 'qa'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context)
  const project = await requireProject(user.id, params)
  const t = await getFixedT(request, 'translate')
  const language = await getLanguage(request)
  const title = t('title', { name: project.name })
  if (project.status !== 'READY' || project.analysisStatus !== 'DONE') {
    return {
      title,
      language,
      analysing: true as const,
      // A file that could not be converted, or holds nothing to translate, says so instead of "Analysing…" forever.
      broken: brokenReason(project),
      deleteHref: `/files/${project.id}/${project.password}/delete`,
      pretranslating: project.analysisStatus === 'PRETRANSLATING',
      done: project.analysisStatus === 'PRETRANSLATING' ? project.pretranslated : project.segmentsAnalyzed,
      total: project.segmentCount,
      name: project.name,
    }
  }
  const env = getEnv()
  const url = new URL(request.url)
  const place = readPlace(url.searchParams)
  const searching = isSearchActive(place.search)
  const job = { lastSegmentId: project.lastSegmentId, editingTime: project.editingTime }
  // SPEC §4 "Search replaces the window, starting from the first segment when any search is active,
  // otherwise from the last active one".
  const wanted = place.segment ?? (searching ? undefined : job.lastSegmentId ?? undefined)
  const anchor = windowAnchor(url.searchParams, wanted)
  const [window, matches, fontSize, settings] = await Promise.all([
    // Issue 19: twice as many rows after the active one, so that a dozen short segments fill the screen without JavaScript.
    segmentWindow(project.id, anchor, env.SEGMENT_PAGE_SIZE, place.search, 2 * env.SEGMENT_PAGE_SIZE),
    searching ? countMatches(project.id, place.search) : undefined,
    readFontSize(request),
    projectSettings(project, user.id),
  ])
  const activeId = window.segments.some((segment) => segment.id === wanted) ? wanted : window.segments[0]?.id
  // A text posted after the session had ended, back where it was typed now that the translator is signed in: only
  // when its segment is the active one.
  const { kept, clear: clearKept } = await takeKeptText(request, project.id, activeId)
  // Issue 5: TM suggestions once per page, for the active segment only (not for the pages scrolling loads).
  const activeSource = 'center' in anchor || 'first' in anchor ? window.segments.find((segment) => segment.id === activeId)?.source : undefined
  const translationsOpen = place.panel === 'translations'
  const concordanceText = url.searchParams.get('concordance')?.trim().slice(0, 200) ?? ''
  const termQuery = url.searchParams.get('terms')?.trim().slice(0, TERM_MAX) ?? ''
  const memoryProject = { id: project.id, ownerId: user.id, sourceLang: project.sourceLang, targetLang: project.targetLang }
  const readableGlossaries = settings.glossaries.filter((glossary) => glossary.read)
  const [comments, suggestions, concordance, mtSuggestion, mtSystems, terms, warnings, termResults] = await Promise.all([
    activeId ? listComments(project, activeId) : [],
    translationsOpen && activeSource !== undefined ? suggestionsFor({ readable: settings.memories.filter((memory) => memory.read).map((memory) => memory.id) }, activeSource, env.TM_MIN_MATCH) : [],
    translationsOpen && concordanceText ? searchConcordance(memoryProject, concordanceText) : undefined,
    // Issue 6: the MT suggestion of the active segment, fetched once and kept; a provider down is a message.
    translationsOpen && activeId !== undefined && activeSource !== undefined ? mtSuggestionFor(project, activeId, activeSource) : undefined,
    systemsForProject(project),
    // Issue 17: glossary terms in the window's sources, marked on the server (so without JavaScript too).
    termsInWindow(memoryProject, window.segments, settings.glossaries),
    // Issue 17: the QA warnings found when each was saved, and consistency across the project now.
    segmentWarnings(project.id, window.segments.map((segment) => segment.id)),
    // SPEC §9 Shift+Enter: the glossary search of the translations tab.
    translationsOpen && termQuery ? searchGlossaries(readableGlossaries, termQuery) : undefined,
  ])
  const base = `/translate/${project.id}/${project.password}`
  const glossaryT = await getFixedT(request, 'glossaries')
  const termTitle = (conceptIds: number[]) =>
    glossaryT('terms.mark', {
      targets: conceptIds
        .flatMap((id) => terms.targets.get(id) ?? [])
        .map((term) => (isAvoided(term.status) ? `${term.text} (${glossaryT(`status.${term.status}`)})` : term.text))
        .join(', '),
    })
  const termMarks = Object.fromEntries(
    [...terms.hits].filter(([, hits]) => hits.length > 0).map(([id, hits]) => [id, hits.map((hit) => ({ token: hit.token, start: hit.start, end: hit.end, title: termTitle(hit.conceptIds) }))]),
  )
  // The active segment's concepts whole (definitions, every term), in the order they stand in its source.
  const glossaryNames = new Map(settings.glossaries.map((glossary) => [glossary.id, glossary.name]))
  const withGlossaryName = (concept: StoredConcept) => ({
    id: concept.id,
    glossaryName: glossaryNames.get(concept.glossaryId) ?? '',
    definition: concept.definition,
    source: concept.source,
    target: concept.target,
  })
  const activeConceptIds = [...new Set((activeId === undefined ? [] : (terms.hits.get(activeId) ?? [])).flatMap((hit) => hit.conceptIds))]
  const activeConcepts = new Map((await conceptsById(activeConceptIds)).map((concept) => [concept.id, concept]))
  const activeTerms = activeConceptIds.flatMap((id) => {
    const concept = activeConcepts.get(id)
    return concept ? [withGlossaryName(concept)] : []
  })
  const page = {
    title,
    language,
    analysing: false as const,
    name: project.name,
    sourceLang: project.sourceLang,
    targetLang: project.targetLang,
    base,
    downloads: {
      original: `/files/${project.id}/${project.password}/original`,
      translated: `/files/${project.id}/${project.password}/translated`,
    },
    place,
    matches,
    segments: window.segments.map(
      (segment): MarkedSegment => ({
        ...segment,
        termMarks: termMarks[segment.id],
        warnings: warnings.get(segment.id)?.flatMap(({ code, detail, ignored }) => (ignored ? [] : [{ code, detail }])),
      }),
    ),
    qaReport: `${base}/qa`,
    hasBefore: window.hasBefore,
    hasAfter: window.hasAfter,
    activeId,
    comments,
    commented: window.commented,
    suggestions,
    concordance,
    activeTerms,
    glossarySearch: {
      query: termQuery,
      results: termResults?.map(withGlossaryName),
      writable: settings.glossaries.filter((glossary) => glossary.write).map(({ id, name }) => ({ id, name })),
    },
    mt: {
      suggestion: mtSuggestion,
      systemId: project.mtSystemId,
      systems: mtSystems.systems.map(({ id, title, domain }) => ({ id, title, domain })),
      acceptsFeedback: projectAcceptsFeedback(project),
      pretranslateError: project.pretranslateError,
    },
    renderedAt: Date.now(),
    fontSize,
    settings,
    lookups: {
      term: Boolean(env.TERM_BASE_URL),
      synonym: Boolean(env.SYNONYM_BASE_URL),
    },
    footer: {
      percent: project.translatedPercent,
      segmentCount: project.segmentCount,
      spentMinutes: Math.round(job.editingTime / 60),
      remainingMinutes: remainingMinutes(job.editingTime, project.translatedPercent),
      bands: readBands(project.analysisBands),
    },
    kept,
  }
  return clearKept ? data(page, { headers: { 'Set-Cookie': clearKept } }) : page
}

/**
 * The window to read: centred on the wanted segment, or (SPEC §4 "scrolling … loads segments after / before",
 * the browser's background loads) the page after or before a segment already shown.
 */
function windowAnchor(params: URLSearchParams, wanted: number | undefined): WindowAnchor {
  const after = rowId(params.get('after'))
  const before = rowId(params.get('before'))
  if (after !== undefined) return { after }
  if (before !== undefined) return { before }
  return wanted ? { center: wanted } : { first: true }
}

/** The segment intents, each handled by its module in app/lib/translator (issue 16: the route only dispatches). */
const MOVES = /^(next|previous|move:\d+)$/
const USES = /^(use-mt|use:\d+)$/
const TERMS = /^term:\d+:\d+$/
const SAVES = new Set(['save-draft', 'confirm', 'clear', 'copy-source'])

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context, () => keepPostedText(request, params))
  const project = await requireProject(user.id, params)
  const posted = intentContext(request, user, project, await formOf(request))
  const { intent } = posted
  if (intent.startsWith('font-size:')) return fontSizeIntent(posted)
  if ((COMMENT_INTENTS as readonly string[]).includes(intent)) return commentAction(project, user, posted.form)
  if (intent === 'pretranslate-tm' || intent === 'pretranslate-mt') return pretranslateIntent(posted)
  if (intent === 'save-mt-system') return mtSystemIntent(posted)
  if (intent === 'project-settings') return projectSettingsIntent(posted)
  if (isSplitMergeIntent(intent)) return splitOrMerge(project, posted.fields, request, posted.at)
  if (MOVES.test(intent)) return moveIntent(posted)
  if (USES.test(intent)) return suggestionIntent(posted)
  if (TERMS.test(intent)) return termIntent(posted)
  if (intent === 'add-term') return addTermIntent(posted)
  if (SAVES.has(intent)) return saveIntent(posted)
  throw redirect(posted.base)
}

/** A segment of the window with the glossary terms found in its source (issue 17). */
type MarkedSegment = SegmentView & { termMarks?: TextMark[]; warnings?: QaWarning[] }

/** Background draft saves answer with data; re-reading the window then would reset the text being typed. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get('respond') === 'data' ? false : defaultShouldRevalidate

/** The answer to a background draft save (`respond=data`). */
type DraftAnswer = { ok: true; savedAt: number } | { ok: false; error: string }

type Loaded = Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { analysing: true }>

export default function Translate() {
  const loaded = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  useHotkeys()
  if (loaded.analysing && loaded.broken) return <BrokenFile name={loaded.name} reason={loaded.broken} deleteHref={loaded.deleteHref} />
  if (loaded.analysing) return <AnalysingWait name={loaded.name} pretranslating={loaded.pretranslating} done={loaded.done} total={loaded.total} />
  return <Translator loaded={loaded} answer={answer} />
}

/**
 * The translator itself, rendered again only when the page's data or an action's answer changes. The router's
 * hooks render every component that uses them whenever any fetcher moves (a background draft save: three times),
 * and on a slow machine rendering the whole page then cost tens of milliseconds in the middle of typing.
 */
const Translator = memo(function Translator({ loaded, answer }: { loaded: Loaded; answer: ReturnType<typeof useActionData<typeof action>> }) {
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
      <SearchBar base={loaded.base} search={loaded.place.search} panel={loaded.place.panel} matches={loaded.matches} />
      <div className="translator-body" ref={body}>
        <SegmentList loaded={loaded} scope={body} />
        <Suspense fallback={null}>
        <AssistantPanel
          base={loaded.base}
          place={loaded.place}
          lookups={loaded.lookups}
          translations={
            <>
              {loaded.activeId ? <TermsList concepts={loaded.activeTerms} sourceLang={loaded.sourceLang} targetLang={loaded.targetLang} /> : null}
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
              {loaded.activeId ? (
                <SuggestionsList suggestions={loaded.suggestions} mt={loaded.mt.suggestion} sourceLang={loaded.sourceLang} targetLang={loaded.targetLang} />
              ) : null}
              <ConcordanceSearch
                action={loaded.base}
                keep={[...new URLSearchParams(here.split('?')[1] ?? '')]}
                concordance={loaded.concordance}
                sourceLang={loaded.sourceLang}
                targetLang={loaded.targetLang}
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
                answer={answer && 'comments' in answer ? answer.comments : undefined}
                kept={loaded.kept?.kind === 'comment' ? loaded.kept.text : undefined}
                language={loaded.language}
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

function BrokenFile({ name, reason, deleteHref }: { name: string; reason: string; deleteHref: string }) {
  const { t } = useTranslation(['files', 'translate'])
  return (
    <section aria-labelledby="translate-title">
      <h1 id="translate-title">{name}</h1>
      <p role="alert" className="form-error">
        {t('files:status.loadError', { reason: t(reason) })} {t('files:status.brokenDelete')}
      </p>
      <p className="button-row">
        <Link to={deleteHref}>{t('files:actions.delete')}</Link>
        <Link to="/">{t('translate:backToFiles')}</Link>
      </p>
    </section>
  )
}

function AnalysingWait({ name, pretranslating, done, total }: { name: string; pretranslating: boolean; done: number; total: number }) {
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

function SegmentList({ loaded, scope }: { loaded: Loaded; scope: React.RefObject<HTMLElement> }) {
  const { t } = useTranslation('translate')
  const more = useMoreSegments(loaded)
  const ahead = useConfirmAhead({
    loaded,
    rows: more.segments,
    action: loaded.base,
    href: (segment) => placeHref(loaded.base, { ...loaded.place, segment }),
    scope,
  })
  const activeId = ahead.ahead?.activeId ?? loaded.activeId
  // The segment gone on to stays in view when the page's data comes (the rows around it are the new window's).
  useLayoutEffect(() => {
    const row = activeId ? document.getElementById(`s${activeId}`) : null
    if (row?.contains(document.activeElement)) row.scrollIntoView({ block: 'nearest' })
  }, [loaded, activeId])
  const earlier = more.segments[0]
  const later = more.segments.at(-1)
  return (
    <ConfirmAheadContext.Provider value={ahead.confirm}>
      <div className="segment-list" ref={more.container}>
        {more.hasBefore && earlier ? (
          <p ref={more.topEdge}>
            <Link to={placeHref(loaded.base, { ...loaded.place, segment: earlier.id })}>{t('earlier')}</Link>
          </p>
        ) : null}
        {more.segments.length === 0 ? <p>{t('search.none')}</p> : null}
        <table className="segment-table">
          <caption className="visually-hidden">{t('segments')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('number')}</th>
              <th scope="col">{t('source')}</th>
              <th scope="col">{t('target')}</th>
              <th scope="col">{t('tools')}</th>
            </tr>
          </thead>
          <tbody>
            {ahead.rows.map((segment) => (
              <SegmentRow
                key={segment.id}
                segment={segment}
                number={segment.label}
                active={segment.id === activeId}
                startedAt={segment.id === ahead.ahead?.activeId ? ahead.ahead.startedAt : undefined}
                loaded={loaded}
              />
            ))}
          </tbody>
        </table>
        {more.hasAfter && later ? (
          <p ref={more.bottomEdge}>
            <Link to={placeHref(loaded.base, { ...loaded.place, segment: later.id })}>{t('later')}</Link>
          </p>
        ) : null}
      </div>
    </ConfirmAheadContext.Provider>
  )
}

/**
 * SPEC §4: with JavaScript, scrolling to the bottom of the list loads the segments after it, and to the top
 * those before it (the "earlier"/"later" links stay for everyone else). A new page load starts over.
 */
function useMoreSegments(loaded: Loaded) {
  // The pages loaded belong to the page's data they were loaded on: new data (another window) starts over in the
  // render that brings it. (Reset in an effect, the first render of a new window still held the old window's pages:
  // a segment in both was two rows, and the editor of the one removed next could take the caret.)
  const data = `${loaded.renderedAt}:${loaded.hasBefore}:${loaded.hasAfter}`
  const fresh = { data, before: [] as MarkedSegment[], after: [] as MarkedSegment[], hasBefore: loaded.hasBefore, hasAfter: loaded.hasAfter }
  const [kept, setMore] = useState(fresh)
  const more = kept.data === data ? kept : fresh
  const after = useFetcher<typeof loader>()
  const before = useFetcher<typeof loader>()
  const container = useRef<HTMLDivElement>(null)
  const topEdge = useRef<HTMLParagraphElement>(null)
  const bottomEdge = useRef<HTMLParagraphElement>(null)
  const scrollBefore = useRef<number | undefined>(undefined)
  /** The pages as they stand for this page's data, whatever data the state was last set on. */
  const current = (state: typeof fresh) => (state.data === data ? state : fresh)
  // A page can arrive twice: an observer made in the render that brought a page, before its rows were added, may ask
  // again from the same edge. Rows already in the list are not added again.
  const shown = useRef(loaded.segments)
  shown.current = loaded.segments
  useEffect(() => {
    const page = after.data
    if (!page || page.analysing) return
    setMore((state) => {
      const pages = current(state)
      return { ...pages, after: [...pages.after, ...notListed(page.segments, pages, shown.current)], hasAfter: page.hasAfter }
    })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a page arriving, added to the pages of the data it came on
  }, [after.data])
  useEffect(() => {
    const page = before.data
    if (!page || page.analysing) return
    scrollBefore.current = container.current ? container.current.scrollHeight - container.current.scrollTop : undefined
    setMore((state) => {
      const pages = current(state)
      return { ...pages, before: [...notListed(page.segments, pages, shown.current), ...pages.before], hasBefore: page.hasBefore }
    })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- as above
  }, [before.data])
  // Rows added above keep the rows in view where they were.
  useLayoutEffect(() => {
    const list = container.current
    if (list && scrollBefore.current !== undefined) list.scrollTop = list.scrollHeight - scrollBefore.current
    scrollBefore.current = undefined
  }, [more.before])
  const segments = [...more.before, ...loaded.segments, ...more.after]
  const firstId = segments[0]?.id
  const lastId = segments.at(-1)?.id
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return
    const address = (edge: 'after' | 'before', id: number) => {
      const params = new URLSearchParams(placeHref(loaded.base, { ...loaded.place, segment: undefined }).split('?')[1] ?? '')
      params.set(edge, String(id))
      // The pages have a route of their own (…_.more.tsx): never read again after an action.
      return `${loaded.base}/more?${params}`
    }
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue
          if (entry.target === bottomEdge.current && lastId && after.state === 'idle') after.load(address('after', lastId))
          if (entry.target === topEdge.current && firstId && before.state === 'idle') before.load(address('before', firstId))
        }
      },
      { root: container.current, rootMargin: '100px' },
    )
    if (bottomEdge.current) observer.observe(bottomEdge.current)
    if (topEdge.current) observer.observe(topEdge.current)
    return () => observer.disconnect()
  }, [firstId, lastId, after, before, loaded.base, loaded.place])
  return { segments, hasBefore: more.hasBefore, hasAfter: more.hasAfter, container, topEdge, bottomEdge }
}

function notListed(page: MarkedSegment[], more: { before: MarkedSegment[]; after: MarkedSegment[] }, shown: MarkedSegment[]) {
  const listed = new Set([...more.before, ...shown, ...more.after].map((segment) => segment.id))
  return page.filter((segment) => !listed.has(segment.id))
}

interface SegmentRowProps {
  segment: MarkedSegment
  number: string
  active: boolean
  /** Set on the segment a confirm went ahead to (confirm-ahead.ts), until the page's data comes: its clock's start. */
  startedAt?: number
  loaded: Loaded
}

/**
 * A row renders again only when what it shows changed (see Translator; sameRow): after a confirm the page's data is
 * all new, but most rows of the window are the same. The active row's parts follow the draft save.
 */
const SegmentRow = memo(function SegmentRow({ segment, number, active, startedAt, loaded }: SegmentRowProps) {
  const { t } = useTranslation('translate')
  return (
    <tr id={`s${segment.id}`} className={active ? 'segment-active' : undefined}>
      <th scope="row">
        {active ? (
          number
        ) : (
          // Moving to another segment goes through the active segment's form, so that its text is saved.
          <button
            type="submit"
            form={SEGMENT_FORM}
            name="intent"
            value={`move:${segment.id}`}
            className="link-button"
            aria-label={t('activate', { number })}
          >
            {number}
          </button>
        )}
      </th>
      <td lang={loaded.sourceLang} className="segment-source">
        <TaggedText text={segment.source} marks={segment.termMarks} />
      </td>
      <td lang={loaded.targetLang} className="segment-target">
        {active ? (
          <>
            <SegmentForm segment={segment} number={number} startedAt={startedAt} loaded={loaded} />
            <QaList warnings={segment.warnings} report={loaded.qaReport} />
          </>
        ) : segment.target ? (
          <TaggedText text={segment.target} />
        ) : null}
      </td>
      <td className="segment-status">
        {active ? <ActiveSegmentTools segment={segment} /> : <SegmentTools segment={segment} status={segment.status} manual={false} />}
        <CommentsIcon state={loaded.commented[segment.id]} />
        <QaBadge warnings={segment.warnings} />
      </td>
    </tr>
  )
}, sameRow)

/** An inactive row shows its segment, its languages and its comments icon; the active one the whole page's data. */
function sameRow(before: SegmentRowProps, after: SegmentRowProps): boolean {
  if (before.active !== after.active || before.number !== after.number || before.startedAt !== after.startedAt) return false
  if (before.active) return before.segment === after.segment && before.loaded === after.loaded
  if (before.loaded === after.loaded) return before.segment === after.segment
  const id = after.segment.id
  return (
    before.loaded.sourceLang === after.loaded.sourceLang &&
    before.loaded.targetLang === after.loaded.targetLang &&
    JSON.stringify(before.loaded.commented[id]) === JSON.stringify(after.loaded.commented[id]) &&
    JSON.stringify(before.segment) === JSON.stringify(after.segment)
  )
}

/** The background draft save of a segment (SegmentForm submits it; the status column shows its result). */
function useDraft(segmentId: number) {
  return useFetcher<DraftAnswer>({ key: draftKey(segmentId) })
}

/** The active segment's status: a draft saved in the background shows as one, by hand. */
function ActiveSegmentTools({ segment }: { segment: SegmentView }) {
  const drafted = useDraft(segment.id).data?.ok === true
  return <SegmentTools segment={segment} status={drafted && segment.status === 'NEW' ? 'DRAFT' : segment.status} manual={drafted} />
}

/** SPEC §2 tools column: MT, the TM match percent coloured by SPEC §9's bands, or a pencil for manual. */
function SegmentTools({ segment, status, manual }: { segment: SegmentView; status: SegmentView['status']; manual: boolean }) {
  const { t } = useTranslation('translate')
  const saveType = manual ? 'MANUAL' : segment.saveType
  return (
    <>
      <span className={`status status-${status.toLowerCase()}`}>{t(`status.${status}`)}</span>
      {saveType === 'MT' ? <span className="save-type">{t('status.mt')}</span> : null}
      {saveType === 'TM' && segment.saveMatch !== null ? (
        <span className={`save-type match-${matchBand(segment.saveMatch)}`}>{t('suggestions:toolsMatch', { match: segment.saveMatch })}</span>
      ) : null}
      {saveType === 'MANUAL' ? (
        <span className="save-type" role="img" aria-label={t('status.manual')} title={t('status.manual')}>
          ✎
        </span>
      ) : null}
      {/ {2,}/.test(segment.target ?? '') ? (
        <span className="segment-warning" role="img" aria-label={t('spaces')} title={t('spaces')}>
          ⚠
        </span>
      ) : null}
    </>
  )
}

function SegmentForm({ segment, number, startedAt, loaded }: { segment: SegmentView; number: string; startedAt?: number; loaded: Loaded }) {
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
 * The active segment's translation. Without JavaScript (and until hydration) a textarea holding the canonical
 * tag string; with it the tag editor (SPEC §4 "Editor"), whose value travels in a hidden field of the same
 * name, so every button posts the same form either way. Keyed by what is stored: copy source or clear shows
 * the new text, while a reload of the page's data for another reason (a comment posted) keeps what is being
 * typed; a refused save puts the stored text back (SPEC §5).
 */
function TargetField({ segment, number, loaded, onEdit }: { segment: SegmentView; number: string; loaded: Loaded; onEdit: () => void }) {
  const { t } = useTranslation('translate')
  const hydrated = useHydratedBeforePaint()
  const textarea = useRef<HTMLTextAreaElement>(null)
  const editor = useRef<TagEditorHandle>(null)
  // What is typed lives in the editor and the hidden field, not in state: a keystroke renders nothing here
  // (on a slow machine, rendering this field and its buttons again took a good part of each key's time).
  const [initial, setInitial] = useState(segment.target ?? '')
  // On a slow machine the textarea has the caret well before the scripts run: what was typed into it by then is the
  // editor's text when the editor takes its place (read in the render that swaps them, the textarea still there),
  // and is saved as a draft, as typing into the editor would be.
  const typedEarly = useRef(false)
  const early = hydrated ? textarea.current?.value : undefined
  if (early !== undefined && early !== initial) {
    typedEarly.current = true
    setInitial(early)
  }
  useEffect(() => {
    if (hydrated && typedEarly.current) onEdit()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the editor takes the textarea's place
  }, [hydrated])
  const field = useRef<HTMLInputElement>(null)
  const [unused, setUnused] = useState<UnusedTag[]>([])
  const [invalid, setInvalid] = useState(false)
  const refused = useRootData()?.flash?.key === 'translate:errors.invalidTags'
  useEffect(() => {
    if (!refused) return
    editor.current?.replace(segment.target ?? '')
    if (field.current) field.current.value = segment.target ?? ''
    if (textarea.current) textarea.current.value = segment.target ?? ''
  }, [refused, loaded.renderedAt, segment.target])
  // The hidden field is given no value by React, which would put its default back on every render (a hidden
  // input's value is its default): it starts with the stored text and then follows each edit.
  useLayoutEffect(() => {
    if (field.current) field.current.value = initial
  }, [hydrated, initial])
  // Focus follows the active segment after every action (the issue's "focus moves predictably").
  useLayoutEffect(() => {
    if (hydrated) editor.current?.focus()
  }, [hydrated])
  // The page's terms and suggestions are its active segment's: none for a segment a confirm went ahead to, until they come.
  const own = segment.id === loaded.activeId
  const completionSources = useMemo(
    () => ({
      terms: own ? loaded.activeTerms.flatMap((concept) => concept.target.filter((term) => !isAvoided(term.status)).map((term) => term.text)) : [],
      suggestions: own
        ? [loaded.suggestions[0]?.target, loaded.mt.suggestion?.ok ? loaded.mt.suggestion.target : undefined].filter((text) => text !== undefined)
        : [],
      language: loaded.targetLang,
    }),
    [own, loaded.activeTerms, loaded.suggestions, loaded.mt.suggestion, loaded.targetLang],
  )
  const autocomplete = useAutocomplete(editor, completionSources)
  useEffect(
    () =>
      onInsertAtCaret((text) => {
        const before = editor.current?.textBeforeCaret() ?? ''
        return editor.current?.insertText(before && !/\s$/.test(before) ? ` ${text}` : text) ?? false
      }),
    [],
  )
  if (!hydrated) {
    return (
      <>
        <label htmlFor={`target-${segment.id}`} className="visually-hidden">
          {t('targetLabel', { number })}
        </label>
        <textarea
          ref={textarea}
          id={`target-${segment.id}`}
          name="target"
          defaultValue={segment.target ?? ''}
          rows={2}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the translator's work happens here; each action lands on it
          autoFocus
        />
      </>
    )
  }
  const keepCaret = (event: React.MouseEvent) => event.preventDefault()
  return (
    <>
      <input type="hidden" name="target" ref={field} />
      <TagEditor
        ref={editor}
        id={`target-${segment.id}`}
        value={initial}
        source={segment.source}
        label={t('targetLabel', { number })}
        lang={loaded.targetLang}
        onChange={(value) => {
          if (field.current) field.current.value = value
          if (invalid) setInvalid(false)
          onEdit()
          autocomplete.update()
        }}
        onInvalid={() => setInvalid(true)}
        onUnusedTagsChange={setUnused}
        onKeyDown={autocomplete.onKeyDown}
      />
      <AutocompleteHint offer={autocomplete.offer} />
      <div className="editor-tools">
        <UnusedTags tags={unused} onInsert={(n) => editor.current?.insertUnusedTag(n)} />
        <button type="button" data-hotkey="undo" onMouseDown={keepCaret} onClick={() => editor.current?.undo()}>
          {t('hotkeys.undo')}
        </button>
        <button type="button" data-hotkey="redo" onMouseDown={keepCaret} onClick={() => editor.current?.redo()}>
          {t('hotkeys.redo')}
        </button>
      </div>
      {invalid ? (
        <p className="field-error" role="alert">
          {t('errors.invalidTags')}
        </p>
      ) : null}
    </>
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

/** SPEC §9 hotkeys: each presses its visible button (see hotkeys.ts). */
function useHotkeys() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // The editor prevents the keys it handles itself (Ctrl+Z, Ctrl+R, Ctrl+Alt+n); Enter it only blocks.
      if (event.defaultPrevented && event.key !== 'Enter') return
      const button = hotkeyButton(event)
      if (!button) return
      event.preventDefault()
      button.click()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])
}
