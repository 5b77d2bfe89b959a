import { isTag, normalize, parse, serialize, type Token } from '../tags'

/**
 * Issue 58, find and replace in a file's translations, the pure part (the server's replace and the page share it):
 * what a query finds in a translation and what replacing it makes. Only text is searched and changed, never an
 * inline tag (a tag's markup is not text; a match cannot span one), and the replacement is text, never markup.
 */
export interface ReplaceQuery {
  find: string
  replace: string
  matchCase: boolean
  wholeWord: boolean
}

/** The longest find or replacement: as long as a search term may be (translator-url.ts). */
export const REPLACE_MAX = 200

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The query as a global regular expression; whole words: not next to a letter, a digit or an underscore. */
export function findPattern(query: Pick<ReplaceQuery, 'find' | 'matchCase' | 'wholeWord'>): RegExp {
  const escaped = escapeRegExp(query.find)
  const source = query.wholeWord ? `(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])` : escaped
  return new RegExp(source, query.matchCase ? 'gu' : 'giu')
}

/** How many times the query occurs in the text of a translation (canonical tag string). */
export function countMatches(canonical: string, query: ReplaceQuery): number {
  if (query.find === '') return 0
  const pattern = findPattern(query)
  return parse(canonical).reduce((count, token) => count + (isTag(token) ? 0 : (token.text.match(pattern)?.length ?? 0)), 0)
}

/**
 * The translation with the query's matches replaced — every one, or with `first` only the first — and how many were.
 * The text is returned as it came when nothing matched.
 */
export function replaceInTranslation(canonical: string, query: ReplaceQuery, { first = false } = {}): { text: string; count: number } {
  if (query.find === '') return { text: canonical, count: 0 }
  const pattern = findPattern(query)
  let count = 0
  const tokens: Token[] = parse(canonical).map((token) => {
    if (isTag(token) || (first && count > 0)) return token
    const text = token.text.replace(pattern, (match) => {
      if (first && count > 0) return match
      count++
      return query.replace
    })
    return text === token.text ? token : { kind: 'text', text }
  })
  return count === 0 ? { text: canonical, count } : { text: serialize(normalize(tokens)), count }
}
