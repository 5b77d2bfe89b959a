import { db } from '../db/db.server'

/**
 * Issue 52 point 2: who is on which segment of a shared file (migration 45). Each translator page of a shared file
 * notes its user's active segment; the page shows the colleagues seen on a segment of its window in the last
 * PRESENT_SECONDS. Nothing is locked: a note only ages out. The note is also where the member opens the file again.
 */
export const PRESENT_SECONDS = 120

/** Notes the user on the segment (a write only when the segment changed, or the note is half its age). */
export async function notePresence(projectId: number, userId: number, segmentId: number): Promise<void> {
  await db().query(
    `insert into segment_presence as p (project_id, user_id, segment_id) values ($1, $2, $3)
     on conflict (project_id, user_id) do update set segment_id = excluded.segment_id, seen_at = now()
      where p.segment_id <> excluded.segment_id or p.seen_at < now() - make_interval(secs => $4)`,
    [projectId, userId, segmentId, PRESENT_SECONDS / 2],
  )
}

/** The colleagues seen on the file lately, by segment: their names. */
export async function colleaguesPresent(projectId: number, userId: number): Promise<Map<number, string[]>> {
  const rows = await db().query<{ segmentId: number; name: string }>(
    `select p.segment_id as "segmentId", u.name from segment_presence p join users u on u.id = p.user_id
      where p.project_id = $1 and p.user_id <> $2 and p.seen_at > now() - make_interval(secs => $3)
      order by u.name`,
    [projectId, userId, PRESENT_SECONDS],
  )
  const present = new Map<number, string[]>()
  for (const row of rows) present.set(row.segmentId, [...(present.get(row.segmentId) ?? []), row.name])
  return present
}

/** Where the user was last in the file (their own place, not the job's). */
export async function lastPlaceOf(projectId: number, userId: number): Promise<number | undefined> {
  const [row] = await db().query<{ segmentId: number }>('select segment_id as "segmentId" from segment_presence where project_id = $1 and user_id = $2', [
    projectId,
    userId,
  ])
  return row?.segmentId
}
