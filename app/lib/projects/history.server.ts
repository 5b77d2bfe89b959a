import { db } from '../db/db.server'
import type { SegmentStatus } from './segment-rules'
import type { EditHow } from './segments.server'

/**
 * Issue 52 point 3: a segment's history (migration 46's trigger keeps every change of its translation or status). Read
 * for the translator's History tab and the API's segments/history; a version is restored as a draft (restore).
 */
export interface HistoryEntry {
  id: number
  version: number
  target: string | null
  status: SegmentStatus
  saveType: string | null
  saveMatch: number | null
  /** Whose save it was; null for a pretranslation or a new version's carry-over. */
  editedBy: string | null
  how: EditHow
  at: Date
}

/** How many versions a history shows (the newest). */
export const HISTORY_SHOWN = 100

/** The segment's versions, newest first (the segment of a project the caller has checked). */
export function segmentHistory(projectId: number, segmentId: number, limit = HISTORY_SHOWN): Promise<HistoryEntry[]> {
  return db().query<HistoryEntry>(
    `select h.id, h.version, h.target, h.status, h.save_type as "saveType", h.save_match as "saveMatch",
            (select u.name from users u where u.id = h.edited_by) as "editedBy", h.how, h.at
       from segment_history h
      where h.project_id = $1 and h.segment_id = $2
      order by h.id desc limit $3`,
    [projectId, segmentId, limit],
  )
}

/** One version of the segment's history, when it is this project's segment's. */
export async function historyEntry(projectId: number, segmentId: number, historyId: number): Promise<HistoryEntry | undefined> {
  const [entry] = await db().query<HistoryEntry>(
    `select h.id, h.version, h.target, h.status, h.save_type as "saveType", h.save_match as "saveMatch", null as "editedBy", h.how, h.at
       from segment_history h where h.project_id = $1 and h.segment_id = $2 and h.id = $3`,
    [projectId, segmentId, historyId],
  )
  return entry
}
