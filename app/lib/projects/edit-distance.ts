/**
 * Issue 52 point 5: how much a reviewer changed a translation — the Levenshtein distance in characters (code points:
 * "ā" is one) between the translator's text and the revised one: the fewest insertions, deletions and substitutions
 * that turn one into the other. One row of the table is kept (memory as the shorter text); the common start and end
 * are skipped first, which is most of a revision.
 */
export function editDistance(before: string, after: string): number {
  let a = [...before]
  let b = [...after]
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let end = 0
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++
  a = a.slice(start, a.length - end)
  b = b.slice(start, b.length - end)
  if (a.length < b.length) [a, b] = [b, a]
  if (b.length === 0) return a.length
  const row = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!
      row[j] = a[i - 1] === b[j - 1] ? diagonal : 1 + Math.min(diagonal, above, row[j - 1]!)
      diagonal = above
    }
  }
  return row[b.length]!
}
