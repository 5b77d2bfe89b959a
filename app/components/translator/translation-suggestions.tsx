import { Form } from '@remix-run/react'
import { Fragment } from 'react'
import { useTranslation } from 'react-i18next'
import { TaggedText } from '~/components/editor/tagged-text'
import { matchBand } from '~/lib/projects/segment-rules'
import type { MarkedPiece } from '~/lib/tm/concordance-marks'
import type { DiffPiece } from '~/lib/tm/match-diff-pieces'
import { SEGMENT_FORM } from './toolbar'
import { KeptFields } from '~/components/form-fields'

interface SuggestionView {
  unitId: number
  match: number
  createdBy: string
  source: DiffPiece[]
  target: string
  placedTags: number
}

/** Issue 6: the project's MT system's translation of the active segment, or why there is none. */
export type MtSuggestionView = { ok: true; createdBy: string; target: string } | { ok: false; error: string }

/**
 * Issue 5 fuzzy matches, rendered on the server: numbered, best first, match percent coloured by SPEC §9's bands,
 * creator, the matched source with its differences, the target with tag chips. Issue 6: the MT suggestion comes
 * first (match "MT", by the system's title); a provider that is down is a message in its place. "Use" is a button
 * of the active segment's form (the HTML `form` attribute), so it posts the same form with and without
 * JavaScript; Ctrl+n presses the n-th (hotkeys.ts).
 */
export function SuggestionsList({
  suggestions,
  mt,
  sourceLang,
  targetLang,
}: {
  suggestions: SuggestionView[]
  mt?: MtSuggestionView
  sourceLang: string
  targetLang: string
}) {
  const { t } = useTranslation(['suggestions', 'translate'])
  const mtShown = mt?.ok ? mt : undefined
  const offset = mtShown ? 1 : 0
  return (
    <>
      {mt && !mt.ok ? (
        <p className="form-error mt-unavailable" role="status">
          {t(`translate:mt.errors.${mt.error}`, { defaultValue: t('translate:mt.errors.provider-unavailable') })}
        </p>
      ) : null}
      {suggestions.length === 0 && !mtShown ? <p className="hint">{t('none')}</p> : null}
      {suggestions.length > 0 || mtShown ? (
        <ol className="suggestions" aria-label={t('title')}>
          {mtShown ? (
            <li className="suggestion suggestion-mt">
              <p className="suggestion-about">
                <span className="suggestion-match match-mt">{t('translate:mt.match')}</span>{' '}
                <span className="suggestion-creator">{t('createdBy', { name: mtShown.createdBy })}</span>
              </p>
              <p className="suggestion-target">
                <span className="visually-hidden">{t('translation')} </span>
                <TaggedText text={mtShown.target} lang={targetLang} />
              </p>
              <UseButton value="use-mt" number={1} />
            </li>
          ) : null}
          {suggestions.map((suggestion, index) => (
            <li key={suggestion.unitId} className="suggestion">
              <p className="suggestion-about">
                <span className={`suggestion-match match-${matchBand(suggestion.match)}`}>{t('match', { match: suggestion.match })}</span>{' '}
                {suggestion.match > 100 ? <span className="suggestion-context">{t('contextMatch')} </span> : null}
                {/* Issue 51: the author only when the memory knows one (a TMX without creationid has none). */}
                {suggestion.createdBy?.trim() ? <span className="suggestion-creator">{t('createdBy', { name: suggestion.createdBy })}</span> : null}
              </p>
              <p className="suggestion-source" lang={sourceLang}>
                <span className="visually-hidden">{t('matchedSource')} </span>
                <DiffText pieces={suggestion.source} />
              </p>
              <p className="suggestion-target">
                <span className="visually-hidden">{t('translation')} </span>
                <TaggedText text={suggestion.target} lang={targetLang} />
              </p>
              {suggestion.placedTags > 0 ? <p className="hint">{t('placedTags', { count: suggestion.placedTags })}</p> : null}
              <UseButton value={`use:${suggestion.unitId}`} number={index + 1 + offset} />
            </li>
          ))}
        </ol>
      ) : null}
      {suggestions.length === 0 && mtShown ? <p className="hint">{t('none')}</p> : null}
    </>
  )
}

function UseButton({ value, number }: { value: string; number: number }) {
  const { t } = useTranslation('suggestions')
  return (
    <button type="submit" form={SEGMENT_FORM} name="intent" value={value} data-hotkey={`suggestion-${number}`} aria-keyshortcuts={`Control+${number}`}>
      {t('use')}
      <span className="visually-hidden"> {t('useWhich', { number })}</span>
    </button>
  )
}

/** Differences in words, not only in colour: each marked piece starts with hidden text saying what it is. */
function DiffText({ pieces }: { pieces: DiffPiece[] }) {
  const { t } = useTranslation('suggestions')
  return (
    <>
      {pieces.map((piece, index) => {
        const said = (text: string) => <span className="visually-hidden">{`[${text}] `}</span>
        switch (piece.kind) {
          case 'same':
            return <Fragment key={index}>{piece.text}</Fragment>
          case 'deleted':
            return (
              <del key={index} className="diff-deleted">
                {said(t('diff.deleted'))}
                {piece.text}
              </del>
            )
          case 'inserted':
            return (
              <ins key={index} className="diff-inserted">
                {said(t('diff.inserted'))}
                {piece.text}
              </ins>
            )
          case 'number':
            return (
              <mark key={index} className="diff-number" title={t('diff.number', { value: piece.query })}>
                {said(t('diff.number', { value: piece.query }))}
                {piece.text}
              </mark>
            )
          case 'case':
            return (
              <mark key={index} className="diff-case" title={t('diff.case', { value: piece.query })}>
                {said(t('diff.case', { value: piece.query }))}
                {piece.text}
              </mark>
            )
        }
      })}
    </>
  )
}

interface ConcordanceView {
  text: string
  results: { id: number; raw_segment: MarkedPiece[]; translation: MarkedPiece[] }[]
}

/**
 * SPEC §2 concordance search: a GET form (works without JavaScript), `required` so empty text does nothing
 * (SPEC §5); the results list the units found with the searched words in <mark>, or "no matches found" (SPEC §8).
 * `keep` holds the address's other parameters (segment, search, tab), so searching stays in place.
 */
export function ConcordanceSearch({
  action,
  keep,
  concordance,
  sourceLang,
  targetLang,
}: {
  action: string
  keep: [string, string][]
  concordance: ConcordanceView | undefined
  sourceLang: string
  targetLang: string
}) {
  const { t } = useTranslation('suggestions')
  return (
    <section className="concordance" aria-labelledby="concordance-title">
      <h4 id="concordance-title">{t('concordance.title')}</h4>
      <Form method="get" action={action} className="lookup-form" preventScrollReset>
        <KeptFields fields={keep} except="concordance" />
        <label htmlFor="concordance-text">{t('concordance.label')}</label>
        <input id="concordance-text" name="concordance" type="search" required maxLength={200} defaultValue={concordance?.text ?? ''} key={concordance?.text} />
        <button type="submit">{t('concordance.search')}</button>
      </Form>
      <div aria-live="polite">
        {concordance && concordance.results.length === 0 ? <p>{t('concordance.none')}</p> : null}
        {concordance && concordance.results.length > 0 ? <p className="hint">{t('concordance.found', { count: concordance.results.length })}</p> : null}
      </div>
      {concordance && concordance.results.length > 0 ? (
        <table className="concordance-results">
          <caption className="visually-hidden">{t('concordance.results')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('concordance.source')}</th>
              <th scope="col">{t('concordance.translation')}</th>
            </tr>
          </thead>
          <tbody>
            {concordance.results.map((result) => (
              <tr key={result.id}>
                <td lang={sourceLang}>
                  <MarkedText pieces={result.raw_segment} />
                </td>
                <td lang={targetLang}>
                  <MarkedText pieces={result.translation} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  )
}

function MarkedText({ pieces }: { pieces: MarkedPiece[] }) {
  return (
    <>
      {pieces.map((piece, index) => (piece.hit ? <mark key={index}>{piece.text}</mark> : <Fragment key={index}>{piece.text}</Fragment>))}
    </>
  )
}
