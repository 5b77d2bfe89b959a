import { useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { completionFor, completionWords, typedWord } from '~/components/editor/autocomplete'
import type { TagEditorHandle } from '~/components/editor/tag-editor'

/**
 * Autocomplete in the tag editor (SPEC §5, §9; issue 17 point 6), with JavaScript only: after each edit the word
 * being typed is looked up among the words of the top TM suggestion, the MT suggestion and the active segment's
 * glossary targets; the offer is announced in a live region under the editor; Tab takes it, Esc dismisses it until
 * the next word.
 */
export function useAutocomplete(editor: RefObject<TagEditorHandle>, sources: { terms: string[]; suggestions: string[]; language: string }) {
  const words = useMemo(() => completionWords(sources.terms, sources.suggestions), [sources.terms, sources.suggestions])
  const [offer, setOffer] = useState<{ word: string; rest: string } | undefined>()
  const dismissed = useRef('')
  return {
    offer,
    /** After an edit: what the word at the caret may become. */
    update() {
      const typed = typedWord(editor.current?.textBeforeCaret() ?? '')
      const next = typed && typed !== dismissed.current ? completionFor(typed, words, sources.language) : undefined
      // The same offer (or none) again renders nothing: most keys change neither.
      setOffer((current) => (current?.word === next?.word && current?.rest === next?.rest ? current : next))
    },
    /** The editor's keys: Tab takes the offer, Esc puts it away. */
    onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
      if (!offer || event.ctrlKey || event.altKey || event.metaKey || event.shiftKey) return
      if (event.key === 'Tab') {
        event.preventDefault()
        editor.current?.insertText(offer.rest)
        setOffer(undefined)
      } else if (event.key === 'Escape') {
        event.preventDefault()
        dismissed.current = typedWord(editor.current?.textBeforeCaret() ?? '')
        setOffer(undefined)
      }
    },
  }
}

/** The offer under the editor, read out as it changes. Always rendered, so a screen reader hears each new offer. */
export function AutocompleteHint({ offer }: { offer: { word: string } | undefined }) {
  const { t } = useTranslation('translate')
  return (
    <p className="autocomplete-hint" role="status">
      {offer ? t('autocomplete.offer', { word: offer.word }) : ''}
    </p>
  )
}
