import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { formatNumber } from '~/lib/i18n/format'
import type { GlossaryImportReport } from '~/lib/terms/glossary-import.server'

interface ImportRow {
  id: number
  fileName: string
  status: 'mapping' | 'queued' | 'running' | 'done' | 'failed'
  report: GlossaryImportReport | null
}

/** Issue 17: a glossary import — waiting for its columns, running, or its report (concepts imported, left out, why not). */
export function ImportItem({ job, glossaryId, language }: { job: ImportRow; glossaryId: number; language: string }) {
  const { t } = useTranslation('glossaries')
  const number = (value: number) => formatNumber(value, language)
  const report = job.report
  return (
    <li className="import-item" data-status={job.status}>
      <p>
        <strong>{job.fileName}</strong>
      </p>
      {job.status === 'mapping' ? (
        <p>
          {t('imports.mapping')} <Link to={`/glossaries/${glossaryId}/imports/${job.id}`}>{t('imports.mapLink', { name: job.fileName })}</Link>
        </p>
      ) : null}
      {job.status === 'queued' || job.status === 'running' ? <p>{t(`imports.${job.status}`)}</p> : null}
      {job.status === 'failed' ? (
        <p className="form-error">
          {t(`imports.errors.${report?.error ?? 'import-failed'}`)} {t('imports.nothingChanged')}
        </p>
      ) : null}
      {job.status === 'done' && report ? (
        <p>
          {t('imports.imported', { count: report.imported, formatted: number(report.imported) })}{' '}
          {report.skipped > 0 ? t('imports.skipped', { count: report.skipped, formatted: number(report.skipped) }) : null}
          {report.removedCharacters ? ` ${t('imports.removedNul', { count: report.removedCharacters, formatted: number(report.removedCharacters) })}` : null}
        </p>
      ) : null}
    </li>
  )
}
