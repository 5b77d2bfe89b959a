import { Form, Link } from '@remix-run/react'
import { forwardRef, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatNumber } from '~/lib/i18n/format'

export interface MemoryRow {
  id: number
  name: string
  sourceLang: string
  targetLang: string
  canUpdate: boolean
  unitCount: number
}

export function memoryLinks(id: number) {
  return { remove: `/memories/${id}/delete`, exportTmx: `/memories/${id}/export` }
}

/** Issue 5 "Memories": name (renamed in place), languages, units, locked, and the actions on each memory. */
export function MemoryTable({ memories, language }: { memories: MemoryRow[]; language: string }) {
  const { t } = useTranslation('memories')
  const [deleting, setDeleting] = useState<MemoryRow | undefined>()
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    if (deleting) dialog.current?.showModal()
  }, [deleting])
  return (
    <>
      <table className="memory-table">
        <caption className="visually-hidden">{t('table.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('table.name')}</th>
            <th scope="col">{t('table.languages')}</th>
            <th scope="col" className="number">
              {t('table.units')}
            </th>
            <th scope="col">{t('table.status')}</th>
            <th scope="col">{t('table.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {memories.map((memory) => (
            <MemoryTableRow key={memory.id} memory={memory} language={language} onDelete={setDeleting} />
          ))}
        </tbody>
      </table>
      {deleting ? <DeleteMemoryDialog ref={dialog} memory={deleting} onClose={() => setDeleting(undefined)} /> : null}
    </>
  )
}

function MemoryTableRow({ memory, language, onDelete }: { memory: MemoryRow; language: string; onDelete: (memory: MemoryRow) => void }) {
  const { t } = useTranslation(['memories', 'files'])
  const links = memoryLinks(memory.id)
  return (
    <tr>
      <th scope="row">
        <Form method="post" className="rename-form">
          <input type="hidden" name="memoryId" value={memory.id} />
          <input
            name="name"
            defaultValue={memory.name}
            required
            maxLength={100}
            aria-label={t('memories:rename.label', { name: memory.name })}
          />
          <button type="submit" name="intent" value="rename" aria-label={t('memories:rename.buttonNamed', { name: memory.name })}>
            {t('memories:rename.button')}
          </button>
        </Form>
      </th>
      <td>
        {t(`files:languages.${memory.sourceLang}`, { defaultValue: memory.sourceLang })} →{' '}
        {t(`files:languages.${memory.targetLang}`, { defaultValue: memory.targetLang })}
      </td>
      <td className="number">{formatNumber(memory.unitCount, language)}</td>
      <td>{memory.canUpdate ? t('memories:status.writable') : t('memories:status.locked')}</td>
      <td className="memory-actions">
        <a href={links.exportTmx} download aria-label={t('memories:actions.exportNamed', { name: memory.name })}>
          {t('memories:actions.export')}
        </a>
        <Form method="post">
          <input type="hidden" name="memoryId" value={memory.id} />
          <button
            type="submit"
            name="intent"
            value={memory.canUpdate ? 'lock' : 'unlock'}
            aria-label={t(memory.canUpdate ? 'memories:actions.lockNamed' : 'memories:actions.unlockNamed', { name: memory.name })}
          >
            {memory.canUpdate ? t('memories:actions.lock') : t('memories:actions.unlock')}
          </button>
        </Form>
        <Link
          to={links.remove}
          className="danger-link"
          aria-label={t('memories:actions.deleteNamed', { name: memory.name })}
          onClick={(event) => {
            event.preventDefault()
            onDelete(memory)
          }}
        >
          {t('memories:actions.delete')}
        </Link>
      </td>
    </tr>
  )
}

/** With JavaScript, deleting asks in a dialog; without, the link leads to the confirmation page. */
const DeleteMemoryDialog = forwardRef<HTMLDialogElement, { memory: MemoryRow; onClose: () => void }>(function DeleteMemoryDialog(
  { memory, onClose },
  ref,
) {
  const { t } = useTranslation('memories')
  return (
    <dialog ref={ref} className="confirm-dialog" aria-labelledby="delete-memory-title" onClose={onClose}>
      <h2 id="delete-memory-title">{t('delete.question')}</h2>
      <p>{t('delete.detail', { name: memory.name, count: memory.unitCount })}</p>
      <div className="button-row">
        <DeleteMemoryForm id={memory.id} onSubmit={onClose} />
        <button type="button" onClick={onClose}>
          {t('delete.cancel')}
        </button>
      </div>
    </dialog>
  )
})

export function DeleteMemoryForm({ id, onSubmit }: { id: number; onSubmit?: () => void }) {
  const { t } = useTranslation('memories')
  return (
    <Form method="post" action={memoryLinks(id).remove} onSubmit={onSubmit}>
      <button type="submit" className="button-danger">
        {t('delete.confirm')}
      </button>
    </Form>
  )
}
