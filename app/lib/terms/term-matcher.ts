import { parse } from '../tags'
import { stemWords, type StemmedWord } from './stemming'

/**
 * Finding glossary terms in a segment (issue 17): the segment's words and the terms are compared as stem sequences
 * (stemming.ts), so "datoram" finds "dators" and "tulkošanas atmiņā" finds "tulkošanas atmiņa". At each word the
 * longest term that starts there wins (all concepts with that term), and the search goes on after it; a term does not
 * reach across a tag.
 */
export interface CandidateTerm {
  conceptId: number
  /** The term's stems, space-separated (glossary_terms.stems). */
  stems: string
}

export interface TermHit {
  /** Index of the text token in the canonical string's tokens (tags count as tokens). */
  token: number
  /** UTF-16 offsets in that token's text. */
  start: number
  end: number
  conceptIds: number[]
}

/** Terms indexed by their first stem, for the matcher. */
export type TermIndex = Map<string, { conceptId: number; stems: string[] }[]>

export function termIndex(candidates: CandidateTerm[]): TermIndex {
  const index: TermIndex = new Map()
  for (const candidate of candidates) {
    const stems = candidate.stems.split(' ')
    const list = index.get(stems[0]!) ?? []
    list.push({ conceptId: candidate.conceptId, stems })
    index.set(stems[0]!, list)
  }
  return index
}

function matchesAt(words: StemmedWord[], at: number, stems: string[]): boolean {
  if (at + stems.length > words.length) return false
  return stems.every((stem, offset) => words[at + offset]!.stem === stem)
}

/** The terms of `index` in one run of words, longest first at each word, none overlapping. */
export function findInWords(words: StemmedWord[], index: TermIndex): { start: number; end: number; conceptIds: number[] }[] {
  const hits: { start: number; end: number; conceptIds: number[] }[] = []
  for (let at = 0; at < words.length; ) {
    const matching = (index.get(words[at]!.stem) ?? []).filter((term) => matchesAt(words, at, term.stems))
    const longest = Math.max(0, ...matching.map((term) => term.stems.length))
    if (longest === 0) {
      at++
      continue
    }
    const conceptIds = [...new Set(matching.filter((term) => term.stems.length === longest).map((term) => term.conceptId))]
    hits.push({ start: words[at]!.start, end: words[at + longest - 1]!.end, conceptIds })
    at += longest
  }
  return hits
}

/** The terms in a canonical segment string (`Open <g1>the file</g1>`), text token by text token. */
export function findTerms(text: string, language: string, index: TermIndex): TermHit[] {
  return parse(text).flatMap((token, position) =>
    token.kind === 'text' ? findInWords(stemWords(token.text, language), index).map((hit) => ({ ...hit, token: position })) : [],
  )
}

/** Every distinct stem of the texts: what the lookup asks the glossary for. */
export function stemsOf(texts: string[], language: string): string[] {
  const stems = new Set<string>()
  for (const text of texts) {
    for (const token of parse(text)) if (token.kind === 'text') for (const word of stemWords(token.text, language)) stems.add(word.stem)
  }
  return [...stems]
}
