import { db } from '../db/db.server'
import { normaliseEmail } from '../auth/users.server'
import type { ProjectSummary } from './projects.server'
import type { MemberRole } from './roles'

/**
 * Issue 52 point 1: a file shared with colleagues (migration 43). The owner shares it with another account, named by
 * its email, as translator or reviewer, and can remove that access; a member sees the file in their own list and works
 * in it with the owner's memories and glossaries (the file's), and nobody else sees anything of it.
 */

export interface ProjectMember {
  userId: number
  name: string
  email: string
  role: MemberRole
  addedAt: Date
}

export type ShareOutcome = { ok: true; member: ProjectMember } | { ok: false; problem: SharingProblem }

/** Why a share is refused: no account has that email, or it is the owner's own. */
export type SharingProblem = 'no-account' | 'owner'

/** The file's members, in the order they were added. */
export function projectMembers(projectId: number): Promise<ProjectMember[]> {
  return db().query<ProjectMember>(
    `select u.id as "userId", u.name, u.email, m.role, m.added_at as "addedAt"
       from project_members m join users u on u.id = m.user_id
      where m.project_id = $1 order by m.added_at, u.id`,
    [projectId],
  )
}

/**
 * Shares each file with the account of that email in that role (a member already there takes the new role). One
 * statement for every file: all of them or none.
 */
export async function shareProjects(owner: { id: number }, projects: readonly Pick<ProjectSummary, 'id'>[], email: string, role: MemberRole): Promise<ShareOutcome> {
  const [account] = await db().query<{ id: number; name: string; email: string }>('select id, name, email from users where lower(email) = $1', [
    normaliseEmail(email),
  ])
  if (!account) return { ok: false, problem: 'no-account' }
  if (account.id === owner.id) return { ok: false, problem: 'owner' }
  const [added] = await db().query<{ addedAt: Date }>(
    `insert into project_members (project_id, user_id, role, added_by)
     select p.id, $2, $3, $4 from projects p where p.id = any($1::integer[]) and p.owner_id = $4 and p.deleted_at is null
     on conflict (project_id, user_id) do update set role = excluded.role
     returning added_at as "addedAt"`,
    [projects.map((project) => project.id), account.id, role, owner.id],
  )
  return { ok: true, member: { userId: account.id, name: account.name, email: account.email, role, addedAt: added?.addedAt ?? new Date() } }
}

/** Removes the account's access to the owner's file; false when it had none. */
export async function unshareProject(owner: { id: number }, project: Pick<ProjectSummary, 'id'>, userId: number): Promise<boolean> {
  const removed = await db().query(
    `delete from project_members m using projects p
      where m.project_id = $1 and m.user_id = $2 and p.id = m.project_id and p.owner_id = $3 returning m.user_id`,
    [project.id, userId, owner.id],
  )
  return removed.length > 0
}

/** The member named by email, for the API's unshare. */
export async function memberByEmail(projectId: number, email: string): Promise<ProjectMember | undefined> {
  return (await projectMembers(projectId)).find((member) => normaliseEmail(member.email) === normaliseEmail(email))
}
