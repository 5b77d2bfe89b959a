/**
 * Issue 5 "numbers that differ": a match whose source differs from the segment's only in some numbers ("Save 11
 * pages." for "Save 12 pages.") has its target's numbers replaced ("Saglabājiet 12 lapas."), as memoQ and Matecat
 * do. Pure and browser-safe.
 *
 * A number is replaced only where that is certain: the match source's number and the segment's number are
 * aligned by the diff (fuzzy-score.ts), the match source holds that number nowhere else, and the target holds it
 * written the same way exactly as often as the match source does. Anything else (a number written otherwise in the
 * target, "1,000" against "1 000"; a number the match source repeats unchanged) stays as it was, still marked in
 * the suggestion's source.
 */
import { isTag, parse, serialize } from '~/lib/tags'
import { diff } from './fuzzy-score'
import { tokenize } from './tokens'

/** Digit runs joined across one separator, as the tokenizer reads numbers (tokens.ts). */
const NUMBER = /\d+(?:[.,\u00A0\u202F\u2009]\d+)*/gu

export function substituteNumbers(matchSource: string, matchTarget: string, currentSource: string): string {
  // The match's number → the segment's; null when one number of the match becomes two different ones.
  const replacements = new Map<string, string | null>()
  const changed = new Map<string, number>()
  for (const number of diff(currentSource, matchSource).numbers) {
    const earlier = replacements.get(number.candidate)
    replacements.set(number.candidate, earlier === undefined || earlier === number.query ? number.query : null)
    changed.set(number.candidate, (changed.get(number.candidate) ?? 0) + 1)
  }
  if (replacements.size === 0) return matchTarget
  const inSource = countForms(tokenize(matchSource).tokens.filter((token) => token.kind === 'number').map((token) => token.form))
  const tokens = parse(matchTarget)
  const inTarget = countForms(tokens.flatMap((token) => (isTag(token) ? [] : (token.text.match(NUMBER) ?? []))))
  for (const [form, replacement] of replacements) {
    const certain = replacement !== null && inSource.get(form) === changed.get(form) && inTarget.get(form) === changed.get(form)
    if (!certain) replacements.delete(form)
  }
  if (replacements.size === 0) return matchTarget
  return serialize(
    tokens.map((token) =>
      isTag(token) ? token : { ...token, text: token.text.replace(NUMBER, (form) => replacements.get(form) ?? form) },
    ),
  )
}

function countForms(forms: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const form of forms) counts.set(form, (counts.get(form) ?? 0) + 1)
  return counts
}
