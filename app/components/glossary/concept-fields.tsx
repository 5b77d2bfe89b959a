import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { TARGET_ROWS, TERM_MAX, TERM_STATUSES, TEXT_MAX, type TermStatus } from '~/lib/terms/glossary-types'

/** What the concept form shows when it edits one: its source term, target terms and fields. */
export interface ConceptFormValues {
  sourceTerm?: string
  sourceStatus?: TermStatus
  targets?: { text: string; status: TermStatus }[]
  partOfSpeech?: string
  definition?: string
  context?: string
  note?: string
}

function StatusSelect({ name, label, value }: { name: string; label: string; value?: TermStatus }) {
  const { t } = useTranslation('glossaries')
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value ?? 'admitted'}>
        {TERM_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`status.${status}`)}
          </option>
        ))}
      </select>
    </div>
  )
}

function Field({ name, label, value, long = false, required = false }: { name: string; label: string; value?: string; long?: boolean; required?: boolean }) {
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {long ? (
        <textarea id={id} name={name} defaultValue={value} maxLength={TEXT_MAX} rows={2} />
      ) : (
        <input id={id} name={name} defaultValue={value} maxLength={TERM_MAX} required={required} />
      )}
    </div>
  )
}

/**
 * The fields of a concept (issue 17): one source term, up to three target terms with their statuses, part of speech,
 * definition, example of use and note. The glossary page and the translator's "add a term" share it; the server
 * reads it with conceptFromForm (glossary-page.server.ts).
 */
export function ConceptFields({ values = {}, sourceLang, targetLang }: { values?: ConceptFormValues; sourceLang?: string; targetLang?: string }) {
  const { t } = useTranslation('glossaries')
  const targets = values.targets ?? []
  const rows = Math.max(TARGET_ROWS, targets.length)
  return (
    <div className="concept-fields">
      <div className="term-row" lang={sourceLang}>
        <Field name="sourceTerm" label={t('form.sourceTerm')} value={values.sourceTerm} required />
        <StatusSelect name="sourceStatus" label={t('form.sourceStatus')} value={values.sourceStatus} />
      </div>
      {Array.from({ length: rows }, (_, index) => (
        <div className="term-row" key={index} lang={targetLang}>
          <Field name="targetTerm" label={t('form.targetTerm', { number: index + 1 })} value={targets[index]?.text} required={index === 0} />
          <StatusSelect name="targetStatus" label={t('form.targetStatus', { number: index + 1 })} value={targets[index]?.status} />
        </div>
      ))}
      <Field name="partOfSpeech" label={t('form.partOfSpeech')} value={values.partOfSpeech} />
      <Field name="definition" label={t('form.definition')} value={values.definition} long />
      <Field name="context" label={t('form.context')} value={values.context} long />
      <Field name="note" label={t('form.note')} value={values.note} long />
    </div>
  )
}
