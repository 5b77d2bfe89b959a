/**
 * DESIGN.md "TM matching": the match score of a TM unit's source (the candidate) against a segment's source (the
 * query), and the token differences a match highlights. Pure and browser-safe.
 *
 *   d      = Levenshtein distance over token keys (tokens.ts: words lower-cased, numbers all "#"), each insert,
 *            delete or substitution costing 1
 *   base   = 100 when both have no tokens, otherwise floor(100 × (max(n, m) − d) / max(n, m))
 *   match  = 100                                 identical: same token forms and the same tags in the same places
 *          = max(95, 100 − penalties)            d = 0 but not identical: only tags, case or numbers differ
 *          = max(0, base − penalties)            d > 0
 *   penalties: tags 1, case 2, numbers 3, added up; so tags alone 99, case 98, numbers 97, tags + case 97,
 *   tags + numbers 96, case + numbers 95, all three 95 (the floor of the band).
 *
 * Floor, not round: with d > 0, 100 × (L − d) / L < 100, so flooring keeps 100 for identity alone.
 * Penalties only lower a score, so any filter that is exact for `base` is exact for `match` (candidate-filter.ts).
 * Case and number differences are read from the token pairs the distance aligns as equal; when d > 0 tags
 * differ if their sequences differ (their places are not compared, the tokens around them having moved).
 */
import { type TextUnitToken, tokenize, type TokenizedSegment } from './tokens'

export interface MatchDifferences {
  tags: boolean
  case: boolean
  numbers: boolean
}

export interface FuzzyScore {
  /** Integer percentage 0–100; 100 only for identical text. */
  match: number
  differences: MatchDifferences
}

export const PENALTY = { tags: 1, case: 2, numbers: 3 } as const
/** The lowest score of a match whose words are otherwise identical. */
export const NEAR_IDENTICAL_FLOOR = 95

export interface Range {
  start: number
  end: number
}

export type DiffKind = 'equal' | 'insert' | 'delete' | 'replace'

/**
 * One run of the alignment, seen from the candidate: `insert` is query text the candidate lacks (an empty
 * candidate range where it would go), `delete` candidate text the query lacks, `replace` both. Ranges are
 * character ranges in the plain texts (TokenizedSegment.plain). An `equal` run whose tokens differ in case or in
 * a number's value is a run of its own, marked with `differs`.
 */
export interface DiffOperation {
  kind: DiffKind
  differs?: 'case' | 'number'
  candidate: Range
  query: Range
}

export interface NumberDifference {
  query: string
  candidate: string
  candidateRange: Range
}

export interface MatchDiff {
  operations: DiffOperation[]
  numbers: NumberDifference[]
}

type Segment = string | TokenizedSegment

/** Edit distance of two key sequences (Wagner–Fischer, one row at a time): the cheap path for lookups. */
export function tokenDistance(query: readonly TextUnitToken[], candidate: readonly TextUnitToken[]): number {
  const m = candidate.length
  let previous = new Int32Array(m + 1)
  let current = new Int32Array(m + 1)
  for (let j = 0; j <= m; j++) previous[j] = j
  for (let i = 1; i <= query.length; i++) {
    current[0] = i
    const key = query[i - 1]?.key
    for (let j = 1; j <= m; j++) {
      const substitute = (previous[j - 1] ?? 0) + (candidate[j - 1]?.key === key ? 0 : 1)
      current[j] = Math.min(substitute, (previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1)
    }
    ;[previous, current] = [current, previous]
  }
  return previous[m] ?? 0
}

export function score(query: Segment, candidate: Segment): FuzzyScore {
  const q = typeof query === 'string' ? tokenize(query) : query
  const c = typeof candidate === 'string' ? tokenize(candidate) : candidate
  const steps = align(q.tokens, c.tokens)
  const d = steps.filter((step) => step.kind !== 'equal').length
  const differences: MatchDifferences = {
    tags: d === 0 ? !samePlacedTags(q, c) : !sameTagSequence(q, c),
    case: false,
    numbers: false,
  }
  for (const step of steps) {
    if (step.kind !== 'equal' || step.query === undefined || step.candidate === undefined) continue
    const differs = formDifference(q.tokens[step.query], c.tokens[step.candidate])
    if (differs === 'case') differences.case = true
    if (differs === 'number') differences.numbers = true
  }
  const penalties =
    (differences.tags ? PENALTY.tags : 0) + (differences.case ? PENALTY.case : 0) + (differences.numbers ? PENALTY.numbers : 0)
  if (d === 0) {
    return { match: penalties === 0 ? 100 : Math.max(NEAR_IDENTICAL_FLOOR, 100 - penalties), differences }
  }
  return { match: Math.max(0, baseScore(d, Math.max(q.tokens.length, c.tokens.length)) - penalties), differences }
}

/** floor(100 × (L − d) / L): the formula before penalties. The quotient of small integers is exact enough to floor. */
export function baseScore(distance: number, longest: number): number {
  return longest === 0 ? 100 : Math.floor((100 * (longest - distance)) / longest)
}

/** The token-level differences of a match, for highlighting the candidate against the query. */
export function diff(query: Segment, candidate: Segment): MatchDiff {
  const q = typeof query === 'string' ? tokenize(query) : query
  const c = typeof candidate === 'string' ? tokenize(candidate) : candidate
  const operations: DiffOperation[] = []
  const numbers: NumberDifference[] = []
  for (const step of align(q.tokens, c.tokens)) {
    const queryToken = step.query === undefined ? undefined : q.tokens[step.query]
    const candidateToken = step.candidate === undefined ? undefined : c.tokens[step.candidate]
    const differs = step.kind === 'equal' ? formDifference(queryToken, candidateToken) : undefined
    if (differs === 'number' && queryToken && candidateToken) {
      numbers.push({ query: queryToken.form, candidate: candidateToken.form, candidateRange: rangeOf(candidateToken) })
    }
    const candidateRange = candidateToken ? rangeOf(candidateToken) : emptyRangeAfter(c.tokens, step.candidateBefore)
    const queryRange = queryToken ? rangeOf(queryToken) : emptyRangeAfter(q.tokens, step.queryBefore)
    const last = operations.at(-1)
    if (last && last.kind === step.kind && last.differs === differs) {
      last.candidate = join(last.candidate, candidateRange)
      last.query = join(last.query, queryRange)
    } else {
      operations.push({
        kind: step.kind,
        ...(differs ? { differs } : {}),
        candidate: candidateRange,
        query: queryRange,
      })
    }
  }
  return { operations, numbers }
}

interface Step {
  kind: DiffKind
  /** The aligned tokens; an insert has no candidate token, a delete no query token. */
  query: number | undefined
  candidate: number | undefined
  /** How many tokens of each side come before this step: where an empty range goes. */
  queryBefore: number
  candidateBefore: number
}

/**
 * One optimal alignment, read back from the full distance table. Deterministic (equal, then insert, then delete,
 * then replace at each cell), so the same pair always gets the same penalties; a replacement only where no
 * insert or delete is as cheap keeps more tokens aligned as equal ("a b c" against "a c d" keeps "c").
 */
function align(query: readonly TextUnitToken[], candidate: readonly TextUnitToken[]): Step[] {
  const n = query.length
  const m = candidate.length
  const width = m + 1
  const table = new Int32Array((n + 1) * width)
  for (let j = 0; j <= m; j++) table[j] = j
  for (let i = 1; i <= n; i++) {
    table[i * width] = i
    const key = query[i - 1]?.key
    for (let j = 1; j <= m; j++) {
      const substitute = (table[(i - 1) * width + j - 1] ?? 0) + (candidate[j - 1]?.key === key ? 0 : 1)
      table[i * width + j] = Math.min(substitute, (table[(i - 1) * width + j] ?? 0) + 1, (table[i * width + j - 1] ?? 0) + 1)
    }
  }
  const steps: Step[] = []
  const at = (i: number, j: number) => table[i * width + j] ?? 0
  let i = n
  let j = m
  while (i > 0 || j > 0) {
    const here = at(i, j)
    let kind: DiffKind
    if (i > 0 && j > 0 && query[i - 1]?.key === candidate[j - 1]?.key && here === at(i - 1, j - 1)) kind = 'equal'
    else if (i > 0 && here === at(i - 1, j) + 1) kind = 'insert'
    else if (j > 0 && here === at(i, j - 1) + 1) kind = 'delete'
    else kind = 'replace'
    if (kind !== 'delete') i--
    if (kind !== 'insert') j--
    steps.push({
      kind,
      query: kind === 'delete' ? undefined : i,
      candidate: kind === 'insert' ? undefined : j,
      queryBefore: i,
      candidateBefore: j,
    })
  }
  return steps.reverse()
}

function formDifference(a: TextUnitToken | undefined, b: TextUnitToken | undefined): 'case' | 'number' | undefined {
  if (!a || !b || a.form === b.form) return undefined
  return a.kind === 'number' ? 'number' : 'case'
}

function samePlacedTags(a: TokenizedSegment, b: TokenizedSegment): boolean {
  return a.tags.length === b.tags.length && a.tags.every((tag, index) => tag.tag === b.tags[index]?.tag && tag.position === b.tags[index]?.position)
}

function sameTagSequence(a: TokenizedSegment, b: TokenizedSegment): boolean {
  return a.tags.length === b.tags.length && a.tags.every((tag, index) => tag.tag === b.tags[index]?.tag)
}

function rangeOf(token: TextUnitToken): Range {
  return { start: token.start, end: token.end }
}

/** The empty range right after the first `count` tokens: where a missing token would go. */
function emptyRangeAfter(tokens: readonly TextUnitToken[], count: number): Range {
  const at = tokens[count - 1]?.end ?? 0
  return { start: at, end: at }
}

function join(a: Range, b: Range): Range {
  return { start: Math.min(a.start, b.start), end: Math.max(a.end, b.end) }
}
