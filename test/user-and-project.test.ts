import { beforeAll, describe, expect, it } from 'vitest'
import { createAccessToken } from '~/lib/auth/access-tokens.server'
import { createSession } from '~/lib/auth/session.server'
import { createUser } from '~/lib/auth/users.server'
import { requireProject, requireUserAndProject, type ProjectSummary } from '~/lib/projects/projects.server'
import { withTestDatabase } from './database'
import { readyProject } from './ready-project'
import { context, get, settle } from './remix'

/**
 * Issue 53: the translator's routes read the project beside the session, in the same round of statements. What that
 * read finds is used only for the user the session check signs in; anyone else still gets the 404, and a signed-out
 * visitor the sign-in page.
 */
const database = withTestDatabase()
const ids: Record<'owner' | 'member' | 'stranger', number> = { owner: 0, member: 0, stranger: 0 }
const cookies: Record<keyof typeof ids, string> = { owner: '', member: '', stranger: '' }
let project: ProjectSummary

beforeAll(async () => {
  for (const who of ['owner', 'member', 'stranger'] as const) {
    const created = await createUser({ email: `${who}@example.lv`, name: who, password: 'a long password' })
    if (!created.ok) throw new Error('no user')
    ids[who] = created.user.id
    cookies[who] = (await createSession(created.user.id, get('/'))).split(';')[0]!
  }
  ;({ project } = await readyProject(ids.owner, 'both.txt', 'One sentence.\n\nAnother one.\n'))
  await database.current().query(`insert into project_members (project_id, user_id, role) values ($1, $2, 'reviewer')`, [project.id, ids.member])
})

const params = (password = project.password) => ({ projectId: String(project.id), password })
const page = (cookie: string, headers: Record<string, string> = {}) =>
  new Request(`http://localhost:3000/translate/${project.id}/${project.password}`, { headers: { Cookie: cookie, ...headers } })

describe('requireUserAndProject', () => {
  it('gives the owner and a member what requireUser and requireProject give, each with their role', async () => {
    for (const who of ['owner', 'member'] as const) {
      const { user, project: found } = await requireUserAndProject(page(cookies[who]), { requestScope: {} }, params())
      expect(user.id).toBe(ids[who])
      expect(found).toEqual(await requireProject(ids[who], params()))
      expect(found.role).toBe(who === 'owner' ? 'owner' : 'reviewer')
      expect(found).not.toHaveProperty('viewerId')
    }
  })

  it('answers 404 to a user who is not a member, and to a wrong password or id', async () => {
    expect((await settle(() => requireUserAndProject(page(cookies.stranger), context, params()))).status).toBe(404)
    expect((await settle(() => requireUserAndProject(page(cookies.owner), context, params('x'.repeat(16))))).status).toBe(404)
    expect((await settle(() => requireUserAndProject(page(cookies.owner), context, params('a\u0000b')))).status).toBe(404)
    const named = { projectId: 'nine', password: project.password }
    expect((await settle(() => requireUserAndProject(page(cookies.owner), context, named))).status).toBe(404)
  })

  it('sends a visitor without a session, or with an ended one, to sign in', async () => {
    expect((await settle(() => requireUserAndProject(page(''), context, params()))).status).toBe(302)
    // A member whose session has ended: the read beside the session finds no project for an ended session.
    const share = `insert into project_members (project_id, user_id, role) values ($1, $2, 'translator')`
    await database.current().query(share, [project.id, ids.stranger])
    await database.current().query(`update sessions set expires_at = now() where user_id = $1`, [ids.stranger])
    expect((await settle(() => requireUserAndProject(page(cookies.stranger), context, params()))).status).toBe(302)
    await database.current().query(`delete from project_members where user_id = $1`, [ids.stranger])
    await database.current().query(`update sessions set expires_at = now() + interval '1 day' where user_id = $1`, [ids.stranger])
    // A cookie no session has.
    const outcome = await settle(() => requireUserAndProject(page(`${cookies.owner}x`), context, params()))
    expect(outcome.status).toBe(302)
    expect(outcome.location).toContain('/sign-in')
  })

  it("does not take the project the cookie's user may see for a program's token of someone else", async () => {
    const token = await createAccessToken(ids.stranger, 'script')
    if (!token.ok) throw new Error('no token')
    // The owner's cookie finds the project beside the session; the token signs in the stranger, who gets the 404.
    const outcome = await settle(() => requireUserAndProject(page(cookies.owner, { Authorization: `Bearer ${token.token}` }), context, params()))
    expect(outcome.status).toBe(404)
    const member = await createAccessToken(ids.member, 'script')
    if (!member.ok) throw new Error('no token')
    const asMember = page(cookies.stranger, { Authorization: `Bearer ${member.token}` })
    const { user, project: found } = await requireUserAndProject(asMember, context, params())
    expect([user.id, found.role]).toEqual([ids.member, 'reviewer'])
  })
})
