/**
 * SPEC §9 hotkeys. Each one presses a visible button marked `data-hotkey="<id>"` (STYLE "a hotkey presses a
 * visible button"), so a hotkey and a click run the same code path, and without JavaScript the buttons remain.
 * The Shortkeys tab lists this table.
 */
export interface Hotkey {
  /** The button's data-hotkey value; `{n}` stands for 1..9. */
  id: string
  /** Keys as shown in the Shortkeys tab. */
  keys: string
  /** translate: namespace key describing the action. */
  label: string
  matches: (event: KeyboardEvent) => number | boolean
}

const ctrl = (event: KeyboardEvent) => (event.ctrlKey || event.metaKey) && !event.altKey
const digit = (event: KeyboardEvent) => (/^Digit[1-9]$/.test(event.code) ? Number(event.code.slice(5)) : 0)

export const hotkeys: Hotkey[] = [
  {
    id: 'previous',
    keys: 'Ctrl+↑',
    label: 'actions.previous',
    matches: (e) => ctrl(e) && !e.shiftKey && e.key === 'ArrowUp',
  },
  {
    id: 'next',
    keys: 'Ctrl+↓',
    label: 'actions.next',
    matches: (e) => ctrl(e) && !e.shiftKey && e.key === 'ArrowDown',
  },
  {
    id: 'confirm',
    keys: 'Ctrl+Enter',
    label: 'actions.confirm',
    matches: (e) => ctrl(e) && e.key === 'Enter',
  },
  {
    id: 'clear',
    keys: 'Ctrl+D',
    label: 'actions.clear',
    matches: (e) => ctrl(e) && e.code === 'KeyD',
  },
  {
    id: 'copy-source',
    keys: 'Ctrl+Insert',
    label: 'actions.copySource',
    matches: (e) => ctrl(e) && e.key === 'Insert',
  },
  {
    id: 'split',
    keys: 'Ctrl+S',
    label: 'hotkeys.split',
    matches: (e) => ctrl(e) && !e.shiftKey && e.code === 'KeyS',
  },
  {
    id: 'merge',
    keys: 'Ctrl+J',
    label: 'hotkeys.merge',
    matches: (e) => ctrl(e) && !e.shiftKey && e.code === 'KeyJ',
  },
  {
    id: 'undo',
    keys: 'Ctrl+Z',
    label: 'hotkeys.undo',
    matches: (e) => ctrl(e) && !e.shiftKey && e.code === 'KeyZ',
  },
  {
    id: 'redo',
    keys: 'Ctrl+R',
    label: 'hotkeys.redo',
    matches: (e) => ctrl(e) && !e.shiftKey && e.code === 'KeyR',
  },
  {
    id: 'insert-tag-{n}',
    keys: 'Ctrl+Alt+1…9',
    label: 'hotkeys.insertTag',
    matches: (e) => (e.ctrlKey || e.metaKey) && e.altKey && digit(e),
  },
  {
    id: 'suggestion-{n}',
    keys: 'Ctrl+1…9',
    label: 'hotkeys.suggestion',
    matches: (e) => ctrl(e) && !e.shiftKey && digit(e),
  },
  {
    id: 'term-{n}',
    keys: 'Ctrl+Shift+1…9',
    label: 'hotkeys.insertTerm',
    matches: (e) => ctrl(e) && e.shiftKey && digit(e),
  },
  {
    id: 'term-search',
    keys: 'Shift+Enter',
    label: 'hotkeys.termSearch',
    matches: (e) => e.shiftKey && !e.ctrlKey && !e.metaKey && !e.altKey && e.key === 'Enter',
  },
  {
    id: 'comments',
    keys: 'Alt+C',
    label: 'hotkeys.comments',
    // Alt alone: Ctrl+Alt is AltGr on Latvian and other keyboards, where AltGr+C types "č".
    matches: (e) => e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey && e.code === 'KeyC',
  },
  {
    id: 'editor',
    keys: 'Esc',
    label: 'hotkeys.editor',
    // Handled by useHotkeys itself (no button: the editor is the place it goes back to).
    matches: () => false,
  },
  {
    id: 'autocomplete',
    keys: 'Tab',
    label: 'hotkeys.autocomplete',
    // The editor takes Tab while it offers a word (use-autocomplete.tsx); listed here so that the tab names it.
    matches: () => false,
  },
  {
    id: 'font-larger',
    keys: 'Ctrl+Shift+↑',
    label: 'font.larger',
    matches: (e) => ctrl(e) && e.shiftKey && e.key === 'ArrowUp',
  },
  {
    id: 'font-smaller',
    keys: 'Ctrl+Shift+↓',
    label: 'font.smaller',
    matches: (e) => ctrl(e) && e.shiftKey && e.key === 'ArrowDown',
  },
]

/**
 * The button a key press stands for, if that button is on the page and enabled. Returns the element so the
 * caller can prevent the browser's own action (Ctrl+S saves the page, Ctrl+R reloads it, Ctrl+D bookmarks).
 */
export function hotkeyButton(event: KeyboardEvent, root: ParentNode = document): HTMLElement | undefined {
  for (const hotkey of hotkeys) {
    const matched = hotkey.matches(event)
    if (!matched) continue
    const id = typeof matched === 'number' ? hotkey.id.replace('{n}', String(matched)) : hotkey.id
    const button = root.querySelector<HTMLButtonElement>(`[data-hotkey="${id}"]`)
    // An inert part of the page (the assistant panel while a confirm is ahead, confirm-ahead.ts) has no hotkeys.
    if (button && !button.disabled && !button.closest('[inert]')) return button
  }
  return undefined
}
