import type { TFunction } from 'i18next'
import { db } from '../db/db.server'
import { delimitedField } from '../terms/delimited'
import { parse, plainText } from '../tags'
import { checkOf, isQaCheck, type QaCheck, type QaWarning } from './qa-kinds'
import { segmentWarnings, uncheckedCount } from './segment-qa.server'

/** Issue 17, point 5: the project's warnings, one row per warning, in document order. */
export interface ReportRow extends QaWarning {
  segmentId: number
  /** SPEC §2's segment number (id − first id + 1; a split segment's parts share their origin's). */
  number: number
  source: string
  target: string
  key: string
  ignored: boolean
}

/** Rows a report page shows. */
export const REPORT_PAGE = 100

export interface ReportFilter {
  check?: QaCheck
  withIgnored: boolean
}

/** The report's filter from its address (`check`, `ignored=1`): the page and its CSV read the same one. */
export function readReportFilter(params: URLSearchParams): ReportFilter {
  const check = params.get('check') ?? ''
  return { check: isQaCheck(check) ? check : undefined, withIgnored: params.get('ignored') === '1' }
}

export async function qaReport(projectId: number, filter: ReportFilter): Promise<{ rows: ReportRow[]; unchecked: number }> {
  const [warnings, unchecked] = await Promise.all([segmentWarnings(projectId), uncheckedCount(projectId)])
  const ids = [...warnings.keys()]
  const segments = await db().query<{ id: number; number: number; source: string; target: string }>(
    `select s.id, coalesce(s.origin_id, s.id) - (select f.id from segments f where f.project_id = $1 order by f.position limit 1) + 1 as number,
            s.source, s.target
       from segments s where s.project_id = $1 and s.id = any($2::integer[]) order by s.position`,
    [projectId, ids],
  )
  const rows = segments.flatMap((segment) =>
    (warnings.get(segment.id) ?? [])
      .filter((warning) => (filter.withIgnored || !warning.ignored) && (!filter.check || checkOf(warning.code) === filter.check))
      .map((warning) => ({ ...warning, segmentId: segment.id, number: segment.number, source: segment.source, target: segment.target })),
  )
  return { rows, unchecked }
}

/** The report as CSV (comma, CRLF, a BOM so spreadsheet programs read it as UTF-8): the text of each side, tags left out. */
export function reportCsv(rows: ReportRow[], t: TFunction): string {
  const line = (fields: string[]) => `${fields.map((field) => delimitedField(field, ',')).join(',')}\r\n`
  return (
    '\uFEFF' +
    line([t('report.segment'), t('report.checkColumn'), t('report.warning'), t('report.source'), t('report.target'), t('report.ignoredColumn')]) +
    rows
      .map((row) =>
        line([
          String(row.number),
          t(`check.${checkOf(row.code)}`),
          t(`code.${row.code}`, { detail: row.detail ?? '' }),
          plainText(parse(row.source)),
          plainText(parse(row.target)),
          row.ignored ? t('report.ignored') : '',
        ]),
      )
      .join('')
  )
}
