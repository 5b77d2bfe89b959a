import { Form, Link } from '@remix-run/react'
import { forwardRef, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate, formatNumber, formatPercent } from '~/lib/i18n/format'
import { direction, pageWindow } from '~/lib/projects/languages'
import { brokenReason } from '~/lib/projects/file-list'
import type { CarriedOver } from '~/lib/projects/projects.server'
import { readBands } from '~/lib/tm/analysis-bands'
import type { KeptText } from '~/lib/formats/types'
import { AnalysisBands } from './analysis-bands'
import { KeptNote } from './kept-note'
import type { TemporaryRow } from './upload-queue'

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
  /** Issue 52 point 5: the words a reviewer approved, in percent (revision progress). */
  revisedPercent?: number
  createdAt: string
  /** The date and time added, formatted by the loader in the interface language (issue 19). */
  added?: string
  /** Issue 19: percent done and time left of a running analysis or pretranslation (formatted by the loader). */
  progress?: string
  analysisBands?: unknown
  pretranslated?: number
  /** Issue 19: the encoding a text file was read in when not UTF-8; it is written back the same way. */
  encoding?: string | null
  /** Issue 17: the QA warnings not ignored, linked to the project's report. */
  warnings?: number
  /** Issue 50: what a new version took over from the earlier one, and that one while it is kept. */
  carriedOver?: CarriedOver | null
  earlierVersion?: { id: number; password: string } | null
  /** Issue 57: the texts the file keeps as they are (comments, charts, hidden sheets…). */
  keptAsIs?: KeptText[] | null
  /** Issue 52: the user's role in the file; the owner's name on a file shared with the user; how many share the user's own. */
  role?: 'owner' | 'translator' | 'reviewer'
  ownerName?: string | null
  memberCount?: number
}

function fileLinks(row: FileRow) {
  const base = `/files/${row.id}/${row.password}`
  return {
    translate: `/translate/${row.id}/${row.password}`,
    original: `${base}/original`,
    translated: `${base}/translated`,
    remove: `${base}/delete`,
    rename: `${base}/rename`,
    newVersion: `${base}/new-version`,
    earlierVersion: `${base}/earlier-version`,
    share: `${base}/share`,
  }
}

/** The form the rows' checkboxes belong to (they sit in the table, it below it). */
export const EXPORT_FORM_ID = 'selected-files'

/**
 * Issue 18: what to do with the files ticked in the table — export them for another CAT tool (XLIFF 1.2 or 2.0) or
 * their confirmed segments as TMX. A GET form: the download needs no JavaScript and the page stays.
 */
export function SelectedFilesForm({ back }: { back: string }) {
  const { t } = useTranslation('exchange')
  const filesT = useTranslation('files').t
  return (
    <form id={EXPORT_FORM_ID} method="get" action="/exchange/export" className="selected-files">
      <fieldset>
        <legend>{t('bulk.legend')}</legend>
        <input type="hidden" name="back" value={back} />
        <label htmlFor="export-format">{t('bulk.format')}</label>{' '}
        <select id="export-format" name="format" defaultValue="zip" aria-describedby="export-hint">
          {(['zip', 'xliff12', 'xliff20', 'tmx'] as const).map((format) => (
            <option key={format} value={format}>
              {t(`formats.${format}`)}
            </option>
          ))}
        </select>{' '}
        <button type="submit">{t('bulk.export')}</button>{' '}
        <button type="submit" formMethod="post" formAction="/files/share-selected">
          {filesT('bulkShare.button')}
        </button>{' '}
        <button type="submit" formMethod="post" formAction="/files/delete-selected" className="button-danger">
          {filesT('bulkDelete.button')}
        </button>{' '}
        <Link to="/exchange">{t('bulk.importLink')}</Link>
        <p id="export-hint" className="hint">
          {t('bulk.hint')}
        </p>
      </fieldset>
    </form>
  )
}

/** SPEC §2 file table: status or name, direction, segments, words, translated %, date added, actions. */
export function FileTable({
  rows,
  temporary = [],
  perPage,
  language,
  back = '',
}: {
  rows: FileRow[]
  temporary?: TemporaryRow[]
  perPage: number
  language: string
  /** The list's own parameters, for coming back to the same page after a delete. */
  back?: string
}) {
  const { t } = useTranslation('files')
  const exchangeT = useTranslation('exchange').t
  const [deleting, setDeleting] = useState<FileRow | undefined>()
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    if (!deleting) return
    dialog.current?.showModal()
    dialog.current?.querySelector<HTMLElement>('[data-initial-focus]')?.focus()
  }, [deleting])
  // SPEC §4: temporary rows go on top and the last rows of a full page drop off.
  const shown = rows.slice(0, Math.max(0, perPage - temporary.length))
  return (
    <>
      <table className="file-table">
        <caption className="visually-hidden">{t('table.caption')}</caption>
        <thead>
          <tr>
            <th scope="col" className="file-select">
              <span className="visually-hidden">{exchangeT('bulk.legend')}</span>
            </th>
            <th scope="col">{t('table.name')}</th>
            <th scope="col">{t('table.direction')}</th>
            <th scope="col" className="number">
              {t('table.segments')}
            </th>
            <th scope="col" className="number">
              {t('table.words')}
            </th>
            <th scope="col" className="number">
              {t('table.translated')}
            </th>
            <th scope="col">{t('table.added')}</th>
            <th scope="col">{t('table.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {temporary.map((row) => (
            <tr key={row.tmpFileId} className="file-temporary">
              <td />
              <th scope="row" className="file-name">
                <span>{row.name}</span>
                <span className="file-status" role="status">
                  {t('status.uploading')}
                </span>
              </th>
              <td colSpan={6} />
            </tr>
          ))}
          {shown.map((row) => (
            <FileTableRow key={row.id} row={row} language={language} back={back} onDelete={setDeleting} />
          ))}
        </tbody>
      </table>
      {deleting ? <DeleteDialog ref={dialog} row={deleting} back={back} onClose={() => setDeleting(undefined)} /> : null}
    </>
  )
}

/** With JavaScript, deleting asks in a dialog; without, the link leads to the confirmation page. */
const DeleteDialog = forwardRef<HTMLDialogElement, { row: FileRow; back: string; onClose: () => void }>(function DeleteDialog(
  { row, back, onClose },
  ref,
) {
  const { t } = useTranslation('files')
  const links = fileLinks(row)
  return (
    <dialog ref={ref} className="confirm-dialog" aria-labelledby="delete-dialog-title" onClose={onClose}>
      <h2 id="delete-dialog-title">{t('delete.question')}</h2>
      <p>{row.name}</p>
      <div className="button-row">
        <Form method="post" action={links.remove} onSubmit={onClose}>
          <input type="hidden" name="back" value={back} />
          <button type="submit" className="button-danger">
            {t('actions.confirmDelete')}
          </button>
        </Form>
        {/* Issue 19: the safe choice has the focus when the dialog opens (Enter does not delete). */}
        <button type="button" onClick={onClose} data-initial-focus>
          {t('delete.cancel')}
        </button>
      </div>
    </dialog>
  )
})

function FileTableRow({ row, language, back, onDelete }: { row: FileRow; language: string; back: string; onDelete: (row: FileRow) => void }) {
  const { t } = useTranslation('files')
  const qaT = useTranslation('qa').t
  const links = fileLinks(row)
  const broken = row.status === 'FAILED' || row.analysisStatus === 'EMPTY'
  const ready = row.status === 'READY' && row.analysisStatus === 'DONE'
  const bands = readBands(row.analysisBands)
  const exchangeT = useTranslation('exchange').t
  const withBack = (href: string) => (back ? `${href}?${new URLSearchParams({ back })}` : href)
  // Issue 52: only the owner manages the file; a colleague it is shared with opens, translates and downloads it.
  const owned = (row.role ?? 'owner') === 'owner'
  return (
    <tr className={broken ? 'file-broken' : undefined}>
      <td className="file-select">
        {ready ? (
          <input type="checkbox" name="project" value={row.id} form={EXPORT_FORM_ID} aria-label={exchangeT('bulk.select', { name: row.name })} />
        ) : null}
      </td>
      <th scope="row" className="file-name">
        {ready ? <Link to={links.translate}>{row.name}</Link> : <span>{row.name}</span>}
        <FileStatus row={row} language={language} />
        {row.encoding ? <span className="file-status">{t('table.encoding', { name: row.encoding })}</span> : null}
        <SharedNote row={row} href={withBack(links.share)} language={language} />
        {row.carriedOver ? <CarriedOverNote carried={row.carriedOver} language={language} /> : null}
        {row.status === 'READY' && row.keptAsIs ? <KeptNote kept={row.keptAsIs} language={language} /> : null}
        {row.earlierVersion ? (
          <Link
            to={back ? `${links.earlierVersion}?${new URLSearchParams({ back })}` : links.earlierVersion}
            className="file-status"
            aria-label={t('earlierVersion.linkNamed', { name: row.name })}
          >
            {t('earlierVersion.link')}
          </Link>
        ) : null}
        {ready && bands ? <AnalysisBands bands={bands} language={language} /> : null}
        {ready && row.warnings ? (
          <Link
            to={`${links.translate}/qa`}
            className="file-warnings"
            aria-label={`${row.name}: ${qaT('files.warnings', { count: row.warnings, formatted: formatNumber(row.warnings, language) })}`}
          >
            {qaT('files.warnings', { count: row.warnings, formatted: formatNumber(row.warnings, language) })}
          </Link>
        ) : null}
      </th>
      <td>{direction(row.sourceLang, row.targetLang)}</td>
      <td className="number">{ready ? formatNumber(row.segmentCount, language) : '—'}</td>
      <td className="number">{ready ? formatNumber(row.wordCount, language) : '—'}</td>
      <td className="number">
        {row.translatedPercent >= 0 ? formatPercent(row.translatedPercent, language) : '—'}
        {/* Issue 52 point 5: revision progress, a link to the file's revision report. */}
        {ready && row.revisedPercent ? (
          <Link to={`${links.translate}/revision`} className="file-revised" aria-label={t('table.revisedNamed', { name: row.name, percent: formatPercent(row.revisedPercent, language) })}>
            {t('table.revised', { percent: formatPercent(row.revisedPercent, language) })}
          </Link>
        ) : null}
      </td>
      <td className="file-added">
        <time dateTime={row.createdAt}>{row.added ?? formatDate(new Date(row.createdAt), language)}</time>
      </td>
      {/* A flex box inside the cell, not the cell itself: a flex cell loses the table row's border (issue 19). */}
      <td>
        <div className="file-actions">
          {ready ? (
            <>
              <Link to={links.translate} className="file-action-primary">
                {t('actions.translate')}
              </Link>
              <a href={links.translated} download>
                {t('actions.downloadTranslated')}
              </a>
            </>
          ) : null}
          {/* Issue 51: the less used actions in the row's menu — a <details>, so it opens without JavaScript too. */}
          <details className="row-menu">
            <summary aria-label={t('actions.moreNamed', { name: row.name })}>{t('actions.more')}</summary>
            <div className="row-menu-body">
              {ready ? (
                <a href={links.original} download>
                  {t('actions.downloadOriginal')}
                </a>
              ) : null}
              {owned ? (
                <Link to={withBack(links.share)} aria-label={t('share.linkNamed', { name: row.name })}>
                  {t('share.link')}
                </Link>
              ) : null}
              {owned ? (
                <Link to={withBack(links.rename)} aria-label={t('rename.linkNamed', { name: row.name })}>
                  {t('rename.link')}
                </Link>
              ) : null}
              {ready && owned ? (
                <Link
                  to={back ? `${links.newVersion}?${new URLSearchParams({ back })}` : links.newVersion}
                  aria-label={t('newVersion.linkNamed', { name: row.name })}
                >
                  {t('newVersion.link')}
                </Link>
              ) : null}
              {owned ? (
                <Link
                  to={withBack(links.remove)}
                  className="danger-link"
                  aria-label={t('actions.deleteNamed', { name: row.name })}
                  onClick={(event) => {
                    event.preventDefault()
                    event.currentTarget.closest('details')?.removeAttribute('open')
                    onDelete(row)
                  }}
                >
                  {t('actions.delete')}
                </Link>
              ) : null}
            </div>
          </details>
        </div>
      </td>
    </tr>
  )
}

/** Issue 52: a file shared with the user names its owner and the user's role; the user's own shared file, how many share it. */
function SharedNote({ row, href, language }: { row: FileRow; href: string; language: string }) {
  const { t } = useTranslation('files')
  if (row.ownerName && row.role && row.role !== 'owner') {
    return <span className="file-status file-shared">{t('share.sharedBy', { name: row.ownerName, role: t(`share.roles.${row.role}`) })}</span>
  }
  if (!row.memberCount) return null
  return (
    <Link to={href} className="file-status file-shared">
      {t('share.sharedWith', { count: row.memberCount, formatted: formatNumber(row.memberCount, language) })}
    </Link>
  )
}

/** Issue 50: what a new version took over from the earlier one, and what it could not, said once in its row. */
function CarriedOverNote({ carried, language }: { carried: CarriedOver; language: string }) {
  const { t } = useTranslation('files')
  const list = (parts: [string, number][]) =>
    parts
      .filter(([, count]) => count > 0)
      .map(([key, count]) => t(`newVersion.${key}`, { count, formatted: formatNumber(count, language) }))
      .join(', ')
  const took = list([
    ['confirmed', carried.confirmed],
    ['drafts', carried.drafts],
    ['comments', carried.comments],
  ])
  const left = list([
    ['translations', carried.leftTranslations],
    ['comments', carried.leftComments],
  ])
  return (
    <span className="file-status">
      {took ? t('newVersion.carried', { items: took }) : t('newVersion.nothingCarried')}
      {left ? ` ${t('newVersion.left', { items: left })}` : null}
    </span>
  )
}

function FileStatus({ row, language }: { row: FileRow; language: string }) {
  const { t } = useTranslation(['files', 'common'])
  const reason = brokenReason(row)
  if (reason) {
    // SPEC §8: "Error while loading the file: " and the reason, then the broken-file message with its quick delete.
    return (
      <span className="file-status file-status-error">
        {t('files:status.loadError', { reason: t(reason) })} {t('files:status.brokenDelete')}
      </span>
    )
  }
  if (row.status === 'WAITING') return <span className="file-status">{t('files:status.converting')}</span>
  if (row.analysisStatus === 'DONE') return null
  if (row.analysisStatus === 'PRETRANSLATING') {
    return (
      <span className="file-status">
        <label>
          {t('files:status.pretranslating', {
            done: formatNumber(row.pretranslated ?? 0, language),
            total: formatNumber(row.segmentCount, language),
          })}
          <progress max={Math.max(1, row.segmentCount)} value={row.pretranslated ?? 0} />
          {row.progress ? <span className="progress-note">{row.progress}</span> : null}
        </label>
      </span>
    )
  }
  return (
    <span className="file-status">
      <label>
        {t('files:status.analysing', { done: formatNumber(row.segmentsAnalyzed, language), total: formatNumber(row.segmentCount, language) })}
        <progress max={Math.max(1, row.segmentCount)} value={row.segmentsAnalyzed} />
        {row.progress ? <span className="progress-note">{row.progress}</span> : null}
      </label>
    </span>
  )
}

/** SPEC §2/§9 pager: Back, at most 10 page buttons, Next; only when there is more than one page. */
export function Pager({ page, pages, href = (to) => `/?page=${to}` }: { page: number; pages: number; href?: (page: number) => string }) {
  const { t } = useTranslation('files')
  if (pages <= 1) return null
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      {page > 1 ? <Link to={href(page - 1)}>{t('pager.back')}</Link> : <span aria-disabled="true">{t('pager.back')}</span>}
      <ul>
        {pageWindow(page, pages).map((number) => (
          <li key={number}>
            <Link to={href(number)} aria-current={number === page ? 'page' : undefined} aria-label={t('pager.page', { number })}>
              {number}
            </Link>
          </li>
        ))}
      </ul>
      {page < pages ? <Link to={href(page + 1)}>{t('pager.next')}</Link> : <span aria-disabled="true">{t('pager.next')}</span>}
    </nav>
  )
}

export function DeleteForm({ id, password, back = '' }: { id: number; password: string; back?: string }) {
  const { t } = useTranslation('files')
  return (
    <Form method="post" action={`/files/${id}/${password}/delete`}>
      <input type="hidden" name="back" value={back} />
      <button type="submit" className="button-danger">
        {t('actions.confirmDelete')}
      </button>
    </Form>
  )
}
