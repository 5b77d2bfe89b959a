import { isTag, normalize, parse, parseAndValidate, plainText, serialize, unusedTags, type TagToken, type Token } from '~/lib/tags'

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

/**
 * Issue 58 point 5 "choosing a suggestion never drops a tag": the current segment's tags that a (mapped) match
 * target lacks — its memory unit had nothing to map them from — are put into the target where they stand in the
 * source, in proportion to the text before them, at the nearest word edge: an opening or standalone tag before a
 * word, a closing tag after one; a tag at the very start or end of the source stays at the start or end. Should
 * that nest badly with the target's own tags, the missing tags go to the end in source order, which is always
 * valid. Returns the target and the number of tags placed. Pure and browser-safe.
 */
export function placeMissingTags(target: string, currentSource: string): { target: string; placed: number } {
  const sourceTokens = parse(currentSource)
  const targetTokens = parse(target)
  const missing = new Set(unusedTags(sourceTokens, targetTokens))
  if (missing.size === 0) return { target, placed: 0 }
  const targetText = plainText(targetTokens)
  const insertions: { at: number; tag: TagToken }[] = []
  const sourceText = plainText(sourceTokens)
  const sourceLength = sourceText.length
  let before = 0
  for (const token of sourceTokens) {
    if (token.kind === 'text') before += token.text.length
    else if (missing.has(token)) {
      // A standalone tag right after a word (and not before one) follows a word's end in the target too.
      const closing = token.kind === 'close' || (token.kind !== 'open' && WORD.test(sourceText[before - 1] ?? '') && !WORD.test(sourceText[before] ?? ''))
      insertions.push({ at: edgeNear(targetText, sourceLength === 0 ? 1 : before / sourceLength, closing), tag: token })
    }
  }
  // A closing tag never before its own opening one: it closes at the end of the word the opening one starts.
  for (const close of insertions) {
    const open = insertions.find(({ tag }) => tag.kind === 'open' && tag.name === close.tag.name && tag.id === close.tag.id)
    if (close.tag.kind === 'close' && open && close.at < open.at) close.at = wordEndFrom(targetText, open.at)
  }
  const placed = serialize(insertAt(targetTokens, insertions))
  const count = insertions.filter(({ tag }) => tag.kind !== 'close').length
  if (parseAndValidate(placed).ok) return { target: placed, placed: count }
  return { target: serialize([...targetTokens, ...insertions.map(({ tag }) => withoutRef(tag))]), placed: count }
}

function withoutRef(tag: TagToken): TagToken {
  return { kind: tag.kind, name: tag.name, id: tag.id }
}

const WORD = /[\p{L}\p{N}]/u

/**
 * The text offset nearest `share` of the text's length that starts a word (`closing`: ends one); 0 and the text's
 * length when the share is 0 or 1, and for a text with no word.
 */
function edgeNear(text: string, share: number, closing: boolean): number {
  if (share <= 0) return 0
  if (share >= 1) return text.length
  const wanted = share * text.length
  let best: number | undefined
  for (let at = 0; at <= text.length; at++) {
    const wordBefore = at > 0 && WORD.test(text[at - 1]!)
    const wordAfter = at < text.length && WORD.test(text[at]!)
    const edge = closing ? wordBefore && !wordAfter : wordAfter && !wordBefore
    if (edge && (best === undefined || Math.abs(at - wanted) < Math.abs(best - wanted))) best = at
  }
  return best ?? (share < 0.5 ? 0 : text.length)
}

/** The end of the first word at or after `from` (the text's end when none follows). */
function wordEndFrom(text: string, from: number): number {
  let at = from
  while (at < text.length && !WORD.test(text[at]!)) at++
  while (at < text.length && WORD.test(text[at]!)) at++
  return at
}

/** The tokens with each tag put in at its text offset (tags at one offset in the order given, after the target's own). */
function insertAt(tokens: readonly Token[], insertions: readonly { at: number; tag: TagToken }[]): Token[] {
  const result: Token[] = []
  let offset = 0
  let next = 0
  const sorted = insertions.map((insertion, order) => ({ ...insertion, order })).sort((a, b) => a.at - b.at || a.order - b.order)
  const flush = (upTo: number) => {
    while (next < sorted.length && sorted[next]!.at <= upTo) result.push(withoutRef(sorted[next++]!.tag))
  }
  for (const token of tokens) {
    if (token.kind !== 'text') {
      result.push(token)
      continue
    }
    let text = token.text
    while (next < sorted.length && sorted[next]!.at < offset + text.length) {
      const cut = sorted[next]!.at - offset
      if (cut > 0) result.push({ kind: 'text', text: text.slice(0, cut) })
      offset += cut
      text = text.slice(cut)
      flush(offset)
    }
    if (text) result.push({ kind: 'text', text })
    offset += text.length
  }
  flush(Number.POSITIVE_INFINITY)
  return normalize(result)
}
