/** SPEC §9: files per page, on the file list and in the `files` call (shared with the browser: not a .server module). */
export const FILES_PER_PAGE = 10

/**
 * Issue 19: what the file list shows — found by name, filtered by language pair and state, ordered — all GET
 * parameters, so the list works without JavaScript, survives a reload, and paging, deleting and exporting keep it.
 */
export const FILE_STATES = ['progress', 'done', 'broken'] as const
export type FileState = (typeof FILE_STATES)[number]

export const FILE_SORTS = ['added', 'name', 'words', 'progress'] as const
export type FileSort = (typeof FILE_SORTS)[number]

export interface FileListQuery {
  /** Part of the name, any case. */
  q: string
  /** "en-lv", or '' for every pair. */
  pair: string
  state: FileState | ''
  sort: FileSort
  order: 'asc' | 'desc'
}

const QUERY_MAX = 200

/** Newest first, as SPEC §2 lists files; the other orders start where a translator looks first. */
export const DEFAULT_ORDER: Record<FileSort, 'asc' | 'desc'> = { added: 'desc', name: 'asc', words: 'desc', progress: 'asc' }

export function readFileListQuery(params: URLSearchParams): FileListQuery {
  const sort = oneOf(params.get('sort'), FILE_SORTS) ?? 'added'
  const pair = params.get('pair') ?? ''
  return {
    q: (params.get('q') ?? '').trim().slice(0, QUERY_MAX),
    pair: /^[a-z]{2,3}-[a-z]{2,3}$/.test(pair) ? pair : '',
    state: oneOf(params.get('state'), FILE_STATES) ?? '',
    sort,
    order: oneOf(params.get('order'), ['asc', 'desc'] as const) ?? DEFAULT_ORDER[sort],
  }
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : undefined
}

/** The query as parameters, defaults left out, and the page when one is given: every link of the list is built here. */
export function fileListSearch(query: FileListQuery, page?: number): string {
  const params = new URLSearchParams()
  if (query.q) params.set('q', query.q)
  if (query.pair) params.set('pair', query.pair)
  if (query.state) params.set('state', query.state)
  if (query.sort !== 'added') params.set('sort', query.sort)
  if (query.order !== DEFAULT_ORDER[query.sort]) params.set('order', query.order)
  if (page !== undefined) params.set('page', String(page))
  const search = params.toString()
  return search ? `?${search}` : ''
}

export function isFiltered(query: FileListQuery): boolean {
  return query.q !== '' || query.pair !== '' || query.state !== ''
}

/**
 * Where to go back to after an action taken on the list (delete, a refused export): the list as it was, built again
 * from the parameters it carried, so nothing but the list's own parameters can get into the redirect.
 */
export function fileListAddress(back: unknown): string {
  if (typeof back !== 'string' || !back.startsWith('?')) return '/'
  const params = new URLSearchParams(back)
  const page = Number(params.get('page'))
  return `/${fileListSearch(readFileListQuery(params), Number.isSafeInteger(page) && page > 0 ? page : undefined)}`
}

/** Why a file cannot be translated (a translation key), or undefined while it can be or still may be. */
export function brokenReason(row: { status: string; analysisStatus: string; errorCode?: string | null }): string | undefined {
  if (row.status === 'FAILED') return `files:uploadErrors.${row.errorCode ?? 'ErrorCreatingProject'}`
  if (row.analysisStatus === 'EMPTY') return 'files:status.nothingToTranslate'
  return undefined
}
