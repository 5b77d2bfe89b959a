import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { ExchangeCounts, ExchangeFileReport, ExchangeImportReport } from '~/lib/exchange/exchange-import.server'
import { formatNumber } from '~/lib/i18n/format'

interface ImportRow {
  id: number
  fileName: string
  overwrite: boolean
  status: 'queued' | 'running' | 'done' | 'failed'
  report: ExchangeImportReport | null
  createdAt: string
  added: string
}

const COUNTED: (keyof ExchangeCounts)[] = ['updated', 'statusChanged', 'unchanged', 'conflicts', 'overwritten', 'rejected']

/** Issue 18: one XLIFF brought back — waiting, applying, or its report per file with the segments to look at. */
export function ExchangeImportItem({ job, language }: { job: ImportRow; language: string }) {
  const { t } = useTranslation('exchange')
  const report = job.report
  return (
    <li className="import-item" data-status={job.status}>
      <p>
        <strong>{job.fileName}</strong> <time dateTime={job.createdAt}>{job.added}</time>
      </p>
      {job.status === 'queued' ? <p>{t('imports.queued')}</p> : null}
      {job.status === 'running' ? <p>{t('imports.running', { count: report?.done ?? 0, formatted: formatNumber(report?.done ?? 0, language) })}</p> : null}
      {job.status === 'failed' ? (
        <p className="form-error">
          {t(`importErrors.${report?.error ?? 'import-failed'}`)} {t('imports.nothingChanged')}
        </p>
      ) : null}
      {job.status === 'done' && report ? report.files.map((file, index) => <FileReport key={index} file={file} language={language} />) : null}
    </li>
  )
}

function FileReport({ file, language }: { file: ExchangeFileReport; language: string }) {
  const { t } = useTranslation('exchange')
  const name = file.translateUrl ? <Link to={file.translateUrl}>{file.projectName ?? file.name}</Link> : <span>{file.name}</span>
  if (file.error) {
    return (
      <p className="form-error">
        {name}: {t(`fileErrors.${file.error}`)}
      </p>
    )
  }
  const counts = COUNTED.filter((key) => file.counts[key] > 0 || key === 'updated')
  return (
    <div className="stack">
      <p>
        {name}:{' '}
        {counts.map((key) => t(`counts.${key}`, { count: file.counts[key], formatted: formatNumber(file.counts[key], language) })).join(' ')}
      </p>
      {file.notes.length > 0 ? (
        <table className="memory-table">
          <caption>{t('notes.caption', { name: file.projectName ?? file.name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('notes.segment')}</th>
              <th scope="col">{t('notes.problem')}</th>
              <th scope="col">{t('notes.current')}</th>
              <th scope="col">{t('notes.incoming')}</th>
            </tr>
          </thead>
          <tbody>
            {file.notes.map((note, index) => (
              <tr key={index}>
                <th scope="row">
                  {file.translateUrl && note.number !== undefined ? (
                    <Link to={`${file.translateUrl}?segment=${note.segmentId}`}>{note.number}</Link>
                  ) : (
                    (note.number ?? '—')
                  )}
                </th>
                <td>{t(`problems.${note.problem}`)}</td>
                <td lang={file.targetLang}>{note.current ?? ''}</td>
                <td lang={file.targetLang}>{note.incoming ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  )
}
