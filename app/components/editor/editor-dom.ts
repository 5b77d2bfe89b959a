import type { TFunction } from 'i18next'
import type { TagToken } from '~/lib/tags'
import { singleLine, type EditorPieces, type SpanPosition } from './editor-model'
import { chipAttributes } from './tag-chip'

/**
 * The tag editor's DOM (tag-editor.tsx): its spans and chips built from the pieces, the caret placed at and read from
 * span positions, the spans' texts read back. The editing itself is the model's (editor-model.ts).
 */

/** SPEC §4: the active editable span carries a fixed element id. */
export const ACTIVE_SPAN_ID = 'editor-active-span'

/**
 * Runs `callback` once the next frame has been painted (a task queued from that frame's animation callback runs after
 * its paint), or after 100 ms when no frame comes (a hidden page draws none).
 */
export function afterNextPaint(callback: () => void) {
  const fallback = setTimeout(callback, 100)
  requestAnimationFrame(() =>
    setTimeout(() => {
      clearTimeout(fallback)
      callback()
    }, 0),
  )
}

export function buildChildren(document: Document, pieces: EditorPieces, active: number, t: TFunction<'editor'>, language: string): HTMLElement[] {
  const children: HTMLElement[] = []
  pieces.texts.forEach((text, index) => {
    const span = document.createElement('span')
    span.className = 'editor-span'
    span.contentEditable = 'true'
    span.spellcheck = true
    span.dataset.span = String(index)
    // One span is in the tab order, the active one; arrows and clicks reach the others.
    span.tabIndex = index === active ? 0 : -1
    if (index === active) span.id = ACTIVE_SPAN_ID
    span.textContent = text
    children.push(span)
    const tag: TagToken | undefined = pieces.tags[index]
    if (tag) children.push(chip(document, tag, index, t, language))
  })
  return children
}

function chip(document: Document, tag: TagToken, index: number, t: TFunction<'editor'>, language: string): HTMLElement {
  const { text, className, role, ...attributes } = chipAttributes(tag, t, language)
  const element = document.createElement('span')
  element.className = className
  element.setAttribute('role', role)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  element.contentEditable = 'false'
  element.dataset.chip = String(index)
  element.textContent = text
  return element
}

export function markActive(element: HTMLElement, active: number) {
  for (const span of element.querySelectorAll<HTMLElement>('[data-span]')) {
    const isActive = Number(span.dataset.span) === active
    span.tabIndex = isActive ? 0 : -1
    if (isActive) span.id = ACTIVE_SPAN_ID
    else if (span.id === ACTIVE_SPAN_ID) span.removeAttribute('id')
  }
}

export function spanElement(element: HTMLElement, span: number): HTMLElement | null {
  return element.querySelector<HTMLElement>(`[data-span="${span}"]`)
}

/** The nearest span in `direction` whose editing is on (SPEC §4: spans with editing switched off are ignored). */
export function editableSpan(element: HTMLElement, from: number, direction: 1 | -1): number | undefined {
  for (let span = from + direction; ; span += direction) {
    const candidate = spanElement(element, span)
    if (!candidate) return undefined
    if (candidate.isContentEditable) return span
  }
}

export function placeCaret(element: HTMLElement, position: SpanPosition) {
  const span = spanElement(element, position.span) ?? spanElement(element, 0)
  if (!span) return
  span.focus({ preventScroll: false })
  const document = element.ownerDocument
  const range = document.createRange()
  let left = Math.max(0, position.offset)
  const walker = document.createTreeWalker(span, NodeFilter.SHOW_TEXT)
  let placed = false
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const length = node.textContent?.length ?? 0
    if (left <= length) {
      range.setStart(node, left)
      placed = true
      break
    }
    left -= length
  }
  if (!placed) range.selectNodeContents(span)
  range.collapse(placed)
  const selection = document.getSelection()
  selection?.removeAllRanges()
  selection?.addRange(range)
}

/** The span position of a DOM point, when it lies in one of the editor's spans. */
export function positionIn(element: HTMLElement, node: Node, offset: number): SpanPosition | undefined {
  const host = node instanceof Element ? node : node.parentElement
  const span = host?.closest<HTMLElement>('[data-span]')
  if (!span || !element.contains(span)) return undefined
  // The usual case, a span holding one text node: the offset is the DOM's own (no range to build on every key).
  if (node.parentNode === span && node.nodeType === Node.TEXT_NODE && !node.previousSibling) return { span: Number(span.dataset.span), offset }
  const range = element.ownerDocument.createRange()
  range.setStart(span, 0)
  range.setEnd(node, offset)
  return { span: Number(span.dataset.span), offset: range.toString().length }
}

/** The document's selection as positions in the editor, when both its ends are inside it. */
export function selectionIn(element: HTMLElement): { anchor: SpanPosition; focus: SpanPosition } | undefined {
  const selection = element.ownerDocument.getSelection()
  if (!selection?.anchorNode || !selection.focusNode) return undefined
  const anchor = positionIn(element, selection.anchorNode, selection.anchorOffset)
  const focus = positionIn(element, selection.focusNode, selection.focusOffset)
  return anchor && focus ? { anchor, focus } : undefined
}

export function positionFromSelection(element: HTMLElement): SpanPosition | undefined {
  const selection = element.ownerDocument.getSelection()
  return selection?.focusNode ? positionIn(element, selection.focusNode, selection.focusOffset) : undefined
}

export function selectionRange(element: HTMLElement): { from: SpanPosition; to: SpanPosition } | undefined {
  const current = selectionIn(element)
  if (!current) return undefined
  const { anchor, focus } = current
  const ordered = anchor.span < focus.span || (anchor.span === focus.span && anchor.offset <= focus.offset)
  return ordered ? { from: anchor, to: focus } : { from: focus, to: anchor }
}

export function readTexts(element: HTMLElement, pieces: EditorPieces): EditorPieces {
  const texts = pieces.texts.map((text, index) => singleLine(spanElement(element, index)?.textContent ?? text))
  return { texts, tags: pieces.tags }
}

export function currentLength(element: HTMLElement, span: number, fallback: number): number {
  return spanElement(element, span)?.textContent?.length ?? fallback
}

