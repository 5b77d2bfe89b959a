/** Issue 52: the roles a file is shared in (migration 43's check), for pages and the server alike. */
export type MemberRole = 'translator' | 'reviewer'
export const MEMBER_ROLES: readonly MemberRole[] = ['translator', 'reviewer']

export function isMemberRole(value: unknown): value is MemberRole {
  return MEMBER_ROLES.includes(value as MemberRole)
}
