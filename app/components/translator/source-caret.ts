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
