/**
 * The canonical string form of tagged text (DESIGN.md "Tagged text"): what a <textarea> shows and every form posts.
 *
 *   segment = *( tag / escape / char )
 *   tag     = "<" label ">"               open                  <g1>
 *           / "</" label ">"              close                 </g1>
 *           / "<" label "/>"              self-closing          <x2/>   (placeholder when the name is "ph": <ph3/>)
 *   label   = name [ "_" ] id             "_" accepted on input: <g_1>, </g_1>, <x_2/>
 *   name    = ALPHA 0*4( ALPHA / DIGIT )  case-sensitive; without "_" the name ends at its last letter (<h12> is h, 12)
 *   id      = 1*DIGIT                     a safe integer; leading zeros accepted on input
 *   escape  = "&lt;" / "&gt;" / "&amp;"   read as "<", ">", "&"
 *
 * - A "<" that does not start a well-formed tag is literal text, so a translator can type "a < b" or "<b" as is.
 *   "ph" is reserved for placeholders: <ph1> and </ph1> are literal text.
 * - Writing escapes only what would be misread: a literal "<" that starts a well-formed tag is written "&lt;", a
 *   literal "&" that starts one of the three escapes is written "&amp;"; nothing else ("&gt;" is read, never written).
 * - The plain form is written, except after a name ending in a digit, where "_" keeps the id apart (<h1_2>).
 * - Law: parse(serialize(t)) = t for every normalized token list t of well-formed tags, refs aside (a ref is not
 *   part of the string; restoreRefs brings it back from the source segment).
 */
import { type TagKind, type TaggedText, type TagToken, type Token } from './types'

export const PLACEHOLDER_NAME = 'ph'

/**
 * One sticky pattern per "<": either name "_" id, or the plain form where the name ends at its last letter.
 * Bounded repetitions keep each attempt short, so reading stays linear in the text length.
 */
const TAG_AT =
  /<(\/?)(?:([A-Za-z][A-Za-z0-9]{0,4})_([0-9]{1,16})|([A-Za-z](?:[A-Za-z0-9]{0,3}[A-Za-z])?)([0-9]{1,16}))(\/?)>/y
const NAME = /^[A-Za-z][A-Za-z0-9]{0,4}$/
const SPECIAL = /[<&]/g
const ENDS_IN_DIGIT = /[0-9]$/
const TAG_KINDS: ReadonlySet<string> = new Set<TagKind>(['open', 'close', 'self', 'placeholder'])

const LESS_THAN = 0x3c
const ESCAPES = [
  ['&lt;', '<'],
  ['&gt;', '>'],
  ['&amp;', '&'],
] as const

/** Reads the text into tokens. Never fails: whatever is not a well-formed tag or escape is literal text. */
export function parse(text: string): TaggedText {
  const tokens: Token[] = []
  let literal = ''
  let copiedUpTo = 0
  for (let at = nextSpecial(text, 0); at !== -1; ) {
    const isLessThan = text.charCodeAt(at) === LESS_THAN
    const tag = isLessThan ? tagAt(text, at) : undefined
    const escape = isLessThan ? undefined : escapeAt(text, at)
    if (tag) {
      literal += text.slice(copiedUpTo, at)
      if (literal) tokens.push({ kind: 'text', text: literal })
      literal = ''
      tokens.push(tag.token)
      copiedUpTo = tag.end
    } else if (escape) {
      literal += text.slice(copiedUpTo, at) + escape[1]
      copiedUpTo = at + escape[0].length
    }
    at = nextSpecial(text, Math.max(copiedUpTo, at + 1))
  }
  literal += text.slice(copiedUpTo)
  if (literal) tokens.push({ kind: 'text', text: literal })
  return tokens
}

/** Writes the canonical string. A malformed tag token is a bug in whoever built it, so it throws. */
export function serialize(tokens: readonly Token[]): string {
  let written = ''
  for (const token of tokens) {
    if (token.kind === 'text') {
      written += escapeText(token.text)
    } else if (isWellFormedTag(token)) {
      written += tagString(token)
    } else {
      throw new RangeError(`Malformed tag cannot be written: ${JSON.stringify(token)}`)
    }
  }
  return written
}

/** No empty text tokens and no two text tokens side by side: the one shape parse returns. */
export function normalize(tokens: readonly Token[]): TaggedText {
  const normalized: Token[] = []
  for (const token of tokens) {
    if (token.kind === 'text' && token.text === '') continue
    const previous = normalized.at(-1)
    if (token.kind === 'text' && previous?.kind === 'text') {
      normalized[normalized.length - 1] = { kind: 'text', text: previous.text + token.text }
    } else {
      normalized.push(token)
    }
  }
  return normalized
}

/** The tag as written in the canonical string; for a malformed tag, its best-effort spelling (for messages). */
export function tagString(tag: TagToken): string {
  const separator = ENDS_IN_DIGIT.test(tag.name) ? '_' : ''
  const label = `${tag.name}${separator}${tag.id}`
  switch (tag.kind) {
    case 'open':
      return `<${label}>`
    case 'close':
      return `</${label}>`
    default:
      return `<${label}/>`
  }
}

/** Whether the tag can be written and read back: valid name and id, and "ph" exactly for placeholders. */
export function isWellFormedTag(tag: TagToken): boolean {
  return (
    TAG_KINDS.has(tag.kind) &&
    NAME.test(tag.name) &&
    Number.isSafeInteger(tag.id) &&
    tag.id >= 0 &&
    (tag.name === PLACEHOLDER_NAME) === (tag.kind === 'placeholder')
  )
}

function tagAt(text: string, at: number): { token: TagToken; end: number } | undefined {
  TAG_AT.lastIndex = at
  const match = TAG_AT.exec(text)
  if (!match) return undefined
  const [, closing, underscoredName, underscoredId, plainName, plainId, selfClosing] = match
  const name = underscoredName ?? plainName ?? ''
  const id = Number(underscoredId ?? plainId)
  if ((closing && selfClosing) || !Number.isSafeInteger(id)) return undefined
  const isPlaceholderName = name === PLACEHOLDER_NAME
  if (isPlaceholderName && !selfClosing) return undefined
  const kind: TagKind = closing ? 'close' : !selfClosing ? 'open' : isPlaceholderName ? 'placeholder' : 'self'
  return { token: { kind, name, id }, end: TAG_AT.lastIndex }
}

function escapeAt(text: string, at: number): (typeof ESCAPES)[number] | undefined {
  return ESCAPES.find(([written]) => text.startsWith(written, at))
}

function escapeText(text: string): string {
  let written = ''
  let copiedUpTo = 0
  for (let at = nextSpecial(text, 0); at !== -1; at = nextSpecial(text, at + 1)) {
    const isLessThan = text.charCodeAt(at) === LESS_THAN
    const misread = isLessThan ? tagAt(text, at) !== undefined : escapeAt(text, at) !== undefined
    if (misread) {
      written += text.slice(copiedUpTo, at) + (isLessThan ? '&lt;' : '&amp;')
      copiedUpTo = at + 1
    }
  }
  return written + text.slice(copiedUpTo)
}

/** The next "<" or "&" from `from` on: the only characters that can start a tag or an escape. */
function nextSpecial(text: string, from: number): number {
  SPECIAL.lastIndex = from
  return SPECIAL.test(text) ? SPECIAL.lastIndex - 1 : -1
}
