import { isTag, normalize, parse, parseAndValidate, serialize, type TagToken, type Token } from '~/lib/tags'

/**
 * Issue 5 "tags in the match are mapped onto the current segment's tags": a TM unit was stored with the tags of
 * the segment it came from (`<g3>`, `<x7/>`), which the current segment may number differently. Pure and
 * browser-safe.
 *
 * The match's source tags are paired with the current source's tags by kind and order: the n-th pair (an opening
 * tag with its closing one) of the match becomes the n-th pair of the current segment, the n-th self-closing tag
 * the n-th self-closing tag, the n-th placeholder the n-th placeholder. Each tag of the match's target is then
 * renamed through that pairing. A tag that cannot be paired (the current segment has fewer of its kind, or the
 * match's source lacks it) is dropped with its partner, and so never names a tag the current source lacks.
 * Should the result still not be a valid tag structure (SPEC §5), every tag is dropped and the text is kept.
 */
export function mapMatchTags(matchSource: string, matchTarget: string, currentSource: string): string {
  const pairing = pairTags(parse(matchSource), parse(currentSource))
  // A dropped tag leaves `undefined` in its place, so the text around it can be joined with care.
  const mapped: (Token | undefined)[] = parse(matchTarget).map((token) => {
    if (!isTag(token)) return token
    const onto = pairing.get(identity(token))
    return onto ? { kind: token.kind, name: onto.name, id: onto.id } : undefined
  })
  const result = serialize(joinAroundDropped(mapped))
  if (parseAndValidate(result).ok) return result
  return serialize(joinAroundDropped(mapped.map((token) => (token && isTag(token) ? undefined : token))))
}

/** Text on both sides of a dropped tag joins; had both sides a space there, one is kept (SPEC §5 warns of two). */
function joinAroundDropped(tokens: readonly (Token | undefined)[]): Token[] {
  const joined: Token[] = []
  let dropped = false
  for (const token of tokens) {
    if (!token) {
      dropped = true
      continue
    }
    const previous = joined.at(-1)
    if (dropped && token.kind === 'text' && previous?.kind === 'text' && /\s$/u.test(previous.text)) {
      joined.push({ kind: 'text', text: token.text.replace(/^\s/u, '') })
    } else {
      joined.push(token)
    }
    dropped = false
  }
  return normalize(joined)
}

type TagGroup = 'pair' | 'self' | 'placeholder'

function group(tag: TagToken): TagGroup {
  return tag.kind === 'open' || tag.kind === 'close' ? 'pair' : tag.kind
}

/** An opening and its closing tag share one identity: they are mapped together. */
function identity(tag: TagToken): string {
  return `${group(tag)}:${tag.name}:${tag.id}`
}

/** The match's tag identities → the current segment's tag (name and id) of the same group and rank. */
function pairTags(matchSource: readonly Token[], currentSource: readonly Token[]): Map<string, { name: string; id: number }> {
  const ranked = (tokens: readonly Token[]) => {
    const byGroup = new Map<TagGroup, TagToken[]>()
    const seen = new Set<string>()
    for (const token of tokens) {
      if (!isTag(token) || token.kind === 'close' || seen.has(identity(token))) continue
      seen.add(identity(token))
      byGroup.set(group(token), [...(byGroup.get(group(token)) ?? []), token])
    }
    return byGroup
  }
  const current = ranked(currentSource)
  const pairing = new Map<string, { name: string; id: number }>()
  for (const [tagGroup, tags] of ranked(matchSource)) {
    tags.forEach((tag, rank) => {
      const onto = current.get(tagGroup)?.[rank]
      if (onto) pairing.set(identity(tag), { name: onto.name, id: onto.id })
    })
  }
  return pairing
}
