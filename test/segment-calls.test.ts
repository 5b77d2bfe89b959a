import { beforeAll, describe, expect, it } from 'vitest'
import { createSession } from '~/lib/auth/session.server'
import { createUser } from '~/lib/auth/users.server'
import type { ProjectSummary } from '~/lib/projects/projects.server'
import { action as setActive } from '~/routes/segments.set-active'
import { action as setEditTime } from '~/routes/segments.set-edit-time'
import { withTestDatabase } from './database'
import { readyProject } from './ready-project'
import { BASE, context } from './remix'

/** Issue 16 (SPEC §7): segments/set-active and segments/set-edit-time as JSON calls. */
const database = withTestDatabase()
let cookie: string
let strangerCookie: string
let project: ProjectSummary
let ids: number[]

beforeAll(async () => {
  const owner = await createUser({ email: 'segmenti@example.lv', name: 'Segmentu Tests', password: 'a long enough password' })
  const other = await createUser({ email: 'cits-segm@example.lv', name: 'Cits', password: 'a long enough password' })
  if (!owner.ok || !other.ok) throw new Error('no user')
  cookie = (await createSession(owner.user.id, new Request(BASE))).split(';')[0]!
  strangerCookie = (await createSession(other.user.id, new Request(BASE))).split(';')[0]!
  ;({ project, ids } = await readyProject(owner.user.id, 'segmenti.txt', 'One.\n\nTwo.\n\nThree.\n'))
})

async function call(action: typeof setActive, form: Record<string, string>, who = cookie) {
  const answer = await action({ request: new Request(`${BASE}/segments/x`, { method: 'POST', body: new URLSearchParams(form), headers: { Cookie: who } }), params: {}, context })
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> }
}

const job = async () =>
  (await database.current().query<{ last: number; time: number }>('select last_segment_id as last, editing_time as time from jobs where project_id = $1', [project.id]))[0]!

describe('segments/set-active and segments/set-edit-time', () => {
  it('remember the active segment and set the editing time of the caller’s job', async () => {
    expect(await call(setActive, { segmentId: String(ids[2]) })).toEqual({ status: 200, body: { projectId: project.id, lastSegmentId: ids[2] } })
    expect((await job()).last).toBe(ids[2])
    expect(await call(setEditTime, { projectId: String(project.id), editingTime: '125' })).toEqual({ status: 200, body: { projectId: project.id, editingTime: 125 } })
    expect((await job()).time).toBe(125)
  })

  it('refuse a bad time, and another user’s segment or project, changing nothing', async () => {
    for (const editingTime of ['-1', '1.5', 'soon', '']) {
      expect((await call(setEditTime, { projectId: String(project.id), editingTime })).status).toBe(400)
    }
    expect((await call(setEditTime, { projectId: String(project.id), editingTime: '9' }, strangerCookie)).status).toBe(404)
    expect((await call(setActive, { segmentId: String(ids[0]) }, strangerCookie)).status).toBe(404)
    expect((await call(setActive, { segmentId: 'x' })).status).toBe(404)
    expect(await job()).toEqual({ last: ids[2], time: 125 })
  })
})
