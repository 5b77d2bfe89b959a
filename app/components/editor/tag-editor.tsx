/**
 * SPEC §4 "Editor": the target of the active segment as editable text spans between non-editable tag chips.
 *
 * React renders only the container; its children are built by hand from the accepted canonical value, so
 * React never fights the browser over the text being typed. Every edit is read back from the DOM as a
 * canonical string and checked with checkTarget against the source: accepted, it becomes the new value
 * (onChange); refused, the last valid content comes back (onInvalid). Chips change only through this code
 * (each span is its own editing host, so the browser cannot delete a chip), which then re-renders.
 *
 * Letters typed are read back once the frame that shows them has been painted, not in the input event: on a slow
 * machine the letter appears that much sooner (bench/low-end). Every way in — a key, a click, a submission anywhere on
 * the page, the handle's methods — reads the letters not yet read first, so nothing ever sees a stale value.
 */
import {
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react'
import { useTranslation } from 'react-i18next'
import { checkTarget } from '~/lib/projects/segment-rules'
import { parse } from '~/lib/tags'
import {
  canonicalOf,
  clampPosition,
  endOf,
  insertTag,
  piecesOf,
  plainOffsetOfPosition,
  positionOfPlainOffset,
  recordEdit,
  redoEdit,
  removeTag,
  singleLine,
  startHistory,
  undoEdit,
  unusedTagsToInsert,
  type EditHistory,
  type EditKind,
  type EditorPieces,
  type SpanPosition,
  type UnusedTag,
} from './editor-model'
import {
  afterNextPaint,
  buildChildren,
  currentLength,
  editableSpan,
  markActive,
  placeCaret,
  positionFromSelection,
  readTexts,
  selectionIn,
  selectionRange,
} from './editor-dom'
import { tagHoverHandlers } from './tag-hover'


// The server renders the empty container; the children are built in the browser before the first paint.
const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect

export interface TagEditorProps {
  /** The canonical target string. Keep it in state from onChange; a different value from outside replaces the content. */
  value: string
  /** The canonical source string: the tags it holds are the ones the target may use. */
  source: string
  /** Accessible name; or `labelledBy`, the id of an element naming the editor. */
  label?: string
  labelledBy?: string
  describedBy?: string
  lang?: string
  id?: string
  className?: string
  /** Every accepted edit: typing, paste, tag insert or removal, undo, redo. */
  onChange?: (value: string) => void
  /** An edit broke the tag structure (SPEC §5); the last valid content has been restored. */
  onInvalid?: () => void
  /** The source tags the target lacks, in source order; called on mount and whenever they change. */
  onUnusedTagsChange?: (tags: UnusedTag[]) => void
  /** Keys the editor does not use itself, and Ctrl+Enter / Shift+Enter, for the page's hotkeys. */
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void
}

export interface TagEditorHandle {
  /** Focuses the active span with the caret where it was. */
  focus(): void
  /** Inserts the n-th (1-based) unused tag at the caret, or a pair around the selection. False when there is none or the result is invalid. */
  insertUnusedTag(n: number): boolean
  undo(): void
  redo(): void
  /** The caret's offset in the plain text (tags not counted). */
  caretOffset(): number
  /** The accepted canonical value. */
  value(): string
  /** Puts plain text at the caret (replacing a selection inside one span), or at the end without one. */
  insertText(text: string): boolean
  /** The text of the caret's span before the caret (autocomplete's last typed word). */
  textBeforeCaret(): string
  /** Replaces the content with a value from outside (a refused save puts the stored text back); undo can bring back what it replaced. */
  replace(value: string): void
}

interface Selected {
  anchor: SpanPosition
  focus: SpanPosition
}

export const TagEditor = forwardRef<TagEditorHandle, TagEditorProps>(function TagEditor(props, ref) {
  const { value, source, label, labelledBy, describedBy, lang, id, className } = props
  const { t, i18n } = useTranslation('editor')
  const container = useRef<HTMLDivElement>(null)
  // The spans and chips live in an inner block, whose height the container follows (see useFittedHeight).
  const content = useRef<HTMLDivElement>(null)
  useFittedHeight(container, content)
  const sourceTokens = useMemo(() => parse(source), [source])

  // The editor's own state lives in refs: none of it is rendered by React.
  const latest = useRef({ props, t, language: i18n.language, sourceTokens })
  latest.current = { props, t, language: i18n.language, sourceTokens }
  const accepted = useRef(value)
  const pieces = useRef<EditorPieces>(piecesOf(parse(value)))
  const history = useRef<EditHistory>(startHistory(value))
  const selected = useRef<Selected | undefined>(undefined)
  // The selection as it is now, or as last seen when it is outside the editor: `selected` follows selectionchange,
  // which the browser fires later, so a key pressed right after an arrow key would otherwise act one key behind.
  const currentSelection = useCallback(
    (): Selected | undefined => (container.current ? selectionIn(container.current) : undefined) ?? selected.current,
    [],
  )
  const activeSpan = useRef(0)
  const composing = useRef(false)
  const pointerFocus = useRef(false)
  const reportedUnused = useRef<string | undefined>(undefined)
  // Letters typed but not yet read back (see onInput): whatever reads or changes the editor reads them first.
  const unread = useRef<(() => void) | undefined>(undefined)
  const readTyping = useCallback(() => {
    const read = unread.current
    unread.current = undefined
    read?.()
  }, [])

  const reportUnused = useCallback(() => {
    const unused = unusedTagsToInsert(latest.current.sourceTokens, parse(accepted.current))
    const signature = unused.map((tag) => tag.label).join('')
    if (signature === reportedUnused.current) return
    reportedUnused.current = signature
    latest.current.props.onUnusedTagsChange?.(unused)
  }, [])

  /** Rebuilds the children from the pieces, with the caret at `caret` when the editor has focus (or `focus`). */
  const render = useCallback((next: EditorPieces, caret: SpanPosition, focus = false) => {
    readTyping()
    const element = container.current
    if (!element || !content.current) return
    const hadFocus = element.contains(element.ownerDocument.activeElement)
    pieces.current = next
    activeSpan.current = Math.min(caret.span, next.texts.length - 1)
    content.current.replaceChildren(...buildChildren(element.ownerDocument, next, activeSpan.current, latest.current.t, latest.current.language))
    selected.current = { anchor: caret, focus: caret }
    if (hadFocus || focus) placeCaret(element, caret)
  }, [readTyping])

  /** Checks and takes a candidate value; refused, the accepted content comes back. */
  const commit = useCallback(
    (candidate: EditorPieces, kind: EditKind, caret: SpanPosition, rerender: boolean): boolean => {
      const canonical = canonicalOf(candidate)
      const check = checkTarget(canonical, latest.current.sourceTokens)
      if (!check.ok) {
        const restored = piecesOf(parse(accepted.current))
        render(restored, clampPosition(restored, selected.current?.focus ?? caret))
        latest.current.props.onInvalid?.()
        return false
      }
      // Typing changes texts only: the tags, and so the unused ones, stay as they were.
      const sameTags = candidate.tags === pieces.current.tags
      if (rerender) render(candidate, caret, true)
      else pieces.current = candidate
      if (canonical === accepted.current) return true
      accepted.current = canonical
      history.current = recordEdit(history.current, canonical, kind, Date.now())
      latest.current.props.onChange?.(canonical)
      if (!sameTags) reportUnused()
      return true
    },
    [render, reportUnused],
  )

  const travel = useCallback(
    (to: EditHistory) => {
      readTyping()
      if (to === history.current) return
      history.current = to
      accepted.current = to.present
      const next = piecesOf(parse(to.present))
      const focus = currentSelection()?.focus
      const plain = focus ? plainOffsetOfPosition(pieces.current, focus) : 0
      render(next, positionOfPlainOffset(next, plain), true)
      latest.current.props.onChange?.(to.present)
      reportUnused()
    },
    [render, reportUnused, currentSelection, readTyping],
  )

  const insertUnused = useCallback(
    (n: number): boolean => {
      readTyping()
      const tag = unusedTagsToInsert(latest.current.sourceTokens, parse(accepted.current))[n - 1]
      if (!tag) return false
      const end = endOf(pieces.current)
      const { anchor, focus } = currentSelection() ?? { anchor: end, focus: end }
      const inserted = insertTag(pieces.current, tag, anchor, focus)
      return commit(inserted.pieces, 'other', inserted.caret, true)
    },
    [commit, currentSelection, readTyping],
  )

  const insertText = useCallback(
    (text: string): boolean => {
      readTyping()
      const end = endOf(pieces.current)
      const { anchor, focus } = currentSelection() ?? { anchor: end, focus: end }
      const sameSpan = anchor.span === focus.span
      const from = sameSpan && anchor.offset < focus.offset ? anchor : focus
      const to = sameSpan && anchor.offset > focus.offset ? anchor : focus
      const texts = [...pieces.current.texts]
      const span = texts[from.span] ?? ''
      texts[from.span] = span.slice(0, from.offset) + text + span.slice(to.offset)
      return commit({ texts, tags: pieces.current.tags }, 'other', { span: from.span, offset: from.offset + text.length }, true)
    },
    [commit, currentSelection, readTyping],
  )

  /** A value from outside replaces the content, the caret staying at the same place in the plain text. */
  const replace = useCallback(
    (outside: string) => {
      const shown = () => !!content.current?.childElementCount && outside === accepted.current
      // The value this editor last gave (onChange) coming back is nothing new, even with letters typed since.
      if (shown()) return
      readTyping()
      if (shown()) return
      if (outside !== accepted.current) history.current = recordEdit(history.current, outside, 'other', Date.now())
      accepted.current = outside
      const next = piecesOf(parse(outside))
      const focus = currentSelection()?.focus
      const plain = focus ? plainOffsetOfPosition(pieces.current, focus) : Number.MAX_SAFE_INTEGER
      render(next, positionOfPlainOffset(next, plain))
      reportUnused()
    },
    [render, reportUnused, currentSelection, readTyping],
  )

  // The value prop (first render, a save result, copy source, clear) replaces the content.
  useBrowserLayoutEffect(() => replace(value), [value, replace])

  useEffect(() => {
    reportedUnused.current = undefined
    reportUnused()
  }, [sourceTokens, reportUnused])

  // Remember the caret and selection inside the editor (SPEC §4), and block edits the editor cannot take.
  useEffect(() => {
    const element = container.current
    if (!element) return
    const document = element.ownerDocument
    const onSelectionChange = () => {
      const current = selectionIn(element)
      if (current) selected.current = current
    }
    const onBeforeInput = (event: InputEvent) => {
      readTyping()
      const type = event.inputType
      if (type === 'historyUndo' || type === 'historyRedo') {
        event.preventDefault()
        travel((type === 'historyUndo' ? undoEdit : redoEdit)(history.current))
      } else if (type.startsWith('format') || type === 'insertParagraph' || type === 'insertLineBreak' || type === 'insertFromDrop') {
        event.preventDefault()
      }
    }
    document.addEventListener('selectionchange', onSelectionChange)
    element.addEventListener('beforeinput', onBeforeInput)
    // Every key, click, tap or submission anywhere starts from what has been typed (see onInput).
    const interactions = ['keydown', 'pointerdown', 'submit'] as const
    for (const type of interactions) document.addEventListener(type, readTyping, true)
    const view = document.defaultView
    view?.addEventListener('pagehide', readTyping)
    return () => {
      document.removeEventListener('selectionchange', onSelectionChange)
      element.removeEventListener('beforeinput', onBeforeInput)
      for (const type of interactions) document.removeEventListener(type, readTyping, true)
      view?.removeEventListener('pagehide', readTyping)
    }
  }, [travel, readTyping])

  useImperativeHandle(
    ref,
    () => ({
      focus: () => {
        readTyping()
        const element = container.current
        if (!element) return
        placeCaret(element, selected.current?.focus ?? { span: activeSpan.current, offset: Number.MAX_SAFE_INTEGER })
      },
      insertUnusedTag: insertUnused,
      undo: () => travel(undoEdit(history.current)),
      redo: () => travel(redoEdit(history.current)),
      caretOffset: () => {
        readTyping()
        const focus = currentSelection()?.focus
        return focus ? plainOffsetOfPosition(pieces.current, focus) : 0
      },
      value: () => {
        readTyping()
        return accepted.current
      },
      insertText,
      textBeforeCaret: () => {
        readTyping()
        const focus = currentSelection()?.focus
        return focus ? (pieces.current.texts[focus.span] ?? '').slice(0, focus.offset) : ''
      },
      replace,
    }),
    [insertUnused, insertText, travel, currentSelection, replace, readTyping],
  )

  /**
   * An edit made by the browser. Letters typed (the most of them) are read back once the frame that shows them has
   * been painted: on a slow machine the letter appears without waiting for this code (bench/low-end, keystroke). Any
   * other edit (a deletion can leave a placeholder to remove at once) is read back now.
   */
  const onInput = (event: FormEvent<HTMLDivElement>) => {
    if (composing.current) return
    if ((event.nativeEvent as InputEvent).inputType !== 'insertText') {
      // This reads every span, the letters still unread with the rest.
      unread.current = undefined
      return readInput()
    }
    if (unread.current) return
    unread.current = readInput
    afterNextPaint(readTyping)
  }

  /** Reads the edited text back (the chips are unchanged: only this code adds or removes them). */
  const readInput = () => {
    const element = container.current
    if (!element) return
    // The spans in order (the n-th is span n), each read once.
    const spans = element.querySelectorAll<HTMLElement>('[data-span]')
    const shown = pieces.current.texts.map((text, index) => {
      const span = spans[index]
      if (!span) return text
      const content = span.textContent ?? ''
      // An emptied span can keep a <br> placeholder, which would break the line: empty it for real.
      if (content === '' && span.firstChild) {
        span.replaceChildren()
        if (span.contains(element.ownerDocument.activeElement)) placeCaret(element, { span: index, offset: 0 })
      }
      return content
    })
    const typed = { texts: shown.map(singleLine), tags: pieces.current.tags }
    // A line break that got in (some browsers insert one despite the blocked Enter) is shown as the space it became.
    const cleaned = typed.texts.some((text, index) => text !== shown[index])
    const caret = positionFromSelection(element) ?? selected.current?.focus ?? endOf(typed)
    commit(typed, 'typing', caret, cleaned)
  }

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    event.preventDefault()
    readTyping()
    const element = container.current
    const range = element ? selectionRange(element) : undefined
    if (!element || !range) return
    const text = singleLine(event.clipboardData.getData('text/plain'))
    const { from, to } = range
    const texts = [...pieces.current.texts]
    if (from.span === to.span) {
      const span = texts[from.span]!
      texts[from.span] = span.slice(0, from.offset) + text + span.slice(to.offset)
    } else {
      // Across chips: the text replaces what was selected in the first span; the chips stay.
      texts[from.span] = texts[from.span]!.slice(0, from.offset) + text
      for (let span = from.span + 1; span < to.span; span++) texts[span] = ''
      texts[to.span] = texts[to.span]!.slice(to.offset)
    }
    commit({ texts, tags: pieces.current.tags }, 'other', { span: from.span, offset: from.offset + text.length }, true)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    readTyping()
    const element = container.current
    if (!element || event.nativeEvent.isComposing) return
    const ctrl = event.ctrlKey || event.metaKey
    const digit = /^(?:Digit|Numpad)([1-9])$/.exec(event.code)?.[1]
    // AltGr reports Ctrl+Alt on Windows and types characters on many layouts (German AltGr+7 is "{").
    if (ctrl && event.altKey && digit && !event.getModifierState('AltGraph')) {
      event.preventDefault()
      insertUnused(Number(digit))
      return
    }
    const letter = event.key.toLowerCase()
    if (ctrl && !event.altKey && (letter === 'z' || letter === 'r' || letter === 'y')) {
      // SPEC §9: Ctrl+Z undo, Ctrl+R cancel undo (which must not reload the page).
      event.preventDefault()
      travel(letter === 'z' && !event.shiftKey ? undoEdit(history.current) : redoEdit(history.current))
      return
    }
    if (event.key === 'Enter') {
      // SPEC §5: Enter is suppressed in editor spans; Ctrl+Enter and Shift+Enter are the page's.
      event.preventDefault()
      props.onKeyDown?.(event)
      return
    }
    // Only these keys act at a span's edge; reading the selection for every letter would cost each key its time.
    const edgeKey = event.key === 'ArrowLeft' || event.key === 'ArrowRight' || event.key === 'Backspace' || event.key === 'Delete'
    const plainKey = edgeKey && !ctrl && !event.altKey && !event.shiftKey
    const range = plainKey ? selectionRange(element) : undefined
    const collapsed = range && range.from.span === range.to.span && range.from.offset === range.to.offset ? range.from : undefined
    if (collapsed) {
      const spanLength = pieces.current.texts[collapsed.span]!.length
      const atStart = collapsed.offset === 0
      const atEnd = collapsed.offset >= currentLength(element, collapsed.span, spanLength)
      if (event.key === 'ArrowLeft' && atStart) {
        const previous = editableSpan(element, collapsed.span, -1)
        if (previous !== undefined) {
          event.preventDefault()
          placeCaret(element, { span: previous, offset: Number.MAX_SAFE_INTEGER })
        }
        return
      }
      if (event.key === 'ArrowRight' && atEnd) {
        const next = editableSpan(element, collapsed.span, 1)
        if (next !== undefined) {
          event.preventDefault()
          placeCaret(element, { span: next, offset: 0 })
        }
        return
      }
      if ((event.key === 'Backspace' && atStart && collapsed.span > 0) || (event.key === 'Delete' && atEnd && collapsed.span < pieces.current.tags.length)) {
        // Deleting a chip removes its tag; one half of a pair alone is refused and the content restored.
        event.preventDefault()
        const removed = removeTag(readTexts(element, pieces.current), event.key === 'Backspace' ? collapsed.span - 1 : collapsed.span)
        commit(removed.pieces, 'other', removed.caret, true)
        return
      }
    }
    props.onKeyDown?.(event)
  }

  return (
    // The container is the textbox (SPEC §4); its editable spans take the focus and the keys, which bubble here.
    <div
      ref={container}
      id={id}
      role="textbox"
      aria-multiline="false"
      aria-label={labelledBy ? undefined : (label ?? t('editorLabel'))}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      lang={lang}
      className={className ? `tag-editor ${className}` : 'tag-editor'}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onInput={onInput}
      onPaste={onPaste}
      onDrop={(event) => event.preventDefault()}
      onCompositionStart={() => {
        readTyping()
        composing.current = true
      }}
      onCompositionEnd={() => {
        composing.current = false
        readInput()
      }}
      onMouseDown={() => (pointerFocus.current = true)}
      onFocus={(event) => {
        readTyping()
        const span = event.target.closest<HTMLElement>('[data-span]')
        if (!span || !container.current) return
        markActive(container.current, Number(span.dataset.span))
        activeSpan.current = Number(span.dataset.span)
        // Tabbing in puts the caret where it was left (SPEC §4: the caret position is remembered).
        const remembered = selected.current?.focus
        if (!pointerFocus.current && !container.current.contains(event.relatedTarget as Node | null) && remembered) {
          placeCaret(container.current, remembered)
        }
        pointerFocus.current = false
      }}
      onClick={(event) => {
        readTyping()
        // A click on the container or a chip goes to the nearest span.
        if (event.target === container.current || event.target === content.current || (event.target as Element).closest('[data-tag]')) {
          const chip = (event.target as Element).closest<HTMLElement>('[data-chip]')
          if (container.current) placeCaret(container.current, chip ? { span: Number(chip.dataset.chip) + 1, offset: 0 } : endOf(pieces.current))
        }
      }}
      {...tagHoverHandlers}
    >
      <div ref={content} className="tag-editor-text" />
    </div>
  )
})

/**
 * The editor is as tall as its text, yet a keystroke lays out only the editor, not the segment table around it:
 * the container is size-contained (its size no longer depends on its content) and given the height of its inner
 * block whenever that block's height changes — a line more or less, a narrower window, a larger font. Typing within
 * a line changes no height, so the table is not laid out again (bench/low-end at CPU ×4: layout 3.4 → 0.7–1.2 ms a key,
 * the main thread's work per key 34 → 30–31 ms).
 * Without ResizeObserver the container keeps its natural height (no data-fitted, no size containment).
 */
function useFittedHeight(container: RefObject<HTMLDivElement>, content: RefObject<HTMLDivElement>) {
  useBrowserLayoutEffect(() => {
    const outer = container.current
    const inner = content.current
    if (!outer || !inner || typeof ResizeObserver === 'undefined') return
    const fit = () => {
      const height = `${inner.offsetHeight + outer.offsetHeight - outer.clientHeight}px`
      if (outer.style.height !== height) outer.style.height = height
    }
    const observer = new ResizeObserver(fit)
    observer.observe(inner)
    outer.dataset.fitted = ''
    fit()
    return () => {
      observer.disconnect()
      delete outer.dataset.fitted
      outer.style.height = ''
    }
  }, [container, content])
}

export type { UnusedTag }
