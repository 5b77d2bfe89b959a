/**
 * What a segment's save reads before it writes (segments.server.ts saveSegment): the segment as stored, and the QA of
 * the new translation, which issue 53 finds before a save's transaction.
 */
import type { Queryable } from '../db/database.server'
import { db } from '../db/db.server'
import { projectLimit, type LengthLimit } from '../qa/length-limit'
import type { QaWarning } from '../qa/qa-kinds'
import { warningsOfSaved } from '../qa/segment-qa.server'
import { MAX_SEGMENT_CHARACTERS } from '../segmentation'
import type { SaveType, SegmentStatus } from './segment-rules'

/** A segment as saveSegment reads it before changing it. */
export interface StoredSegment {
  id: number
  projectId: number
  source: string
  target: string | null
  status: SegmentStatus
  saveType: SaveType | null
  saveMatch: number | null
  /** SPEC §2 number column (id − first id + 1). */
  number: number
  version: number
  /** The editor page and step of the last stamped write (issue 50), and the version it made (issue 52). */
  editWriter: string | null
  editSeq: number | null
  editVersion: number | null
  /** Issue 52: the name of the account whose save made the segment as it is. */
  editedBy: string | null
  /** Issue 58: the sources before and after it in the file (a confirm's memory unit keeps them as its context). */
  previousSource: string | null
  nextSource: string | null
  /** Issue 58: whether its unit has a length limit from the file, and the project's own limit. */
  unitLimited: boolean
  projectMaxLength: number | null
  /** Issue 58: whether another segment of the file has the same source (a confirm fills such repetitions). */
  repeated: boolean
  /** The project, for the QA of the new translation (issue 17). */
  ownerId: number
  sourceLang: string
  targetLang: string
}

/** The segment as a save reads it (`lock`: for update, in the save's transaction); undefined when not the project's. */
export async function storedForSave(using: Queryable, projectId: number, segmentId: number, lock: boolean): Promise<StoredSegment | undefined> {
  const [stored] = await using.query<StoredSegment>(
    `select s.id, s.project_id as "projectId", s.source, s.target, s.status, s.save_type as "saveType", s.save_match as "saveMatch",
            s.id - (select f.id from segments f where f.project_id = $1 order by f.position limit 1) + 1 as number,
            s.version, s.edit_writer as "editWriter", s.edit_seq as "editSeq", s.edit_version as "editVersion",
            (select e.name from users e where e.id = s.edited_by) as "editedBy",
            (select b.source from segments b where b.project_id = $1 and b.position < s.position
              order by b.position desc limit 1) as "previousSource",
            (select a.source from segments a where a.project_id = $1 and a.position > s.position order by a.position limit 1) as "nextSource",
            (u.max_length is not null or u.line_length is not null) as "unitLimited", p.max_length as "projectMaxLength",
            exists (select 1 from segments o
                     where o.project_id = $1 and md5(o.source) = md5(s.source) and o.source = s.source and o.id <> s.id) as repeated,
            p.owner_id as "ownerId", p.source_lang as "sourceLang", p.target_lang as "targetLang"
       from segments s join projects p on p.id = s.project_id join units u on u.id = s.unit_id
      where s.project_id = $1 and s.id = $2${lock ? ' for update of s' : ''}`,
    [projectId, segmentId],
  )
  return stored
}

/** A save's QA found before its transaction, with the segment and the translation it was found from. */
export interface EarlyQa {
  stored: StoredSegment
  target: string
  qa: QaWarning[] | null
}

export async function earlyQa(projectId: number, segmentId: number, target: string): Promise<EarlyQa | undefined> {
  const stored = await storedForSave(db(), projectId, segmentId, false)
  if (!stored || stored.source.length > MAX_SEGMENT_CHARACTERS) return undefined
  return { stored, target, qa: await qaOfSave(db(), projectId, stored, target) }
}

/** Whether the segment read under the lock would be checked as it was: the same source, translation and limits. */
export function sameQaInput(early: EarlyQa, stored: StoredSegment, target: string): boolean {
  const before = early.stored
  const sameLimits = before.unitLimited === stored.unitLimited && before.projectMaxLength === stored.projectMaxLength
  return before.source === stored.source && early.target === target && sameLimits
}

/** Issue 17: the new translation's QA, written with it (null, "not checked", when the check could not run). */
export function qaOfSave(using: Queryable, projectId: number, stored: StoredSegment, target: string): Promise<QaWarning[] | null> {
  return warningsOfSaved({ ...stored, id: projectId }, { id: stored.id, source: stored.source, target }, using, knownLimit(stored))
}

/** Issue 58: the segment's length limit when its read tells it (none, or the project's alone); undefined: read it. */
function knownLimit(stored: StoredSegment): LengthLimit | null | undefined {
  if (stored.unitLimited) return undefined
  return stored.projectMaxLength === null ? null : projectLimit(stored.projectMaxLength)
}
