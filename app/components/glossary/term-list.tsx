import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { isAvoided, type GlossaryTerm } from '~/lib/terms/glossary-types'

interface ConceptRow {
  id: number
  definition?: string
  note?: string
  source: GlossaryTerm[]
  target: GlossaryTerm[]
}

/** A term with its status; deprecated and obsolete terms are struck through and say so in words. */
export function TermWithStatus({ term, lang }: { term: GlossaryTerm; lang: string }) {
  const { t } = useTranslation('glossaries')
  const avoided = isAvoided(term.status)
  return (
    <span className={avoided ? 'term term-avoided' : 'term'} data-status={term.status}>
      {avoided ? <del lang={lang}>{term.text}</del> : <span lang={lang}>{term.text}</span>} <span className="hint">({t(`status.${term.status}`)})</span>
    </span>
  )
}

/** Issue 17: a page of a glossary's concepts — source terms, all target terms with statuses, definition — to edit or delete. */
export function TermList({ glossary, concepts }: { glossary: { id: number; name: string; sourceLang: string; targetLang: string }; concepts: ConceptRow[] }) {
  const { t } = useTranslation('glossaries')
  return (
    <table className="memory-table term-list">
      <caption className="visually-hidden">{t('concepts.caption', { name: glossary.name })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('concepts.source')}</th>
          <th scope="col">{t('concepts.targets')}</th>
          <th scope="col">{t('concepts.definition')}</th>
          <th scope="col">{t('concepts.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {concepts.map((concept) => {
          const name = concept.source[0]?.text ?? ''
          return (
            <tr key={concept.id}>
              <th scope="row">
                {concept.source.map((term, index) => (
                  <div key={index}>
                    <TermWithStatus term={term} lang={glossary.sourceLang} />
                  </div>
                ))}
              </th>
              <td>
                <ul className="plain-list">
                  {concept.target.map((term, index) => (
                    <li key={index}>
                      <TermWithStatus term={term} lang={glossary.targetLang} />
                    </li>
                  ))}
                </ul>
              </td>
              <td>
                {concept.definition ? <p>{concept.definition}</p> : null}
                {concept.note ? <p className="hint">{concept.note}</p> : null}
              </td>
              <td className="actions">
                <Link to={`/glossaries/${glossary.id}/concepts/${concept.id}`} aria-label={t('concepts.editNamed', { name })}>
                  {t('concepts.edit')}
                </Link>
                <Form method="post" className="inline-form">
                  <input type="hidden" name="conceptId" value={concept.id} />
                  <button type="submit" name="intent" value="delete-concept" className="button-link" aria-label={t('concepts.deleteNamed', { name })}>
                    {t('concepts.delete')}
                  </button>
                </Form>
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
