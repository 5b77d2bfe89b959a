/**
 * Issue 51: putting the caret back in the active segment's editor from anywhere on the page (Esc, after a comment is
 * published). The editor listens (target-field.tsx) and places the caret where it was, as its own focus() does.
 */
const EVENT = 'tulks:focus-editor'

export function focusActiveEditor(): void {
  document.dispatchEvent(new Event(EVENT))
}

export function onFocusEditor(listener: () => void): () => void {
  document.addEventListener(EVENT, listener)
  return () => document.removeEventListener(EVENT, listener)
}

/** Alt+C: the comments tab opens, and its text field takes the caret once it is there. */
let commentsWanted = false

export function openComments(tab: HTMLElement): void {
  const field = document.querySelector<HTMLTextAreaElement>('.comment-form textarea')
  if (field && tab.getAttribute('aria-current') === 'page') {
    field.focus()
    return
  }
  commentsWanted = true
  tab.click()
}

export function takeCommentsFocus(): boolean {
  const wanted = commentsWanted
  commentsWanted = false
  return wanted
}
