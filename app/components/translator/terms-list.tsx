import { useTranslation } from 'react-i18next'
import { TermWithStatus } from '~/components/glossary/term-list'
import type { GlossaryTerm } from '~/lib/terms/glossary-types'
import { SEGMENT_FORM } from './toolbar'
import { insertAtCaret } from './insert-at-caret'

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
  let number = 0
  return (
    <section className="terms-list" aria-labelledby="terms-title">
      <h4 id="terms-title">{t('terms.title')}</h4>
      {concepts.length === 0 ? (
        <p className="hint">{t('terms.none')}</p>
      ) : (
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
                  return (
                    <li key={index}>
                      <TermWithStatus term={term} lang={targetLang} />{' '}
                      <button
                        type="submit"
                        form={SEGMENT_FORM}
                        name="intent"
                        value={`term:${concept.id}:${index}`}
                        className="button-link"
                        data-hotkey={number <= 9 ? `term-${number}` : undefined}
                        aria-keyshortcuts={number <= 9 ? `Control+Shift+${number}` : undefined}
                        aria-label={number <= 9 ? t('terms.insertNamed', { term: term.text, number }) : `${t('terms.insert')} ${term.text}`}
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
      )}
    </section>
  )
}
