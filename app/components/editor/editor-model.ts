/**
 * The browser editor's model (SPEC §4 "Editor"), pure and browser-safe: a segment as editable text spans
 * between tag chips, offsets between the plain text and the canonical string, tag insertion, the unused tags
 * to offer and the undo history. The DOM code in tag-editor.tsx only reads and writes these shapes.
 */
import { isTag, normalize, parse, serialize, tagString, unusedTags, type TaggedText, type TagToken, type Token } from '~/lib/tags'

/**
 * Text and tags strictly alternating, starting and ending with text: `texts.length === tags.length + 1`.
 * Every chip has a (possibly empty) editable span on each side, so the caret can stand anywhere.
 */
export interface EditorPieces {
  texts: string[]
  tags: TagToken[]
}

/** A caret or selection end: a character offset inside one editable span. */
export interface SpanPosition {
  span: number
  offset: number
}

export function piecesOf(tokens: readonly Token[]): EditorPieces {
  const texts = ['']
  const tags: TagToken[] = []
  for (const token of tokens) {
    if (isTag(token)) {
      tags.push(token)
      texts.push('')
    } else {
      texts[texts.length - 1] += token.text
    }
  }
  return { texts, tags }
}

export function tokensOf(pieces: EditorPieces): TaggedText {
  const tokens: Token[] = []
  pieces.texts.forEach((text, index) => {
    tokens.push({ kind: 'text', text })
    const tag = pieces.tags[index]
    if (tag) tokens.push(tag)
  })
  return normalize(tokens)
}

/** The canonical string the pieces stand for (text escaped as the tag module writes it). */
export function canonicalOf(pieces: EditorPieces): string {
  return serialize(tokensOf(pieces))
}

/** Text typed or pasted into a one-line editor: line breaks become spaces (SPEC §4: paste inserts plain text). */
export function singleLine(text: string): string {
  // A U+0000 (pasted from a PDF) goes, as the server would drop it (issue 56): the editor shows what is saved.
  return text.replace(/\r\n|[\r\n\u2028\u2029]/g, ' ').replaceAll('\u0000', '')
}

/** The plain-text offset (tags not counted) of a position in a span. */
export function plainOffsetOfPosition(pieces: EditorPieces, position: SpanPosition): number {
  let offset = 0
  for (let span = 0; span < position.span; span++) offset += pieces.texts[span]?.length ?? 0
  return offset + position.offset
}

/**
 * The span position of a plain-text offset. At a chip boundary the earlier span wins (the end of the text
 * before the chip), which is where a caret restored after a re-render is expected. Clamped to the text.
 */
export function positionOfPlainOffset(pieces: EditorPieces, plainOffset: number): SpanPosition {
  let left = Math.max(0, plainOffset)
  for (let span = 0; span < pieces.texts.length; span++) {
    const length = pieces.texts[span]!.length
    if (left <= length) return { span, offset: left }
    left -= length
  }
  const last = pieces.texts.length - 1
  return { span: last, offset: pieces.texts[last]!.length }
}

/**
 * The offset in the canonical string of a plain-text offset (the split feature cuts the canonical string
 * there). Tags standing exactly at the offset: closing and standalone tags stay before it, opening tags after,
 * so `Click <g1>here</g1>` cut at 6 gives `Click ` and `<g1>here</g1>`.
 */
export function canonicalOffsetOf(tokens: readonly Token[], plainOffset: number): number {
  let canonical = 0
  let left = Math.max(0, plainOffset)
  for (const token of tokens) {
    if (isTag(token)) {
      if (left === 0 && token.kind === 'open') return canonical
      canonical += tagString(token).length
    } else if (left <= token.text.length) {
      const written = serialize([token])
      const writtenAt = writtenOffsets(token.text, written)
      // The whole text fits before the offset only when nothing follows that belongs before it.
      if (left < token.text.length) return canonical + writtenAt[left]!
      canonical += written.length
      left = 0
    } else {
      left -= token.text.length
      canonical += serialize([token]).length
    }
  }
  return canonical
}

/** The plain-text offset (tags not counted) of an offset in the canonical string; inside a tag or escape, its start. */
export function plainOffsetOf(canonical: string, canonicalOffset: number): number {
  let plain = 0
  let at = 0
  for (const token of parse(canonical)) {
    if (isTag(token)) {
      at += tagString(token).length
    } else {
      const written = serialize([token])
      const writtenAt = writtenOffsets(token.text, written)
      for (let index = 0; index < token.text.length; index++) {
        if (at + writtenAt[index + 1]! > canonicalOffset) return plain + index
      }
      plain += token.text.length
      at += written.length
    }
    if (at > canonicalOffset) return plain
  }
  return plain
}

/** For each character index of `text` (and its end), where it starts in `written`, its escaped form. */
function writtenOffsets(text: string, written: string): number[] {
  const offsets: number[] = []
  let at = 0
  for (let index = 0; index < text.length; index++) {
    offsets.push(at)
    // The written form differs from the text only where "<" or "&" became "&lt;" or "&amp;".
    if (written[at] === text[index]) at += 1
    else at += text[index] === '<' ? '&lt;'.length : '&amp;'.length
  }
  offsets.push(at)
  return offsets
}

/**
 * A tag the source has and the target lacks, as the editor offers it: a pair is offered once, as its opening
 * and closing together (inserting one half would leave the target invalid).
 */
export interface UnusedTag {
  open: TagToken
  close?: TagToken
  /** The visible form, `<g1></g1>` or `<x2/>`. */
  label: string
}

/** SPEC §3: unused tags in source order; the n-th (1-based) is what Ctrl+Alt+n inserts. */
export function unusedTagsToInsert(source: readonly Token[], target: readonly Token[]): UnusedTag[] {
  const unused = unusedTags(source, target)
  const offered: UnusedTag[] = []
  const taken = new Set<TagToken>()
  for (const tag of unused) {
    if (taken.has(tag)) continue
    if (tag.kind === 'open') {
      const close = unused.find((other) => other.kind === 'close' && other.id === tag.id && other.name === tag.name && !taken.has(other))
      if (close) {
        taken.add(close)
        offered.push({ open: tag, close, label: tagString(tag) + tagString(close) })
        continue
      }
    }
    offered.push({ open: tag, label: tagString(tag) })
  }
  return offered
}

/**
 * Inserts a tag (or an opening and closing pair around the selection from `from` to `to`) into the pieces.
 * Returns the new pieces and where the caret goes: inside an empty pair, after the closing tag of a wrapped
 * selection, after a standalone tag.
 */
export function insertTag(pieces: EditorPieces, tag: UnusedTag, from: SpanPosition, to: SpanPosition = from): { pieces: EditorPieces; caret: SpanPosition } {
  const [start, end] = comparePositions(from, to) <= 0 ? [from, to] : [to, from]
  let next = pieces
  if (tag.close) {
    next = insertAt(next, tag.close, end)
    next = insertAt(next, tag.open, start)
    const empty = start.span === end.span && start.offset === end.offset
    // After both insertions the closing tag sits one chip further right.
    return { pieces: next, caret: empty ? { span: start.span + 1, offset: 0 } : { span: end.span + 2, offset: 0 } }
  }
  next = insertAt(next, tag.open, start)
  return { pieces: next, caret: { span: start.span + 1, offset: 0 } }
}

function insertAt(pieces: EditorPieces, tag: TagToken, at: SpanPosition): EditorPieces {
  const span = Math.min(Math.max(at.span, 0), pieces.texts.length - 1)
  const text = pieces.texts[span]!
  const offset = Math.min(Math.max(at.offset, 0), text.length)
  return {
    texts: [...pieces.texts.slice(0, span), text.slice(0, offset), text.slice(offset), ...pieces.texts.slice(span + 1)],
    tags: [...pieces.tags.slice(0, span), tag, ...pieces.tags.slice(span)],
  }
}

/** Removes the chip with the given index, joining the spans on each side. */
export function removeTag(pieces: EditorPieces, index: number): { pieces: EditorPieces; caret: SpanPosition } {
  const before = pieces.texts[index] ?? ''
  return {
    pieces: {
      texts: [...pieces.texts.slice(0, index), before + (pieces.texts[index + 1] ?? ''), ...pieces.texts.slice(index + 2)],
      tags: [...pieces.tags.slice(0, index), ...pieces.tags.slice(index + 1)],
    },
    caret: { span: index, offset: before.length },
  }
}

function comparePositions(a: SpanPosition, b: SpanPosition): number {
  return a.span - b.span || a.offset - b.offset
}

/**
 * Undo history of accepted canonical values (SPEC §9: Ctrl+Z undo, Ctrl+R cancel undo). Typing within
 * `coalesceMs` of the previous typing replaces the newest entry, so one undo takes back a burst of typing.
 */
export interface EditHistory {
  past: string[]
  present: string
  future: string[]
  /** When the newest entry was typed; undefined when it came from anything else. */
  typedAt?: number
}

export const HISTORY_LIMIT = 100
export const COALESCE_MS = 1000

export function startHistory(value: string): EditHistory {
  return { past: [], present: value, future: [] }
}

export type EditKind = 'typing' | 'other'

export function recordEdit(history: EditHistory, value: string, kind: EditKind, now: number): EditHistory {
  if (value === history.present) return history
  const typedAt = kind === 'typing' ? now : undefined
  // Issue 51: a burst of typing is one step per word — a space typed after a word starts the next step — so that one
  // Ctrl+Z takes back the last word, not the whole phrase typed without a pause.
  const wordEnded = value.length > history.present.length && /\S$/.test(history.present) && /\s$/.test(value)
  const coalesce = kind === 'typing' && !wordEnded && history.typedAt !== undefined && now - history.typedAt <= COALESCE_MS && history.past.length > 0
  if (coalesce) return { past: history.past, present: value, future: [], typedAt }
  return { past: [...history.past, history.present].slice(-HISTORY_LIMIT), present: value, future: [], typedAt }
}

export function undoEdit(history: EditHistory): EditHistory {
  const previous = history.past.at(-1)
  if (previous === undefined) return history
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] }
}

export function redoEdit(history: EditHistory): EditHistory {
  const [next, ...rest] = history.future
  if (next === undefined) return history
  return { past: [...history.past, history.present].slice(-HISTORY_LIMIT), present: next, future: rest }
}

/** The end of the last span. */
export function endOf(pieces: EditorPieces): SpanPosition {
  const span = pieces.texts.length - 1
  return { span, offset: pieces.texts[span]!.length }
}

/** A position moved inside the pieces (after the text shrank under it). */
export function clampPosition(pieces: EditorPieces, position: SpanPosition): SpanPosition {
  const span = Math.min(Math.max(position.span, 0), pieces.texts.length - 1)
  return { span, offset: Math.min(position.offset, pieces.texts[span]!.length) }
}
