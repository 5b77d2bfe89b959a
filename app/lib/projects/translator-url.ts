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
    search: { source: term('source'), target: term('target'), comments: term('comments') },
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
  if (place.panel && place.panel !== 'translations') params.set('panel', place.panel)
  const query = params.toString()
  return `${base}${query ? `?${query}` : ''}`
}
