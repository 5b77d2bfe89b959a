import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { formatDate, formatPercent } from '~/lib/i18n/format'
import { direction, pageWindow } from '~/lib/projects/languages'

export interface FileRow {
  id: number
  password: string
  name: string
  sourceLang: string
  targetLang: string
  status: string
  analysisStatus: string
  errorCode: string | null
  wordCount: number
  segmentCount: number
  segmentsAnalyzed: number
  translatedPercent: number
  createdAt: string
}

function fileLinks(row: FileRow) {
  const base = `/files/${row.id}/${row.password}`
  return { translate: `/translate/${row.id}/${row.password}`, original: `${base}/original`, translated: `${base}/translated`, remove: `${base}/delete` }
}

/** SPEC §2 file table: status or name, direction, segments, words, translated %, date added, actions. */
export function FileTable({ rows, language }: { rows: FileRow[]; language: string }) {
  const { t } = useTranslation('files')
  return (
    <table className="file-table">
      <caption className="visually-hidden">{t('table.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('table.name')}</th>
          <th scope="col">{t('table.direction')}</th>
          <th scope="col" className="number">{t('table.segments')}</th>
          <th scope="col" className="number">{t('table.words')}</th>
          <th scope="col" className="number">{t('table.translated')}</th>
          <th scope="col">{t('table.added')}</th>
          <th scope="col">{t('table.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <FileTableRow key={row.id} row={row} language={language} />
        ))}
      </tbody>
    </table>
  )
}

function FileTableRow({ row, language }: { row: FileRow; language: string }) {
  const { t } = useTranslation('files')
  const links = fileLinks(row)
  const broken = row.status === 'FAILED' || row.analysisStatus === 'EMPTY'
  const ready = row.status === 'READY' && row.analysisStatus === 'DONE'
  return (
    <tr className={broken ? 'file-broken' : undefined}>
      <th scope="row" className="file-name">
        {ready ? <Link to={links.translate}>{row.name}</Link> : <span>{row.name}</span>}
        <FileStatus row={row} />
      </th>
      <td>{direction(row.sourceLang, row.targetLang)}</td>
      <td className="number">{ready ? row.segmentCount : '—'}</td>
      <td className="number">{ready ? row.wordCount : '—'}</td>
      <td className="number">{row.translatedPercent >= 0 ? formatPercent(row.translatedPercent, language) : '—'}</td>
      <td>
        <time dateTime={row.createdAt}>{formatDate(new Date(row.createdAt), language)}</time>
      </td>
      <td className="file-actions">
        {ready ? (
          <>
            <Link to={links.translate}>{t('actions.translate')}</Link>
            <a href={links.original} download>
              {t('actions.downloadOriginal')}
            </a>
            <a href={links.translated} download>
              {t('actions.downloadTranslated')}
            </a>
          </>
        ) : null}
        <Link to={links.remove} className="danger-link" aria-label={t('actions.deleteNamed', { name: row.name })}>
          {t('actions.delete')}
        </Link>
      </td>
    </tr>
  )
}

function FileStatus({ row }: { row: FileRow }) {
  const { t } = useTranslation(['files', 'common'])
  if (row.status === 'FAILED') {
    return (
      <span className="file-status file-status-error">
        {t(`files:uploadErrors.${row.errorCode ?? 'ErrorCreatingProject'}`)} {t('files:status.brokenDelete')}
      </span>
    )
  }
  if (row.analysisStatus === 'EMPTY') return <span className="file-status file-status-error">{t('files:status.brokenDelete')}</span>
  if (row.status === 'WAITING') return <span className="file-status">{t('files:status.converting')}</span>
  if (row.analysisStatus === 'DONE') return null
  return (
    <span className="file-status">
      <label>
        {t('files:status.analysing', { done: row.segmentsAnalyzed, total: row.segmentCount })}
        <progress max={Math.max(1, row.segmentCount)} value={row.segmentsAnalyzed} />
      </label>
    </span>
  )
}

/** SPEC §2/§9 pager: Back, at most 10 page buttons, Next; only when there is more than one page. */
export function Pager({ page, pages }: { page: number; pages: number }) {
  const { t } = useTranslation('files')
  if (pages <= 1) return null
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      {page > 1 ? <Link to={`/?page=${page - 1}`}>{t('pager.back')}</Link> : <span aria-disabled="true">{t('pager.back')}</span>}
      <ul>
        {pageWindow(page, pages).map((number) => (
          <li key={number}>
            <Link to={`/?page=${number}`} aria-current={number === page ? 'page' : undefined} aria-label={t('pager.page', { number })}>
              {number}
            </Link>
          </li>
        ))}
      </ul>
      {page < pages ? <Link to={`/?page=${page + 1}`}>{t('pager.next')}</Link> : <span aria-disabled="true">{t('pager.next')}</span>}
    </nav>
  )
}

export function DeleteForm({ id, password }: { id: number; password: string }) {
  const { t } = useTranslation('files')
  return (
    <Form method="post" action={`/files/${id}/${password}/delete`}>
      <button type="submit" className="button-danger">
        {t('actions.confirmDelete')}
      </button>
    </Form>
  )
}
