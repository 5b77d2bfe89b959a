import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { CHOICE_FIELDS, type ChoiceKind } from '~/lib/tm/choice-fields'

export interface MemoryChoiceRow {
  id: number
  name: string
  sourceLang: string
  targetLang: string
  read: boolean
  write: boolean
  canUpdate: boolean
}

/**
 * SPEC §2 "A list of translation memories, each with read and write checkboxes", inside a settings form and
 * saved by its Save button (memory-form.ts reads it back). Write is disabled where canUpdate is false. Glossaries
 * (issue 17) are chosen the same way, with their own field names.
 */
export function MemoryChoices({ memories, idPrefix, kind = 'memories' }: { memories: MemoryChoiceRow[]; idPrefix: string; kind?: ChoiceKind }) {
  const { t } = useTranslation(kind)
  const names = CHOICE_FIELDS[kind]
  return (
    <fieldset className="memory-choices">
      <legend>{t('choices.legend')}</legend>
      {memories.length === 0 ? (
        <p className="hint">{t('choices.none')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('table.name')}</th>
              <th scope="col">{t('choices.read')}</th>
              <th scope="col">{t('choices.write')}</th>
            </tr>
          </thead>
          <tbody>
            {memories.map((memory) => {
              const lockedNote = `${idPrefix}-locked-${memory.id}`
              return (
                <tr key={memory.id}>
                  <th scope="row">
                    <input type="hidden" name={names.id} value={memory.id} />
                    {memory.name} <span className="hint">({memory.sourceLang} → {memory.targetLang})</span>
                    {memory.canUpdate ? null : (
                      <span id={lockedNote} className="hint">
                        {' '}
                        {t('choices.lockedNote')}
                      </span>
                    )}
                  </th>
                  <td>
                    <input
                      type="checkbox"
                      name={names.read}
                      value={memory.id}
                      defaultChecked={memory.read}
                      aria-label={t('choices.readNamed', { name: memory.name })}
                    />
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      name={names.write}
                      value={memory.id}
                      defaultChecked={memory.write && memory.canUpdate}
                      disabled={!memory.canUpdate}
                      aria-label={t('choices.writeNamed', { name: memory.name })}
                      aria-describedby={memory.canUpdate ? undefined : lockedNote}
                    />
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      )}
      <p>
        <Link to={names.manage}>{t('choices.manage')}</Link>
      </p>
    </fieldset>
  )
}
