/**
 * Issue 52 point 4: revision by a second linguist (ISO 17100). A reviewer approves a translated segment (REVISED) or
 * sends it back (REJECTED), edits it with the edits shown against the translator's text, and marks issues from
 * Matecat's and MQM's categories with a severity and a comment; the translator answers them. Pure: the page, the server
 * and the API share it.
 */
export const ISSUE_CATEGORIES = ['accuracy', 'fluency', 'terminology', 'style', 'locale', 'markup'] as const
export type IssueCategory = (typeof ISSUE_CATEGORIES)[number]

export const ISSUE_SEVERITIES = ['minor', 'major', 'critical'] as const
export type IssueSeverity = (typeof ISSUE_SEVERITIES)[number]

export type Revision = 'REVISED' | 'REJECTED'
export const REVISION_DECISIONS = ['approve', 'reject'] as const
export type RevisionDecision = (typeof REVISION_DECISIONS)[number]

/** The longest comment of an issue, and of an answer. */
export const ISSUE_TEXT_MAX = 2_000

export interface NewIssue {
  category: IssueCategory
  severity: IssueSeverity
  comment: string
}

export interface RevisionIssue extends NewIssue {
  id: number
  segmentId: number
  createdBy: string | null
  createdAt: Date
  answer: string | null
  answeredBy: string | null
}

export function isIssueCategory(value: unknown): value is IssueCategory {
  return (ISSUE_CATEGORIES as readonly unknown[]).includes(value)
}

export function isIssueSeverity(value: unknown): value is IssueSeverity {
  return (ISSUE_SEVERITIES as readonly unknown[]).includes(value)
}

/** Who may revise a file: its owner (who may also translate it) and the colleagues it is shared with as reviewers. */
export function mayRevise(role: string): boolean {
  return role === 'owner' || role === 'reviewer'
}

/**
 * Whether the translator page revises: a reviewer's always does (a reviewer revises, never translates), the owner's
 * when its address asks (`mode=revise`), a translator's never.
 */
export function revisesIn(role: string, asked: boolean): boolean {
  return role === 'reviewer' || (role === 'owner' && asked)
}

/** The status a row shows: a decision on a translation, or the translation's own status. */
export function shownStatus(segment: { status: string; revision?: Revision | null; target?: string | null }): string {
  return segment.revision && segment.target ? segment.revision : segment.status
}
