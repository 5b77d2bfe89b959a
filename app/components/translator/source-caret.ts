import { positionFromSelection, spanElement } from '~/components/editor/editor-dom'
import { plainOffsetAt } from '~/lib/projects/split-points'

/**
 * Where the caret stands in the active segment's source, as a plain-text offset (tags not counted), or
 * undefined when the selection is elsewhere. The Split button (and Ctrl+S, which presses it) sends this.
 */
export function caretInActiveSource(form: HTMLFormElement): number | undefined {
  const cell = form.closest('tr')?.querySelector('.segment-source')
  const selection = window.getSelection()
  if (!cell || !selection?.anchorNode || !cell.contains(selection.anchorNode)) return undefined
  const range = document.createRange()
  range.setStart(cell, 0)
  range.setEnd(selection.anchorNode, selection.anchorOffset)
  const offset = plainOffsetAt(cell.textContent ?? '', range.toString().length)
  return offset > 0 ? offset : undefined
}

/**
 * Issue 51: where the caret stands in the active segment's translation (its editor), as a plain-text offset (tags not
 * counted), or undefined when the selection is elsewhere or at the very start. The server cuts the source at the
 * matching place, or says why there is none.
 */
export function caretInActiveTarget(form: HTMLFormElement): number | undefined {
  const editor = form.querySelector<HTMLElement>('.tag-editor')
  const selection = window.getSelection()
  if (!editor || !selection?.focusNode || !editor.contains(selection.focusNode)) return undefined
  const position = positionFromSelection(editor)
  if (!position) return undefined
  let offset = position.offset
  for (let span = 0; span < position.span; span++) offset += spanElement(editor, span)?.textContent?.length ?? 0
  return offset > 0 ? offset : undefined
}
