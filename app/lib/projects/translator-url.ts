import type { SegmentSearch } from './segments.server'
import { rowId } from '../http/row-id'

/**
 * The translator's state lives in its address (STYLE "URL is state"): the wanted segment, the search terms
 * (SPEC §7 "segments": searchInSource, searchInTarget, searchInComments) and the open assistant tab. Pure, so
 * links in the page and redirects in the action build the same addresses.
 */
export const panels = ['translations', 'shortkeys', 'comments'] as const
export type Panel = (typeof panels)[number]

export interface TranslatorPlace {
  segment?: number
  search: SegmentSearch
  panel: Panel
}

const SEARCH_MAX = 200

/**
 * Issue 58: the segment list filtered by status, comments, QA warnings or repetitions (Matecat's and memoQ's segment
 * filter). Part of the address, so it works without JavaScript and the hotkeys' next and previous stay inside it.
 */
export const SEGMENT_FILTERS = ['unconfirmed', 'draft', 'confirmed', 'comments', 'warnings', 'repetitions'] as const
export type SegmentFilter = (typeof SEGMENT_FILTERS)[number]

export function segmentFilterOf(value: unknown): SegmentFilter | undefined {
  return (SEGMENT_FILTERS as readonly unknown[]).includes(value) ? (value as SegmentFilter) : undefined
}

const searchParams = { source: 'searchInSource', target: 'searchInTarget', comments: 'searchInComments' } as const
export type SearchScope = keyof typeof searchParams

export function searchParamName(scope: SearchScope): string {
  return searchParams[scope]
}

export function readPlace(params: URLSearchParams): TranslatorPlace {
  const term = (scope: SearchScope) => params.get(searchParams[scope])?.trim().slice(0, SEARCH_MAX) || undefined
  const panel = params.get('panel')
  return {
    segment: rowId(params.get('segment')),
    search: { source: term('source'), target: term('target'), comments: term('comments'), filter: segmentFilterOf(params.get('filter')) },
    panel: (panels as readonly string[]).includes(panel ?? '') ? (panel as Panel) : 'translations',
  }
}

/**
 * The address of a place. No #sID fragment: a fragment stops the browser from honouring `autofocus`, and
 * without JavaScript that attribute is what puts the caret in the active segment after each action
 * (focusing it also scrolls it into view).
 */
export function placeHref(base: string, place: Partial<TranslatorPlace>): string {
  const params = new URLSearchParams()
  if (place.segment) params.set('segment', String(place.segment))
  for (const scope of Object.keys(searchParams) as SearchScope[]) {
    const term = place.search?.[scope]
    if (term) params.set(searchParams[scope], term)
  }
  if (place.search?.filter) params.set('filter', place.search.filter)
  if (place.panel && place.panel !== 'translations') params.set('panel', place.panel)
  const query = params.toString()
  return `${base}${query ? `?${query}` : ''}`
}
