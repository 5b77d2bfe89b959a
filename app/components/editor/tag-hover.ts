import type { SyntheticEvent } from 'react'
import { TAG_CLASS, TAG_HOVER_CLASS } from './tag-chip'

/**
 * SPEC §4: hovering a tag adds an active class to every element with the same class identifier, source and
 * target alike; leaving removes it. Delegated: spread these handlers on any container of chips. Focus events
 * do the same, so the highlight follows a keyboard user who focuses into a chip's container.
 */
export const tagHoverHandlers = {
  onMouseOver: (event: SyntheticEvent) => highlight(event.target, true),
  onMouseOut: (event: SyntheticEvent) => highlight(event.target, false),
}

function highlight(target: EventTarget, on: boolean) {
  if (!(target instanceof Element)) return
  const chip = target.closest(`.${TAG_CLASS}[data-tag]`)
  const key = chip?.getAttribute('data-tag')
  if (!chip || !key) return
  for (const element of chip.ownerDocument.querySelectorAll(`.${CSS.escape(key)}`)) element.classList.toggle(TAG_HOVER_CLASS, on)
}
