/**
 * Inline tags through machine translation (DESIGN.md "MT providers": tags survive MT). Pure, browser-safe.
 *
 * Before MT each tag becomes a numbered placeholder the engines pass through as inline markup: an opening and
 * its closing share a number (`<t1>…</t1>`), a self-closing tag or placeholder has its own (`<t2/>`). Text is
 * HTML-escaped, so the masked string is an HTML fragment (Apertium APY's `format=html` keeps such tags in place,
 * moving them with the words they wrap; Tilde MT accepts HTML/XML-tagged text). After MT the placeholders are
 * swapped back for the source's own tag tokens (refs included), and the result is repaired into a valid order:
 * an unknown or repeated placeholder is dropped, a pair the engine broke (half dropped, reversed, crossed) is
 * taken out, and every tag then missing is re-inserted — at the start if it led the source, otherwise at the
 * end — in source order. Since the source is valid, the result always passes checkTarget against it.
 */
import { isTag, normalize, tagString, validate, type TaggedText, type TagToken, type Token } from '../tags'

type Role = 'open' | 'close' | 'single'

interface MaskedTag {
  tag: TagToken
  /** The placeholder number: `<tN>`, `</tN>`, `<tN/>`. */
  slot: number
  role: Role
  /** No non-blank text before it in the source: re-inserted at the start when the engine drops it. */
  leading: boolean
}

export interface TagMask {
  /** What the engine receives: placeholders and escaped text, outer whitespace cut off. */
  masked: string
  /** The source's tags in source order with their placeholders. */
  tags: readonly MaskedTag[]
  /** Outer whitespace of the source: engines trim it, we put it back. */
  before: string
  after: string
}

const PLACEHOLDER = /<(\/?)\s*t(\d{1,6})\s*(\/?)>/g
/** Case-insensitive as in HTML: an engine that changes case may write &AMP;. */
const ENTITY = /&(?:(lt|gt|amp|quot|apos|nbsp)|#(\d{1,7})|#x([0-9a-f]{1,6}));/gi
const NAMED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: '\u00a0' }

export function maskTags(source: readonly Token[]): TagMask {
  const tags: MaskedTag[] = []
  const unclosed = new Map<string, number[]>() // name#id → slots of openings not closed yet
  let masked = ''
  let slots = 0
  let textSeen = false
  for (const token of source) {
    if (token.kind === 'text') {
      masked += escapeHtml(token.text)
      if (token.text.trim() !== '') textSeen = true
      continue
    }
    const pairKey = `${token.name}#${token.id}`
    let slot: number
    let role: Role
    if (token.kind === 'open') {
      slot = ++slots
      role = 'open'
      unclosed.set(pairKey, [...(unclosed.get(pairKey) ?? []), slot])
    } else if (token.kind === 'close') {
      slot = unclosed.get(pairKey)?.pop() ?? ++slots
      role = 'close'
    } else {
      slot = ++slots
      role = 'single'
    }
    tags.push({ tag: token, slot, role, leading: !textSeen })
    masked += placeholder(slot, role)
  }
  const trimmed = masked.trim()
  const start = masked.indexOf(trimmed)
  return {
    masked: trimmed,
    tags,
    before: masked.slice(0, start),
    after: masked.slice(start + trimmed.length),
  }
}

/** The engine's output back into tagged text carrying exactly the source's tags, in a valid order. */
export function unmaskTags(translated: string, mask: TagMask): TaggedText {
  const bySlotAndRole = new Map(mask.tags.map((entry) => [`${entry.slot}${entry.role}`, entry]))
  const placed: (Token | MaskedTag)[] = []
  const used = new Set<MaskedTag>()
  const output = translated.trim()
  let copiedUpTo = 0
  for (const match of output.matchAll(PLACEHOLDER)) {
    placed.push({ kind: 'text', text: unescapeHtml(output.slice(copiedUpTo, match.index)) })
    copiedUpTo = match.index + match[0].length
    const [, closing, slot, selfClosing] = match
    const role: Role = closing ? 'close' : selfClosing ? 'single' : 'open'
    const entry = bySlotAndRole.get(`${Number(slot)}${role}`)
    // Unknown or repeated placeholders are the engine's invention: dropped.
    if (entry && !used.has(entry)) {
      used.add(entry)
      placed.push(entry)
    }
  }
  placed.push({ kind: 'text', text: unescapeHtml(output.slice(copiedUpTo)) })

  const kept = withoutBrokenPairs(placed)
  const present = new Set(kept.filter(isMaskedTag))
  const missing = mask.tags.filter((entry) => !present.has(entry))
  const tokens = normalize([
    { kind: 'text', text: mask.before },
    ...missing.filter((entry) => entry.leading).map((entry) => entry.tag),
    ...kept.map((item) => (isMaskedTag(item) ? item.tag : item)),
    ...missing.filter((entry) => !entry.leading).map((entry) => entry.tag),
    { kind: 'text', text: mask.after },
  ])
  if (validate(tokens).length === 0) return tokens
  // Unreachable for a valid source; a broken source keeps its own tag order after the translated text.
  const text = tokens.filter((token) => !isTag(token))
  return normalize([...text, ...mask.tags.map((entry) => entry.tag)])
}

/**
 * A target as the engine would have produced it, with the source's placeholder numbers (for the feedback call,
 * which pairs the masked source with the translator's masked translation). Tags the source lacks are left out.
 */
export function maskLike(target: readonly Token[], mask: TagMask): string {
  const unused = new Map<string, MaskedTag[]>()
  for (const entry of mask.tags) {
    const identity = tagString(entry.tag)
    unused.set(identity, [...(unused.get(identity) ?? []), entry])
  }
  let masked = ''
  for (const token of target) {
    if (token.kind === 'text') {
      masked += escapeHtml(token.text)
    } else {
      const entry = unused.get(tagString(token))?.shift()
      if (entry) masked += placeholder(entry.slot, entry.role)
    }
  }
  return masked.trim()
}

/** Takes out, both halves at once, every pair that is half there, closed before it opens, or crossed. */
function withoutBrokenPairs(placed: readonly (Token | MaskedTag)[]): (Token | MaskedTag)[] {
  let items = [...placed]
  for (;;) {
    const broken = brokenSlots(items)
    if (broken.size === 0) return items
    items = items.filter((item) => !isMaskedTag(item) || !broken.has(item.slot))
  }
}

function brokenSlots(items: readonly (Token | MaskedTag)[]): Set<number> {
  const broken = new Set<number>()
  const open: number[] = []
  const halves = new Map<number, number>()
  for (const item of items) {
    if (!isMaskedTag(item) || item.role === 'single') continue
    halves.set(item.slot, (halves.get(item.slot) ?? 0) + 1)
    if (item.role === 'open') {
      open.push(item.slot)
    } else if (open.at(-1) === item.slot) {
      open.pop()
    } else {
      broken.add(item.slot) // closes before it opens, or while another pair opened inside it is still open
    }
  }
  for (const [slot, count] of halves) if (count !== 2) broken.add(slot)
  return broken
}

function isMaskedTag(item: Token | MaskedTag): item is MaskedTag {
  return 'slot' in item
}

function placeholder(slot: number, role: Role): string {
  return role === 'open' ? `<t${slot}>` : role === 'close' ? `</t${slot}>` : `<t${slot}/>`
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

function unescapeHtml(text: string): string {
  return text.replace(ENTITY, (entity, name: string | undefined, decimal: string | undefined, hex: string | undefined) => {
    if (name) return NAMED[name.toLowerCase()] ?? entity
    const codePoint = Number.parseInt(decimal ?? hex ?? '', decimal ? 10 : 16)
    return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : entity
  })
}
