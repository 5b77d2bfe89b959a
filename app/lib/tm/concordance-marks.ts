import { parse, plainText } from '~/lib/tags'
import { textTokens } from './tokens'

/** A piece of a concordance result's text; `hit` marks a searched word (shown in <mark>). Pure, browser-safe. */
export interface MarkedPiece {
  text: string
  hit: boolean
}

/**
 * A unit's source or target (canonical tag string) as plain text with each searched word marked where it stands as a
 * whole word, any case (`words` lower-cased, as concordance-words.ts searchedWords gives them).
 */
export function markWords(canonical: string, words: readonly string[]): MarkedPiece[] {
  const text = plainText(parse(canonical)).normalize('NFC')
  if (words.length === 0) return text ? [{ text, hit: false }] : []
  const wanted = new Set(words)
  const pieces: MarkedPiece[] = []
  let at = 0
  for (const token of textTokens(text)) {
    if (token.kind === 'punctuation' || !wanted.has(token.form.toLowerCase())) continue
    if (token.start > at) pieces.push({ text: text.slice(at, token.start), hit: false })
    pieces.push({ text: token.form, hit: true })
    at = token.end
  }
  if (at < text.length) pieces.push({ text: text.slice(at), hit: false })
  return pieces
}
