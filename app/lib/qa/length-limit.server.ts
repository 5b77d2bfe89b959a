import type { Queryable } from '../db/database.server'
import type { LengthLimit } from './length-limit'

/**
 * Issue 58 point 6: the length limit of each segment — its unit's from the file (with the unit's other translations,
 * counted with it), else the project's for the segment alone. Segments without any limit are left out.
 */
export async function lengthLimits(using: Queryable, projectId: number, segmentIds: readonly number[]): Promise<Map<number, LengthLimit>> {
  if (segmentIds.length === 0) return new Map()
  const rows = await using.query<{ id: number; max: number | null; line: number | null; before: string; after: string }>(
    `select s.id, coalesce(u.max_length, p.max_length) as max, u.line_length as line,
            case when u.max_length is null and u.line_length is null then ''
                 else coalesce((select string_agg(o.target, ' ' order by o.position) from segments o
                                 where o.unit_id = s.unit_id and o.position < s.position and o.target <> ''), '') end as before,
            case when u.max_length is null and u.line_length is null then ''
                 else coalesce((select string_agg(o.target, ' ' order by o.position) from segments o
                                 where o.unit_id = s.unit_id and o.position > s.position and o.target <> ''), '') end as after
       from segments s join units u on u.id = s.unit_id join projects p on p.id = s.project_id
      where s.project_id = $1 and s.id = any($2::integer[])
        and (u.max_length is not null or u.line_length is not null or p.max_length is not null)`,
    [projectId, segmentIds],
  )
  return new Map(rows.map(({ id, ...limit }) => [id, limit]))
}
