import { tagString } from './canonical'
import { isTag, type TaggedText, type TagToken, type Token } from './types'

/** The tags of a segment, in order. */
export function tagsOf(tokens: readonly Token[]): TagToken[] {
  return tokens.filter(isTag)
}

/** The text a reader sees: tags dropped (word counts, TM scoring, MT input). */
export function plainText(tokens: readonly Token[]): string {
  let text = ''
  for (const token of tokens) if (token.kind === 'text') text += token.text
  return text
}

/**
 * SPEC §3: tags of the source absent from the target are tracked as unused (Ctrl+Alt+n inserts the n-th).
 * In source order; a tag the source holds twice is unused once for each copy the target lacks.
 */
export function unusedTags(source: readonly Token[], target: readonly Token[]): TagToken[] {
  const inTarget = countByIdentity(tagsOf(target))
  return tagsOf(source).filter((tag) => {
    const identity = tagString(tag)
    const left = inTarget.get(identity) ?? 0
    inTarget.set(identity, left - 1)
    return left <= 0
  })
}

/** Whether both carry the same tags, each as many times, in any order (refs ignored). */
export function sameTags(a: readonly Token[], b: readonly Token[]): boolean {
  const tagsOfA = tagsOf(a)
  const tagsOfB = tagsOf(b)
  if (tagsOfA.length !== tagsOfB.length) return false
  const counts = countByIdentity(tagsOfA)
  for (const tag of tagsOfB) {
    const identity = tagString(tag)
    const left = counts.get(identity) ?? 0
    if (left === 0) return false
    counts.set(identity, left - 1)
  }
  return true
}

/**
 * The target with each tag's ref taken from the source tag of the same kind, name and id (a posted target
 * string carries no refs). Refs come from the source only: a tag the source lacks, or whose source twin has
 * no ref, comes back without one.
 */
export function restoreRefs(target: readonly Token[], source: readonly Token[]): TaggedText {
  const refs = new Map<string, string | undefined>()
  for (const tag of tagsOf(source)) {
    const identity = tagString(tag)
    if (!refs.has(identity)) refs.set(identity, tag.ref)
  }
  return target.map((token) => {
    if (!isTag(token)) return token
    const { ref: _stale, ...bare } = token
    const ref = refs.get(tagString(token))
    return ref === undefined ? bare : { ...bare, ref }
  })
}

/**
 * SPEC §3 "class identifier" for hover highlighting: an opening and its closing share one key, so hovering
 * either lights up both, in the source and the target alike. A valid CSS class name.
 */
export function tagKey(tag: TagToken): string {
  const standalone = tag.kind === 'self' || tag.kind === 'placeholder'
  return `tag-${tag.name}-${tag.id}${standalone ? '-self' : ''}`
}

function countByIdentity(tags: readonly TagToken[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const tag of tags) {
    const identity = tagString(tag)
    counts.set(identity, (counts.get(identity) ?? 0) + 1)
  }
  return counts
}
