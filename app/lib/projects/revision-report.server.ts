import type { TFunction } from 'i18next'
import { db } from '../db/db.server'
import { parse, plainText } from '../tags'
import { delimitedField } from '../terms/delimited'
import type { ProjectSummary } from './projects.server'
import { ISSUE_CATEGORIES, ISSUE_SEVERITIES, type IssueCategory, type IssueSeverity } from './revision'

/**
 * Issue 52 point 5: a file's revision report, as Matecat's quality report and the MQM scorecard have it — the words
 * revised, the issues by category and severity, penalty points per 1,000 words revised against a pass threshold (the
 * project's setting), and how much the reviewer changed the translations (edit distance, measured at each decision).
 * Read for the page, its CSV and the API's files/revision-report.
 */

/** Penalty points a severity costs (MQM's and TAUS DQF's usual weights). */
export const SEVERITY_POINTS: Record<IssueSeverity, number> = { minor: 1, major: 5, critical: 10 }

/** The pass threshold when the project sets none: points per 1,000 words revised. */
export const DEFAULT_THRESHOLD = 15
export const THRESHOLD_MAX = 1_000

/** How many issues the page lists (the CSV and the API give every one). */
export const REPORT_ISSUES_SHOWN = 500

export interface ReportIssue {
  id: number
  segmentId: number
  number: number
  source: string
  translation: string
  category: IssueCategory
  severity: IssueSeverity
  comment: string
  reviewer: string | null
  createdAt: Date
  answer: string | null
}

export interface RevisionReport {
  wordsTotal: number
  wordsRevised: number
  segments: { revised: number; rejected: number; unrevised: number; untranslated: number }
  /** Issues by category, then severity. */
  issues: Record<IssueCategory, Record<IssueSeverity, number>>
  issueCount: number
  points: number
  /** Points per 1,000 words revised (0 when nothing was revised), one decimal. */
  score: number
  threshold: number
  passed: boolean
  /** Characters the reviewers changed, and their share of the translators' characters in the revised segments. */
  editDistance: { characters: number; percent: number }
  reviewers: string[]
  list: ReportIssue[]
}

/** The report of a project the caller may read; `listed`: how many issues to list (every one when undefined). */
export async function revisionReport(project: ProjectSummary, listed?: number): Promise<RevisionReport> {
  const [[counts], byKind, reviewers, list] = await Promise.all([
    db().query<{ revised: number; rejected: number; unrevised: number; untranslated: number; wordsRevised: number; distance: number; base: number }>(
      `select count(*) filter (where revision = 'REVISED')::int as revised,
              count(*) filter (where revision = 'REJECTED')::int as rejected,
              count(*) filter (where revision is null and status = 'TRANSLATED')::int as unrevised,
              count(*) filter (where revision is null and status <> 'TRANSLATED')::int as untranslated,
              coalesce(sum(word_count) filter (where revision is not null), 0)::int as "wordsRevised",
              coalesce(sum(revision_distance) filter (where revision is not null), 0)::int as distance,
              coalesce(sum(length(revision_base)) filter (where revision is not null), 0)::int as base
         from segments where project_id = $1`,
      [project.id],
    ),
    db().query<{ category: IssueCategory; severity: IssueSeverity; count: number }>(
      'select category, severity, count(*)::int as count from revision_issues where project_id = $1 group by category, severity',
      [project.id],
    ),
    db().query<{ name: string }>(
      `select distinct u.name from segments s join users u on u.id = s.revised_by where s.project_id = $1 and s.revision is not null order by u.name`,
      [project.id],
    ),
    db().query<ReportIssue>(
      `select i.id, i.segment_id as "segmentId",
              (s.id - (select f.id from segments f where f.project_id = $1 order by f.position limit 1) + 1)::int as number,
              s.source, coalesce(s.target, '') as translation, i.category, i.severity, i.comment,
              (select u.name from users u where u.id = i.created_by) as reviewer, i.created_at as "createdAt", i.answer
         from revision_issues i join segments s on s.id = i.segment_id and s.project_id = i.project_id
        where i.project_id = $1
        order by s.position, i.id
        limit $2`,
      [project.id, listed ?? 2_147_483_647],
    ),
  ])
  const issues = Object.fromEntries(ISSUE_CATEGORIES.map((category) => [category, Object.fromEntries(ISSUE_SEVERITIES.map((severity) => [severity, 0]))])) as RevisionReport['issues']
  for (const row of byKind) issues[row.category][row.severity] = row.count
  const issueCount = byKind.reduce((sum, row) => sum + row.count, 0)
  const points = byKind.reduce((sum, row) => sum + row.count * SEVERITY_POINTS[row.severity], 0)
  const wordsRevised = counts!.wordsRevised
  const score = wordsRevised > 0 ? Math.round((points * 10_000) / wordsRevised) / 10 : 0
  const threshold = project.revisionThreshold ?? DEFAULT_THRESHOLD
  return {
    wordsTotal: project.wordCount,
    wordsRevised,
    segments: { revised: counts!.revised, rejected: counts!.rejected, unrevised: counts!.unrevised, untranslated: counts!.untranslated },
    issues,
    issueCount,
    points,
    score,
    threshold,
    passed: score <= threshold,
    editDistance: { characters: counts!.distance, percent: counts!.base > 0 ? Math.round((counts!.distance * 1000) / counts!.base) / 10 : 0 },
    reviewers: reviewers.map((row) => row.name),
    list,
  }
}

/** Sets the project's pass threshold (the owner's, checked by the caller); null: back to the default. */
export async function setRevisionThreshold(projectId: number, threshold: number | null): Promise<void> {
  await db().query('update projects set revision_threshold = $2 where id = $1', [projectId, threshold])
}

/**
 * The report as CSV in the interface language: the summary's figures first, then one line per issue (segment, source,
 * translation as it is now, category, severity, comment, reviewer, the translator's answer).
 */
export function revisionCsv(report: RevisionReport, t: TFunction): string {
  const line = (fields: (string | number)[]) => `${fields.map((field) => delimitedField(String(field), ',')).join(',')}\r\n`
  const summary: [string, string | number][] = [
    [t('revisionReport.wordsRevised'), report.wordsRevised],
    [t('revisionReport.wordsTotal'), report.wordsTotal],
    [t('revisionReport.issueCount'), report.issueCount],
    [t('revisionReport.points'), report.points],
    [t('revisionReport.score'), report.score],
    [t('revisionReport.threshold'), report.threshold],
    [t('revisionReport.result'), t(report.passed ? 'revisionReport.passed' : 'revisionReport.failed')],
    [t('revisionReport.editDistance'), report.editDistance.characters],
  ]
  return (
    '\uFEFF' +
    summary.map(line).join('') +
    '\r\n' +
    line([
      t('revisionReport.segment'),
      t('revisionReport.source'),
      t('revisionReport.translation'),
      t('revise.category'),
      t('revise.severity'),
      t('revise.comment'),
      t('revisionReport.reviewer'),
      t('revisionReport.answer'),
    ]) +
    report.list
      .map((issue) =>
        line([
          issue.number,
          plainText(parse(issue.source)),
          plainText(parse(issue.translation)),
          t(`revise.categories.${issue.category}`),
          t(`revise.severities.${issue.severity}`),
          issue.comment,
          issue.reviewer ?? '',
          issue.answer ?? '',
        ]),
      )
      .join('')
  )
}
