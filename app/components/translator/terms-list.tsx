import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { TermWithStatus } from '~/components/glossary/term-list'
import { TERM_MAX, type GlossaryTerm } from '~/lib/terms/glossary-types'
import { SEGMENT_FORM } from './toolbar'
import { insertAtCaret } from './insert-at-caret'
import { KeptFields } from '~/components/form-fields'
import { InfoNote } from '~/components/flash-message'
import type { KeptTerm } from '~/lib/translator/kept-text.server'

export interface ActiveConcept {
  id: number
  glossaryName: string
  definition?: string
  source: GlossaryTerm[]
  target: GlossaryTerm[]
}

/**
 * Issue 17: the glossary terms found in the active segment's source, each with all its target terms and statuses
 * (deprecated and obsolete struck through and named). "Insert" is a button of the segment's form: without JavaScript
 * the term is added to the end of the translation and saved as a draft; with it the term goes in at the caret.
 * Ctrl+Shift+n presses the n-th.
 */
export function TermsList({ concepts, sourceLang, targetLang }: { concepts: ActiveConcept[]; sourceLang: string; targetLang: string }) {
  const { t } = useTranslation('glossaries')
  return (
    <section className="terms-list" aria-labelledby="terms-title">
      <h4 id="terms-title">{t('terms.title')}</h4>
      {concepts.length === 0 ? <p className="hint">{t('terms.none')}</p> : <ConceptList concepts={concepts} sourceLang={sourceLang} targetLang={targetLang} hotkeys />}
    </section>
  )
}

/** Concepts with their terms and an Insert button per target term; the first nine numbered for Ctrl+Shift+n. */
function ConceptList({ concepts, sourceLang, targetLang, hotkeys }: { concepts: ActiveConcept[]; sourceLang: string; targetLang: string; hotkeys: boolean }) {
  const { t } = useTranslation('glossaries')
  let number = 0
  return (
    <ul className="plain-list">
      {concepts.map((concept) => (
        <li key={concept.id} className="term-concept">
          <p>
            {concept.source.map((term, index) => (
              <TermWithStatus key={index} term={term} lang={sourceLang} />
            ))}{' '}
            <span className="hint">{t('terms.from', { name: concept.glossaryName })}</span>
          </p>
          {concept.definition ? <p className="hint">{concept.definition}</p> : null}
          <ul className="plain-list">
            {concept.target.map((term, index) => {
              number++
              const hotkey = hotkeys && number <= 9
              return (
                <li key={index}>
                  <TermWithStatus term={term} lang={targetLang} />{' '}
                  <button
                    type="submit"
                    form={SEGMENT_FORM}
                    name="intent"
                    value={`term:${concept.id}:${index}`}
                    className="button-link"
                    data-hotkey={hotkey ? `term-${number}` : undefined}
                    aria-keyshortcuts={hotkey ? `Control+Shift+${number}` : undefined}
                    aria-label={hotkey ? t('terms.insertNamed', { term: term.text, number }) : `${t('terms.insert')} ${term.text}`}
                    onClick={(event) => {
                      // With JavaScript the term goes in at the caret, and the draft is saved as typing is.
                      if (insertAtCaret(term.text)) event.preventDefault()
                    }}
                  >
                    {t('terms.insert')}
                  </button>
                </li>
              )
            })}
          </ul>
        </li>
      ))}
    </ul>
  )
}

/**
 * Issue 17: the glossaries from the translator. Search (SPEC §9 Shift+Enter: the text selected in the page, or typed)
 * in the glossaries the project reads, the found concepts insertable like the active segment's; and a new concept —
 * words of the active segment and their translation — into a glossary the project writes to. Forms of their own, so
 * both work without JavaScript.
 */
export function GlossaryTools({
  action,
  keep,
  query,
  results,
  writable,
  segmentId,
  sourceLang,
  targetLang,
  kept,
}: {
  action: string
  keep: [string, string][]
  query: string
  results: ActiveConcept[] | undefined
  writable: { id: number; name: string }[]
  segmentId: number | undefined
  sourceLang: string
  targetLang: string
  /** A term posted after the session ended, back in the form after signing in again (kept-text.server.ts). */
  kept?: KeptTerm
}) {
  const { t } = useTranslation('glossaries')
  return (
    <section className="glossary-tools" aria-labelledby="glossary-search-title">
      <h4 id="glossary-search-title">{t('translatorSearch.title')}</h4>
      <Form method="get" action={action} className="lookup-form" preventScrollReset>
        <KeptFields fields={keep} except="terms" />
        <label htmlFor="glossary-search-text">{t('translatorSearch.label')}</label>
        <input id="glossary-search-text" name="terms" type="search" required maxLength={TERM_MAX} defaultValue={query} key={query} />
        <button type="submit" data-hotkey="term-search" aria-keyshortcuts="Shift+Enter" onClick={takeSelectedText('terms')}>
          {t('translatorSearch.search')}
        </button>
      </Form>
      <div aria-live="polite">
        {results && results.length === 0 ? <p>{t('translatorSearch.none', { query })}</p> : null}
        {results && results.length > 0 ? <p className="hint">{t('translatorSearch.found', { count: results.length, query })}</p> : null}
      </div>
      {results && results.length > 0 ? <ConceptList concepts={results} sourceLang={sourceLang} targetLang={targetLang} hotkeys={false} /> : null}
      {segmentId !== undefined ? (
        <details className="add-term" open={kept !== undefined}>
          <summary>{t('translatorAdd.title')}</summary>
          {kept ? <InfoNote>{t('translatorAdd.kept')}</InfoNote> : null}
          {writable.length === 0 ? (
            <p className="hint">
              {t('translatorAdd.noneWritable')} <Link to="/glossaries">{t('translatorAdd.glossariesLink')}</Link>
            </p>
          ) : (
            <Form method="post" action={action} className="stack" preventScrollReset>
              <KeptFields fields={keep} />
              <input type="hidden" name="segmentId" value={segmentId} />
              <label htmlFor="new-term-source">{t('translatorAdd.source')}</label>
              <input id="new-term-source" name="newTermSource" lang={sourceLang} required maxLength={TERM_MAX} defaultValue={kept?.source} />
              <label htmlFor="new-term-target">{t('translatorAdd.target')}</label>
              <input id="new-term-target" name="newTermTarget" lang={targetLang} required maxLength={TERM_MAX} defaultValue={kept?.target} />
              <label htmlFor="new-term-glossary">{t('translatorAdd.glossary')}</label>
              <select id="new-term-glossary" name="newTermGlossary" defaultValue={kept?.glossaryId}>
                {writable.map((glossary) => (
                  <option key={glossary.id} value={glossary.id}>
                    {glossary.name}
                  </option>
                ))}
              </select>
              <button type="submit" name="intent" value="add-term" onClick={takeSelectedText('newTermSource', true)}>
                {t('translatorAdd.add')}
              </button>
            </Form>
          )}
        </details>
      ) : null}
    </section>
  )
}

/**
 * A search or add button takes the text selected in the page into its form's field (with JavaScript): into an empty
 * field only when `onlyEmpty`, so what was typed there wins.
 */
export function takeSelectedText(field: string, onlyEmpty = false) {
  return (event: React.MouseEvent<HTMLButtonElement>) => {
    const selected = window.getSelection()?.toString().trim()
    const input = event.currentTarget.form?.elements.namedItem(field)
    if (selected && input instanceof HTMLInputElement && !(onlyEmpty && input.value)) input.value = selected.slice(0, TERM_MAX)
  }
}
