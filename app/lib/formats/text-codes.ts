import type { TagKind, TaggedText, Token } from '../tags/types'
import { sameTaggedText } from './xml/inline-codes'
import { applyEdits } from './xml/xml-file'

/**
 * Inline codes of the text-based resource formats (issue 18: PO, .properties, JSON, subtitles): a value is split
 * into text and the codes a pattern finds — printf and ICU placeholders, subtitle markup, line breaks — each code a
 * tag whose `ref` is its exact original text, so a merge writes the file's own characters for it. An open code with
 * no close after it (or the reverse) becomes a self-contained tag, so every unit's tags are balanced.
 */
export interface CodeKind {
  kind: Exclude<TagKind, 'close'> | 'close'
  name: string
}

export function tokensWithCodes(text: string, codes: RegExp | undefined, classify: (code: string) => CodeKind): TaggedText {
  if (!codes || text === '') return text === '' ? [] : [{ kind: 'text', text }]
  const pieces: ({ text: string } | { code: string; kind: CodeKind })[] = []
  let at = 0
  for (const match of text.matchAll(new RegExp(codes.source, codes.flags.includes('g') ? codes.flags : `${codes.flags}g`))) {
    if (match[0] === '') continue
    if (match.index > at) pieces.push({ text: text.slice(at, match.index) })
    pieces.push({ code: match[0], kind: classify(match[0]) })
    at = match.index + match[0].length
  }
  if (at < text.length) pieces.push({ text: text.slice(at) })
  // Pair opens with closes of the same name (innermost first); the unpaired stand alone.
  const partner = new Map<number, number>()
  const open: number[] = []
  pieces.forEach((piece, index) => {
    if (!('code' in piece)) return
    if (piece.kind.kind === 'open') open.push(index)
    if (piece.kind.kind !== 'close') return
    const opener = open.findLastIndex((at) => (pieces[at] as { kind: CodeKind }).kind.name === piece.kind.name)
    if (opener < 0) return
    partner.set(index, open[opener]!)
    partner.set(open[opener]!, index)
    open.splice(opener)
  })
  let next = 1
  const ids = new Map<number, number>()
  return pieces.map((piece, index): Token => {
    if (!('code' in piece)) return { kind: 'text', text: piece.text }
    const paired = partner.get(index)
    const kind = (piece.kind.kind === 'open' || piece.kind.kind === 'close') && paired === undefined ? 'self' : piece.kind.kind
    const id = kind === 'close' ? ids.get(paired!)! : next++
    ids.set(index, id)
    return { kind, name: piece.kind.name, id, ref: piece.code }
  })
}

/** The value a translation becomes: its text through `escape`, each code as the original wrote it. */
export function textWithCodes(tokens: TaggedText, escape: (text: string) => string = (text) => text): string {
  return tokens.map((token) => (token.kind === 'text' ? escape(token.text) : token.ref ?? '')).join('')
}

/** A piece of the decoded file a unit's value occupies, and how to write a translation there. */
export interface ValueSpan {
  key: string
  start: number
  end: number
  source: TaggedText
  /** The replacement text for a translation (escaped, quoted, as the format needs). */
  write(translation: TaggedText): string
}

/**
 * The file with each span's translation written in place; a span whose translation is its own source (or that has
 * none) keeps its original characters, so an identity merge gives back the same text.
 */
export function replaceSpans(text: string, spans: ValueSpan[], translations: ReadonlyMap<string, TaggedText>): string | undefined {
  const edits = spans.flatMap((span) => {
    const translation = translations.get(span.key)
    return !translation || sameTaggedText(translation, span.source) ? [] : [{ start: span.start, end: span.end, text: span.write(translation) }]
  })
  return edits.length === 0 ? undefined : applyEdits(text, edits)
}

/** printf conversions (`%s`, `%1$d`, `%(name)s`, `%%`), the codes of PO's c-/python-format and Android strings. */
export const PRINTF = /%(?:\d+\$)?(?:\([\w.]+\))?[-+ #0]*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|L|z|j|t)?[diouxXeEfFgGcsaAp@%]/

/** Simple ICU/MessageFormat arguments and template variables: `{0}`, `{name}`, `{count, number}`, `{{name}}`. */
export const BRACED = /\{\{\s*[\w.-]+\s*\}\}|\{\s*[\w.-]+\s*(?:,\s*[\w-]+\s*(?:,\s*[^{}]*)?)?\}/

export const placeholder = (): CodeKind => ({ kind: 'placeholder', name: 'ph' })
