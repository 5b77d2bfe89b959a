import type { TagKind, TagToken, TaggedText } from '../../tags/types'

/**
 * The per-unit code table shared by the markup filters (html, xliff; docx may use it too). A unit's tags carry
 * `ref` = index into the unit's codes; a code is the exact original markup of that tag, so a merge re-emits
 * the file's own bytes for every tag instead of re-serialising it.
 */

/** Tag names are 1–5 ASCII letters or digits starting with a letter (tags/types.ts). */
export function tagName(candidate: string, fallback: string): string {
  return /^[a-z][a-z0-9]{0,4}$/i.test(candidate) && !/\d$/.test(candidate) ? candidate.toLowerCase() : fallback
}

/** Text and tags equal, refs ignored (refs are not part of the canonical form). */
export function sameTaggedText(a: TaggedText, b: TaggedText): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!
    const y = b[i]!
    if (x.kind !== y.kind) return false
    if (x.kind === 'text') {
      if (x.text !== (y as { text: string }).text) return false
    } else {
      const tag = y as TagToken
      if (x.name !== tag.name || x.id !== tag.id) return false
    }
  }
  return true
}

/** Numbers tags from 1 in document order; a close takes the id of the open it closes (matched by ref). */
export function numberTags(tokens: TaggedText, closesOpen: (close: TagToken) => TagToken | undefined): TaggedText {
  let next = 1
  const ids = new Map<TagToken, number>()
  return tokens.map((token) => {
    if (token.kind === 'text') return token
    if (token.kind === 'close') {
      const open = closesOpen(token)
      return { ...token, id: (open && ids.get(open)) ?? next++ }
    }
    const id = next++
    ids.set(token, id)
    return { ...token, id }
  })
}

function tagKey(kind: TagKind, name: string, id: number): string {
  return `${kind} ${name} ${id}`
}

/**
 * Resolves the tags of a translation to the unit's codes: by (kind, name, id) among the unit's known tags,
 * the translation's own ref being only a hint. Unknown tags are dropped, and so is an open without its close
 * (or the reverse), so that the merged markup stays balanced whatever the translation holds.
 */
export function resolveTags(translation: TaggedText, known: TaggedText): { token: TaggedText[number]; code?: number }[] {
  const codes = new Map<string, number>()
  for (const token of known) {
    if (token.kind !== 'text' && token.ref !== undefined) codes.set(tagKey(token.kind, token.name, token.id), Number(token.ref))
  }
  const present = new Set<string>()
  for (const token of translation) if (token.kind !== 'text') present.add(tagKey(token.kind, token.name, token.id))
  const out: { token: TaggedText[number]; code?: number }[] = []
  for (const token of translation) {
    if (token.kind === 'text') {
      out.push({ token })
      continue
    }
    const code = codes.get(tagKey(token.kind, token.name, token.id))
    if (code === undefined) continue
    if (token.kind === 'open' && !present.has(tagKey('close', token.name, token.id))) continue
    if (token.kind === 'close' && !present.has(tagKey('open', token.name, token.id))) continue
    out.push({ token, code })
  }
  return out
}

/** The tag-free text of a unit. */
export function plainText(tokens: TaggedText): string {
  let text = ''
  for (const token of tokens) if (token.kind === 'text') text += token.text
  return text
}

/** Whether a unit has anything to translate: a letter or a digit outside the tags. */
export function hasTranslatableText(tokens: TaggedText): boolean {
  return tokens.some((token) => token.kind === 'text' && /[\p{L}\p{N}]/u.test(token.text))
}
