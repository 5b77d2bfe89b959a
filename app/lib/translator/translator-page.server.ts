import { data } from '@remix-run/node'
import type { User } from '../auth/users.server'
import { getEnv } from '../env.server'
import { rowId } from '../http/row-id'
import { formatDateTime } from '../i18n/format'
import { getFixedT, getLanguage } from '../i18n/i18n.server'
import { mtSuggestionFor, projectAcceptsFeedback, systemsForProject } from '../mt/project-mt.server'
import { listComments } from '../projects/comments.server'
import { brokenReason } from '../projects/file-list'
import { readFontSize } from '../projects/font-size.server'
import { colleaguesPresent, lastPlaceOf, notePresence } from '../projects/presence.server'
import { projectSettings } from '../projects/project-settings.server'
import { segmentHistory } from '../projects/history.server'
import { lastReplace, replaceAll } from '../projects/replace.server'
import type { ProjectSummary } from '../projects/projects.server'
import { remainingMinutes } from '../projects/segment-rules'
import { countMatches, isSearchActive, segmentWindow, type WindowAnchor } from '../projects/segments.server'
import { readPlace } from '../projects/translator-url'
import { revisesIn } from '../projects/revision'
import { issuesOf } from '../projects/revision.server'
import { db } from '../db/db.server'
import { projectLimit, type LengthLimit } from '../qa/length-limit'
import { lengthLimits } from '../qa/length-limit.server'
import { segmentWarnings } from '../qa/segment-qa.server'
import { conceptsById, searchGlossaries, type StoredConcept } from '../terms/glossaries.server'
import { isAvoided, TERM_MAX } from '../terms/glossary-types'
import { termsInWindow } from '../terms/term-recognition.server'
import { readBands } from '../tm/analysis-bands'
import { searchConcordance } from '../tm/concordance.server'
import { suggestionsFor } from '../tm/suggestions.server'
import { takeKeptText } from './kept-text.server'

/**
 * The translator's page (SPEC §2 "Translator screen"): the wait while the file is analysed, or the window of segments
 * around the active one with everything its panels show — suggestions, concordance, MT, glossary terms, QA warnings,
 * comments — read at once. Also the pages that scrolling loads (`?before=` / `?after=`, the …_.more route).
 */
export async function translatorPage(request: Request, user: User, project: ProjectSummary) {
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
      // Issue 52: only the owner deletes the file.
      deleteHref: project.role === 'owner' ? `/files/${project.id}/${project.password}/delete` : null,
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
  // Issue 52: a member of a shared file opens it where they left it, not where a colleague did (the job's is one for all).
  const ownPlace = project.shared && place.segment === undefined && !searching ? await lastPlaceOf(project.id, user.id) : undefined
  const wanted = place.segment ?? (searching ? undefined : ownPlace ?? job.lastSegmentId ?? undefined)
  const anchor = windowAnchor(url.searchParams, wanted)
  const [window, matches, fontSize, settings] = await Promise.all([
    // Issue 19: twice as many rows after the active one, so that a dozen short segments fill the screen without JavaScript.
    segmentWindow(project.id, anchor, env.SEGMENT_PAGE_SIZE, place.search, 2 * env.SEGMENT_PAGE_SIZE),
    searching ? countMatches(project.id, place.search) : undefined,
    readFontSize(request),
    projectSettings(project),
  ])
  const activeId = window.segments.some((segment) => segment.id === wanted) ? wanted : window.segments[0]?.id
  // A text posted after the session had ended, back where it was typed now that the translator is signed in: only
  // when its segment is the active one.
  const { kept, clear: clearKept } = await takeKeptText(request, user.id, project.id, activeId)
  // Issue 5: TM suggestions once per page, for the active segment only (not for the pages scrolling loads).
  const activeSource = 'center' in anchor || 'first' in anchor ? window.segments.find((segment) => segment.id === activeId)?.source : undefined
  const translationsOpen = place.panel === 'translations'
  const concordanceText = url.searchParams.get('concordance')?.trim().slice(0, 200) ?? ''
  const termQuery = url.searchParams.get('terms')?.trim().slice(0, TERM_MAX) ?? ''
  const readableGlossaries = settings.glossaries.filter((glossary) => glossary.read)
  // Issue 52: in a shared file, the page notes where its user is and shows where the colleagues are (not for the pages of
  // rows scrolling loads).
  const placed = project.shared && activeId !== undefined && ('center' in anchor || 'first' in anchor)
  const [comments, suggestions, concordance, mtSuggestion, mtSystems, terms, warnings, termResults, findReplace, limits, present, history, issues] = await Promise.all([
    activeId ? listComments(project, activeId) : [],
    translationsOpen && activeSource !== undefined
      ? suggestionsFor(
          { readable: settings.memories.filter((memory) => memory.read) },
          activeSource,
          env.TM_MIN_MATCH,
          activeId === undefined ? undefined : { projectId: project.id, id: activeId },
        )
      : [],
    translationsOpen && concordanceText ? searchConcordance(project, concordanceText) : undefined,
    // Issue 6: the MT suggestion of the active segment, fetched once and kept; a provider down is a message.
    translationsOpen && activeId !== undefined && activeSource !== undefined ? mtSuggestionFor(project, activeId, activeSource) : undefined,
    systemsForProject(project),
    // Issue 17: glossary terms in the window's sources, marked on the server (so without JavaScript too).
    termsInWindow(project, window.segments, settings.glossaries),
    // Issue 17: the QA warnings found when each was saved, and consistency across the project now.
    segmentWarnings(project.id, window.segments.map((segment) => segment.id)),
    // SPEC §9 Shift+Enter: the glossary search of the translations tab.
    translationsOpen && termQuery ? searchGlossaries(readableGlossaries, termQuery) : undefined,
    // Issue 58: the find-and-replace menu, while open: its replace-all preview when asked for, and the replace an undo takes back.
    findReplaceOf(project, user, place.replace),
    // Issue 58: the active segment's length limit, counted in the editor as the translator types.
    activeLimitOf(project, window.segments.find((segment) => segment.id === activeId)),
    project.shared ? colleaguesPresent(project.id, user.id) : new Map<number, string[]>(),
    // Issue 52 point 3: the active segment's history, while its tab is open.
    place.panel === 'history' && activeId !== undefined ? segmentHistory(project.id, activeId) : undefined,
    // Issue 52 point 4: the issues a reviewer marked on the window's segments.
    project.revisionStarted ? issuesOf(project.id, window.segments.map((segment) => segment.id)) : new Map<number, never[]>(),
    placed ? notePresence(project.id, user.id, activeId) : undefined,
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
    keptAsIs: project.keptAsIs ?? [],
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
      (segment) => ({
        ...segment,
        termMarks: termMarks[segment.id],
        present: present.get(segment.id),
        warnings: warnings.get(segment.id)?.flatMap(({ code, detail, ignored }) => (ignored ? [] : [{ code, detail }])),
        issues: issues.get(segment.id)?.map(({ createdAt, ...issue }) => ({ ...issue, when: formatDateTime(createdAt, language) })),
      }),
    ),
    qaReport: `${base}/qa`,
    // Issue 52 point 4: the page revises (a reviewer's always; the owner's in revise mode, which the owner switches).
    revising: revisesIn(project.role, place.revise === true),
    revisionStarted: project.revisionStarted,
    role: project.role,
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
    findReplace,
    // Issue 58: a copy of the source to every empty segment, while it can be undone (the Pretranslate menu's Undo).
    lastCopy: project.lastCopy ?? undefined,
    activeLimit: (activeId !== undefined && limits.get(activeId)) || null,
    history: history?.map((entry) => ({ ...entry, at: entry.at.toISOString(), when: formatDateTime(entry.at, language) })),
  }
  return clearKept ? data(page, { headers: { 'Set-Cookie': clearKept } }) : page
}

/**
 * Issue 58: the active segment's length limit — read when its file sets one (its unit's, counted with the unit's other
 * segments), else the project's own, known already; none for most files, and then no statement.
 */
async function activeLimitOf(project: ProjectSummary, active: { id: number; limited?: boolean } | undefined): Promise<Map<number, LengthLimit>> {
  if (!active) return new Map()
  if (active.limited) return lengthLimits(db(), project.id, [active.id])
  return new Map(project.maxLength === null ? [] : [[active.id, projectLimit(project.maxLength)]])
}

/** How many segments a replace-all preview lists (the count is of all of them). */
const PREVIEW_ROWS = 100

async function findReplaceOf(project: ProjectSummary, user: User, replace: ReturnType<typeof readPlace>['replace']) {
  if (!replace) return undefined
  const [preview, last] = await Promise.all([replace.preview ? replaceAll(project, user, replace, true) : undefined, lastReplace(project.id)])
  return { preview: preview && { changed: preview.changed, segments: preview.segments.slice(0, PREVIEW_ROWS) }, last }
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
