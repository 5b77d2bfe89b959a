import { parse, plainText } from '~/lib/tags'

/** A piece of a concordance result's text; `hit` marks a searched word (shown in <mark>). Pure, browser-safe. */
export interface MarkedPiece {
  text: string
  hit: boolean
}

/** The searched text as words (SPEC §2 concordance: units containing the words searched). At most 10 count. */
export function searchWords(text: string): string[] {
  return [...new Set(text.trim().split(/\s+/u).filter(Boolean))].slice(0, 10)
}

/** A unit's source or target (canonical tag string) as plain text with each occurrence of a word marked. */
export function markWords(canonical: string, words: readonly string[]): MarkedPiece[] {
  const text = plainText(parse(canonical))
  if (words.length === 0) return text ? [{ text, hit: false }] : []
  // Longest first, so "files" is marked whole where "file" is searched too.
  const alternatives = [...words].sort((a, b) => b.length - a.length).map((word) => word.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&'))
  const pattern = new RegExp(alternatives.join('|'), 'giu')
  const pieces: MarkedPiece[] = []
  let at = 0
  for (const found of text.matchAll(pattern)) {
    const start = found.index ?? 0
    if (start > at) pieces.push({ text: text.slice(at, start), hit: false })
    pieces.push({ text: found[0], hit: true })
    at = start + found[0].length
  }
  if (at < text.length) pieces.push({ text: text.slice(at), hit: false })
  return pieces
}
