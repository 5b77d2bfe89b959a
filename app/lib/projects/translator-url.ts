import type { SegmentSearch } from './segments.server'
import { rowId } from '../http/row-id'
import { REPLACE_MAX, type ReplaceQuery } from './replace-text'
import { segmentFilterOf } from './segment-filter'

/**
 * The translator's state lives in its address (STYLE "URL is state"): the wanted segment, the search terms
 * (SPEC §7 "segments": searchInSource, searchInTarget, searchInComments) and the open assistant tab. Pure, so
 * links in the page and redirects in the action build the same addresses.
 */
export const panels = ['translations', 'shortkeys', 'comments', 'history'] as const
export type Panel = (typeof panels)[number]

export interface TranslatorPlace {
  segment?: number
  search: SegmentSearch
  panel: Panel
  /** Issue 58: the find-and-replace menu's query while it is open, and whether its replace-all preview is shown. */
  replace?: ReplaceQuery & { preview: boolean }
  /** Issue 52 point 4: the owner's page in revise mode (`mode=revise`); a reviewer's always is (revisesIn). */
  revise?: boolean
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
    search: { source: term('source'), target: term('target'), comments: term('comments'), filter: segmentFilterOf(params.get('filter')) },
    panel: (panels as readonly string[]).includes(panel ?? '') ? (panel as Panel) : 'translations',
    replace: readReplace(params),
    ...(params.get('mode') === 'revise' ? { revise: true } : {}),
  }
}

/** The find-and-replace query of an address or a posted form: `find`, `replaceWith`, `matchCase`, `wholeWord`, `preview`. */
function readReplace(params: URLSearchParams): TranslatorPlace['replace'] {
  // Not trimmed: a space around a word is part of what a translator replaces.
  const find = params.get('find')?.slice(0, REPLACE_MAX)
  if (!find) return undefined
  const flag = (name: string) => ['1', 'on', 'true'].includes(params.get(name) ?? '')
  return {
    find,
    replace: params.get('replaceWith')?.slice(0, REPLACE_MAX) ?? '',
    matchCase: flag('matchCase'),
    wholeWord: flag('wholeWord'),
    preview: flag('preview'),
  }
}

/** The address parameters of a find-and-replace query (the preview only when asked for). */
export function replaceParams(replace: TranslatorPlace['replace']): [string, string][] {
  if (!replace) return []
  return [
    ['find', replace.find],
    ['replaceWith', replace.replace],
    ...(replace.matchCase ? [['matchCase', '1'] as [string, string]] : []),
    ...(replace.wholeWord ? [['wholeWord', '1'] as [string, string]] : []),
    ...(replace.preview ? [['preview', '1'] as [string, string]] : []),
  ]
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
  for (const [name, value] of replaceParams(place.replace)) params.set(name, value)
  if (place.revise) params.set('mode', 'revise')
  const query = params.toString()
  return `${base}${query ? `?${query}` : ''}`
}
