/**
 * Issue 52 point 3: what changed between two versions of a translation, word by word (spaces and punctuation are
 * words of their own), for the translator's History tab: the longest common subsequence of the two texts' words, the
 * rest removed from the older and added in the newer. Texts past MAX_WORDS words are compared whole.
 */
export type DiffPart = { kind: 'same' | 'removed' | 'added'; text: string }

const MAX_WORDS = 2_000

/** Words, the spaces between them, and each punctuation mark, in order. */
export function diffWords(text: string): string[] {
  return text.match(/\s+|[\p{L}\p{N}\p{M}_'’-]+|[^\s\p{L}\p{N}\p{M}_'’-]/gu) ?? []
}

export function wordDiff(before: string, after: string): DiffPart[] {
  if (before === after) return before === '' ? [] : [{ kind: 'same', text: before }]
  const a = diffWords(before)
  const b = diffWords(after)
  if (a.length * b.length > MAX_WORDS * MAX_WORDS) return joined([...(before ? [{ kind: 'removed' as const, text: before }] : []), ...(after ? [{ kind: 'added' as const, text: after }] : [])])
  // lengths[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lengths = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1))
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i]![j] = a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!)
    }
  }
  const parts: DiffPart[] = []
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      parts.push({ kind: 'same', text: a[i++]! })
      j++
    } else if (i < a.length && (j === b.length || lengths[i + 1]![j]! >= lengths[i]![j + 1]!)) {
      // What went before what came: the older text's words first, as a reader compares them.
      parts.push({ kind: 'removed', text: a[i++]! })
    } else {
      parts.push({ kind: 'added', text: b[j++]! })
    }
  }
  return joined(parts)
}

/** Neighbouring parts of one kind as one. */
function joined(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = []
  for (const part of parts) {
    const last = out.at(-1)
    if (last && last.kind === part.kind) last.text += part.text
    else out.push({ ...part })
  }
  return out
}
