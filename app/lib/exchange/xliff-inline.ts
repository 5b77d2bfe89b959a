import { normalize, tagString, type TagToken, type TaggedText, type Token } from '../tags'
import { type XmlNode, attribute, localName } from '../formats/xml/xml-tree'
import { escapeXml } from '../tm/tmx-write'

/**
 * Issue 18 bilingual exchange: a segment's tags in XLIFF inline markup and back. We keep no native code (the format
 * filters do, in the project's skeleton), so the markup only says where each tag stands; reading a translation back
 * maps each inline element to the source segment's tag by its XLIFF id, as another CAT tool keeps the ids it was given.
 *
 * Ids: a pair is its number ("1"), a standalone tag its spelling ("x2", "ph3", "br_1"), so they never collide.
 * A pair that opens and closes in the segment, properly nested, is <g> (1.2) or <pc> (2.0); a lone opening or
 * closing is <bx>/<ex> or <sc>/<ec isolated="yes">; a self-closing tag is <x>, a placeholder <ph>.
 */
export type XliffVersion = '1.2' | '2.0'

function standaloneId(tag: TagToken): string {
  return tagString(tag).slice(1, -2)
}

export function xliffId(tag: TagToken): string {
  return tag.kind === 'open' || tag.kind === 'close' ? String(tag.id) : standaloneId(tag)
}

/** Indexes of the openings and closings that pair up, properly nested, within the tokens. */
function nestedPairs(tokens: readonly Token[]): Set<number> {
  const paired = new Set<number>()
  const open: number[] = []
  tokens.forEach((token, index) => {
    if (token.kind === 'open') open.push(index)
    else if (token.kind === 'close') {
      const top = open.at(-1)
      if (top !== undefined && (tokens[top] as TagToken).id === token.id) {
        open.pop()
        paired.add(top).add(index)
      }
    }
  })
  return paired
}

/** The tokens as the content of a <source> or <target>. */
export function inlineXml(tokens: readonly Token[], version: XliffVersion): string {
  const paired = nestedPairs(tokens)
  return tokens
    .map((token, index) => {
      if (token.kind === 'text') return escapeXml(token.text)
      const id = xliffId(token)
      const nested = paired.has(index)
      switch (token.kind) {
        case 'open':
          if (version === '1.2') return nested ? `<g id="${id}">` : `<bx id="${id}"/>`
          return nested ? `<pc id="${id}">` : `<sc id="${id}" isolated="yes"/>`
        case 'close':
          if (version === '1.2') return nested ? '</g>' : `<ex id="${id}"/>`
          return nested ? '</pc>' : `<ec id="${id}" isolated="yes"/>`
        case 'self':
          return version === '1.2' ? `<x id="${id}"/>` : `<ph id="${id}"/>`
        case 'placeholder':
          return `<ph id="${id}"/>`
      }
    })
    .join('')
}

export type InlineReadError = { code: 'unknown-tag'; id: string }

/**
 * A <target>'s content as tokens with the source's tags: each inline element is looked up by its id among the source
 * segment's tags. Elements other tools add around text (mrk, sub, their own namespaces) give their text; an id the
 * source does not have is an error (the translation could not be written back into the document).
 */
export function readInlineXml(children: readonly XmlNode[], source: readonly Token[]): { tokens: TaggedText } | InlineReadError {
  const pairs = new Map<string, { open: TagToken; close?: TagToken }>()
  const standalone = new Map<string, TagToken>()
  for (const token of source) {
    if (token.kind === 'open') pairs.set(xliffId(token), { open: token, ...pairs.get(xliffId(token)) })
    else if (token.kind === 'close') pairs.set(xliffId(token), { ...pairs.get(xliffId(token))!, close: token })
    else if (token.kind !== 'text') standalone.set(xliffId(token), token)
  }
  // A pair whose source has only one half (the segment starts or ends inside it) still has a name for both.
  const half = (id: string, kind: 'open' | 'close'): TagToken | undefined => {
    const pair = pairs.get(id)
    const known = pair?.[kind] ?? pair?.open ?? pair?.close
    return known && { kind, name: known.name, id: known.id }
  }
  const tokens: Token[] = []
  let error: InlineReadError | undefined
  const push = (tag: TagToken | undefined, id: string) => {
    if (tag) tokens.push({ kind: tag.kind, name: tag.name, id: tag.id })
    else error ??= { code: 'unknown-tag', id }
  }
  const visit = (nodes: readonly XmlNode[]) => {
    for (const node of nodes) {
      if (node.kind === 'text') {
        if (node.text) tokens.push({ kind: 'text', text: node.text })
        continue
      }
      if (node.kind !== 'element') continue
      const id = attribute(node, 'id') ?? ''
      switch (localName(node.name)) {
        case 'g':
        case 'pc':
          push(half(id, 'open'), id)
          visit(node.children)
          push(half(id, 'close'), id)
          break
        case 'bx':
        case 'sc':
          push(half(id, 'open'), id)
          break
        case 'bpt':
          push(half(attribute(node, 'rid') ?? id, 'open'), id)
          break
        case 'ex':
        case 'ept':
          push(half(attribute(node, 'rid') ?? id, 'close'), id)
          break
        case 'ec':
          push(half(attribute(node, 'startRef') ?? id, 'close'), id)
          break
        case 'x':
        case 'ph':
          push(standalone.get(id), id)
          break
        default:
          visit(node.children)
      }
    }
  }
  visit(children)
  return error ?? { tokens: normalize(tokens) }
}
