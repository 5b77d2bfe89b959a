/**
 * Text from the assistant panel (a glossary term) into the active segment's editor at its caret. The panel and the
 * editor are far apart in the page, so they meet through one document event; the editor answers by marking it taken.
 */
const INSERT = 'tulks:insert-at-caret'

export function insertAtCaret(text: string): boolean {
  const event = new CustomEvent<{ text: string; taken: boolean }>(INSERT, { detail: { text, taken: false } })
  document.dispatchEvent(event)
  return event.detail.taken
}

/** The editor's side: inserts what the panel sends while it is mounted. */
export function onInsertAtCaret(insert: (text: string) => boolean): () => void {
  const listener = (event: Event) => {
    const detail = (event as CustomEvent<{ text: string; taken: boolean }>).detail
    detail.taken = insert(detail.text)
  }
  document.addEventListener(INSERT, listener)
  return () => document.removeEventListener(INSERT, listener)
}
