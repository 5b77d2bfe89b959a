/**
 * SRX 2.0 semantics over JavaScript regular expressions. Pure and browser-safe.
 *
 * A rule looks at one position between two characters: `before` must match text ending there and `after`
 * text starting there. Rules are tried in order and the first that matches decides; where none matches
 * there is no break (SRX 2.0 §2.4).
 *
 * Patterns are JavaScript RegExp sources compiled with the `u` flag. `before` runs as a lookbehind, so it
 * may be of any length and may use `^` for "start of the text". A lookbehind is tried at every position of
 * the text, so a break rule's `before` must not repeat without bound (`[.?!]+` rescans a run of a hundred
 * thousand dots at each of them): write `[.?!]` or `{0,3}`, which match at the same positions. Likewise a
 * break rule whose `before` is empty or whitespace needs an `after` that fails fast.
 */
export interface SrxRule {
  break: boolean
  before: string
  after: string
}

export interface CompiledRules {
  readonly rules: readonly SrxRule[]
  /** One sticky probe per rule: matches (empty) exactly at a position where the rule applies. */
  readonly probes: readonly RegExp[]
  /** Finds every position where some break rule applies; only those need the full ordered check. */
  readonly candidates: RegExp | null
}

/** Throws on a pattern that is not valid JavaScript: rule sets are data we wrote or translated and checked. */
export function compileRules(rules: readonly SrxRule[]): CompiledRules {
  const probes = rules.map((rule) => new RegExp(positionPattern(rule), 'uy'))
  const breakPatterns = rules.filter((rule) => rule.break).map(positionPattern)
  const candidates = breakPatterns.length > 0 ? new RegExp(breakPatterns.join('|'), 'gu') : null
  return { rules, probes, candidates }
}

/**
 * `before` first: a break rule's `before` usually ends in a rare character (a stop), so most positions fail
 * on one character, where an `after` like `\s+(?!…)` would first run through a whole stretch of spaces.
 */
function positionPattern(rule: SrxRule): string {
  const before = rule.before === '' ? '' : `(?<=${rule.before})`
  const after = rule.after === '' ? '' : `(?=${rule.after})`
  return before + after === '' ? '(?:)' : before + after
}

/**
 * Positions (0 < p < text.length) where the rules break, ascending. Exception rules are only consulted at
 * candidates some break rule proposes, so a long list of abbreviations costs nothing between sentences.
 */
export function srxBreaks(text: string, compiled: CompiledRules): number[] {
  if (compiled.candidates === null) return []
  const breaks: number[] = []
  let last = -1
  for (const match of text.matchAll(compiled.candidates)) {
    const position = match.index
    if (position === last || position === 0 || position >= text.length) continue
    last = position
    if (decide(text, position, compiled)) breaks.push(position)
  }
  return breaks
}

function decide(text: string, position: number, compiled: CompiledRules): boolean {
  for (let i = 0; i < compiled.probes.length; i++) {
    const probe = compiled.probes[i]!
    probe.lastIndex = position
    if (probe.test(text)) return compiled.rules[i]!.break
  }
  return false
}
