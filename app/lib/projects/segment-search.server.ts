import { containsPattern } from '../db/contains-pattern'
import type { SegmentFilter } from './segment-filter'

/**
 * SPEC §2 "Search": source and translation boxes and a comments scope. Each present term must occur in its
 * scope (case-insensitive, tags not counted); an empty search matches every segment.
 */
export interface SegmentSearch {
  source?: string
  target?: string
  comments?: string
  /** Issue 58: only segments of a status, with comments, with QA warnings, or repeated in the file. */
  filter?: SegmentFilter
}

export function isSearchActive(search: SegmentSearch | undefined): search is SegmentSearch {
  return Boolean(search?.source || search?.target || search?.comments || search?.filter)
}

/** Issue 52 point 4: what a reviewer revises next: a confirmed translation without a decision. */
export const UNREVISED = `s.status = 'TRANSLATED' and s.revision is null`

/**
 * Issue 58's filters as conditions on alias s. Warnings are the ones the QA check stored (segments_qa_idx); a
 * repetition is a segment whose source, tags included, another segment of the file has (segments_source_md5_idx).
 */
export const FILTER_CONDITIONS: Record<SegmentFilter, string> = {
  unconfirmed: `s.status <> 'TRANSLATED'`,
  draft: `s.status = 'DRAFT'`,
  confirmed: `s.status = 'TRANSLATED'`,
  comments: 'exists (select 1 from comments c where c.segment_id = s.id)',
  unrevised: UNREVISED,
  revised: `s.revision = 'REVISED'`,
  rejected: `s.revision = 'REJECTED'`,
  warnings: `s.qa is not null and s.qa <> '[]'::jsonb`,
  repetitions: `exists (select 1 from segments o where o.project_id = s.project_id and md5(o.source) = md5(s.source) and o.source = s.source
                  and o.id <> s.id)`,
}

/** SQL conditions (on alias s) and their parameters, numbered from `first`. */
export function searchConditions(search: SegmentSearch | undefined, first: number): { sql: string; params: string[] } {
  const conditions: string[] = []
  const params: string[] = []
  const like = (term: string) => {
    params.push(containsPattern(term))
    return `$${first + params.length - 1}`
  }
  if (search?.source) conditions.push(`s.source_plain ilike ${like(search.source)}`)
  if (search?.target) conditions.push(`regexp_replace(coalesce(s.target, ''), '<[^>]*>', '', 'g') ilike ${like(search.target)}`)
  if (search?.comments) conditions.push(`exists (select 1 from comments c where c.segment_id = s.id and c.message ilike ${like(search.comments)})`)
  if (search?.filter) conditions.push(FILTER_CONDITIONS[search.filter])
  return { sql: conditions.map((condition) => ` and ${condition}`).join(''), params }
}
