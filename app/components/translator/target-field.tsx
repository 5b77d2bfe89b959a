import { useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import type { UnusedTag } from '~/components/editor/editor-model'
import { TagEditor, type TagEditorHandle } from '~/components/editor/tag-editor'
import { UnusedTags } from '~/components/editor/unused-tags'
import { useHydratedBeforePaint } from '~/components/use-hydrated'
import { useRootData } from '~/components/use-root-data'
import type { SegmentView } from '~/lib/projects/segments.server'
import { isAvoided } from '~/lib/terms/glossary-types'
import { onFocusEditor } from './editor-focus'
import { onInsertAtCaret } from './insert-at-caret'
import type { Loaded } from './translator-data'
import { setTyped } from './typed-text'
import { AutocompleteHint, useAutocomplete } from './use-autocomplete'

/**
 * The active segment's translation. Without JavaScript (and until hydration) a textarea holding the canonical
 * tag string; with it the tag editor (SPEC §4 "Editor"), whose value travels in a hidden field of the same
 * name, so every button posts the same form either way. Its form (segment-form.tsx) starts it again when the stored text
 * changes for another reason than its own writes, and puts a text in through `control` (clear, copy source); a refused
 * save puts the stored text back (SPEC §5).
 */
export interface TargetControl {
  /** Shows `text` in the editor (or the textarea) and the field the form posts, as if typed. */
  replace(text: string): void
  /** Reads the letters typed and not yet read (the editor reads them after the frame that shows them): onEdit follows. */
  settle(): void
}

export function TargetField({
  segment,
  number,
  loaded,
  onEdit,
  control,
}: {
  segment: SegmentView
  number: string
  loaded: Loaded
  onEdit: () => void
  control: Ref<TargetControl>
}) {
  const { t } = useTranslation('translate')
  const hydrated = useHydratedBeforePaint()
  const textarea = useRef<HTMLTextAreaElement>(null)
  const editor = useRef<TagEditorHandle>(null)
  // What is typed lives in the editor and the hidden field, not in state: a keystroke renders nothing here
  // (on a slow machine, rendering this field and its buttons again took a good part of each key's time).
  const [initial, setInitial] = useState(segment.target ?? '')
  // On a slow machine the textarea has the caret well before the scripts run: what was typed into it by then is the
  // editor's text when the editor takes its place (read in the render that swaps them, the textarea still there),
  // and is saved as a draft, as typing into the editor would be.
  const typedEarly = useRef(false)
  const early = hydrated && textarea.current && textarea.current.value !== textarea.current.defaultValue ? textarea.current.value : undefined
  if (early !== undefined && early !== initial) {
    typedEarly.current = true
    setInitial(early)
  }
  useEffect(() => {
    if (hydrated && typedEarly.current) onEdit()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the editor takes the textarea's place
  }, [hydrated])
  const field = useRef<HTMLInputElement>(null)
  useImperativeHandle(control, () => ({
    replace(text: string) {
      editor.current?.replace(text)
      setTyped(segment.id, text)
      if (field.current) field.current.value = text
      if (textarea.current) textarea.current.value = text
    },
    settle() {
      editor.current?.value()
    },
  }))
  const [unused, setUnused] = useState<UnusedTag[]>([])
  const [invalid, setInvalid] = useState(false)
  const refused = useRootData()?.flash?.key === 'translate:errors.invalidTags'
  useEffect(() => {
    if (!refused) return
    editor.current?.replace(segment.target ?? '')
    if (field.current) field.current.value = segment.target ?? ''
    if (textarea.current) textarea.current.value = segment.target ?? ''
  }, [refused, loaded.renderedAt, segment.target])
  // The hidden field is given no value by React, which would put its default back on every render (a hidden
  // input's value is its default): it starts with the stored text and then follows each edit.
  useLayoutEffect(() => {
    if (field.current) field.current.value = initial
    setTyped(segment.id, initial)
  }, [hydrated, initial, segment.id])
  // Focus follows the active segment after every action (the "focus moves predictably").
  useLayoutEffect(() => {
    if (hydrated) editor.current?.focus()
  }, [hydrated])
  useEffect(() => onFocusEditor(() => (editor.current ? editor.current.focus() : textarea.current?.focus())), [])
  // The page's terms and suggestions are its active segment's: none for a segment a confirm went ahead to, until they come.
  const own = segment.id === loaded.activeId
  const completionSources = useMemo(
    () => ({
      terms: own ? loaded.activeTerms.flatMap((concept) => concept.target.filter((term) => !isAvoided(term.status)).map((term) => term.text)) : [],
      suggestions: own
        ? [loaded.suggestions[0]?.target, loaded.mt.suggestion?.ok ? loaded.mt.suggestion.target : undefined].filter((text) => text !== undefined)
        : [],
      language: loaded.targetLang,
    }),
    [own, loaded.activeTerms, loaded.suggestions, loaded.mt.suggestion, loaded.targetLang],
  )
  const autocomplete = useAutocomplete(editor, completionSources)
  useEffect(
    () =>
      onInsertAtCaret((text) => {
        const before = editor.current?.textBeforeCaret() ?? ''
        return editor.current?.insertText(before && !/\s$/.test(before) ? ` ${text}` : text) ?? false
      }),
    [],
  )
  if (!hydrated) {
    return (
      <>
        <label htmlFor={`target-${segment.id}`} className="visually-hidden">
          {t('targetLabel', { number })}
        </label>
        <textarea
          ref={textarea}
          id={`target-${segment.id}`}
          name="target"
          defaultValue={segment.target ?? ''}
          rows={2}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the translator's work happens here; each action lands on it
          autoFocus
        />
      </>
    )
  }
  const keepCaret = (event: React.MouseEvent) => event.preventDefault()
  return (
    <>
      <input type="hidden" name="target" ref={field} />
      <TagEditor
        ref={editor}
        id={`target-${segment.id}`}
        value={initial}
        source={segment.source}
        label={t('targetLabel', { number })}
        lang={loaded.targetLang}
        onChange={(value) => {
          if (field.current) field.current.value = value
          setTyped(segment.id, value, true)
          if (invalid) setInvalid(false)
          onEdit()
          autocomplete.update()
        }}
        onInvalid={() => setInvalid(true)}
        onUnusedTagsChange={setUnused}
        onKeyDown={autocomplete.onKeyDown}
      />
      <AutocompleteHint offer={autocomplete.offer} />
      <div className="editor-tools">
        <UnusedTags tags={unused} onInsert={(n) => editor.current?.insertUnusedTag(n)} />
        <button type="button" data-hotkey="undo" onMouseDown={keepCaret} onClick={() => editor.current?.undo()}>
          {t('hotkeys.undo')}
        </button>
        <button type="button" data-hotkey="redo" onMouseDown={keepCaret} onClick={() => editor.current?.redo()}>
          {t('hotkeys.redo')}
        </button>
      </div>
      {invalid ? (
        <p className="field-error" role="alert">
          {t('errors.invalidTags')}
        </p>
      ) : null}
    </>
  )
}

