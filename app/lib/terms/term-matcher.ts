import { parse } from '../tags'
import { stemWords, type StemmedWord } from './stemming'

/**
 * Finding glossary terms in a segment (issue 17): the segment's words and the terms are compared as stem sequences
 * (stemming.ts), so "datoram" finds "dators" and "tulkošanas atmiņā" finds "tulkošanas atmiņa". At each word the
 * longest term that starts there wins (all concepts with that term), and the search goes on after it; a term does not
 * reach across a tag. Terms are looked up by their first three stems (all of them for a shorter term): the window asks
 * for its words, word pairs and triples, so the lookup returns little besides the terms that are there (keyed by two
 * stems, a 100,000-term glossary answered a news window with 4,920 candidates for 373 terms; by three, with the
 * terms).
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

/** How many stems a lookup key holds. */
const KEY_STEMS = 3

/** A term's lookup key: its first KEY_STEMS stems. */
export function lookupKey(stems: string): string {
  return stems.split(' ').slice(0, KEY_STEMS).join(' ')
}

/** The words of a canonical segment string, text token by text token (a term does not reach across a tag). */
export function segmentWords(text: string, language: string): { token: number; words: StemmedWord[] }[] {
  return parse(text).flatMap((token, position) => (token.kind === 'text' ? [{ token: position, words: stemWords(token.text, language) }] : []))
}

/** Every run of one to KEY_STEMS words: the lookup keys a term in them may have. */
export function lookupKeysOf(runs: { words: StemmedWord[] }[]): string[] {
  const keys = new Set<string>()
  for (const { words } of runs) {
    for (let start = 0; start < words.length; start++) {
      let key = ''
      for (let length = 1; length <= KEY_STEMS && start + length <= words.length; length++) {
        key = length === 1 ? words[start]!.stem : `${key} ${words[start + length - 1]!.stem}`
        keys.add(key)
      }
    }
  }
  return [...keys]
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

/** The terms in the runs of one segment. */
export function findInRuns(runs: { token: number; words: StemmedWord[] }[], index: TermIndex): TermHit[] {
  return runs.flatMap((run) => findInWords(run.words, index).map((hit) => ({ ...hit, token: run.token })))
}

/** The terms in a canonical segment string (`Open <g1>the file</g1>`). */
export function findTerms(text: string, language: string, index: TermIndex): TermHit[] {
  return findInRuns(segmentWords(text, language), index)
}
