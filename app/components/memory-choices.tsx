import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'

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
 * saved by its Save button (memory-form.ts reads it back). Write is disabled where canUpdate is false.
 */
export function MemoryChoices({ memories, idPrefix }: { memories: MemoryChoiceRow[]; idPrefix: string }) {
  const { t } = useTranslation('memories')
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
                    <input type="hidden" name="memoryId" value={memory.id} />
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
                      name="read"
                      value={memory.id}
                      defaultChecked={memory.read}
                      aria-label={t('choices.readNamed', { name: memory.name })}
                    />
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      name="write"
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
        <Link to="/memories">{t('choices.manage')}</Link>
      </p>
    </fieldset>
  )
}
