import { beforeAll, describe, expect, it } from 'vitest'
import type { ProjectSummary } from '~/lib/projects/projects.server'
import { addComment } from '~/lib/projects/comments.server'
import { action as callAction } from '~/routes/$'
import { createMemory } from '~/lib/tm/memories.server'
import { signedInUser } from './accounts'
import { withTestDatabase } from './database'
import { readyProject } from './ready-project'
import { BASE, context } from './remix'

/** Issue 16 (SPEC §7): segments/set-active and segments/set-edit-time as JSON calls. */
const database = withTestDatabase()
let cookie: string
let strangerCookie: string
let project: ProjectSummary
let ids: number[]
let ownerId: number

beforeAll(async () => {
  const owner = await signedInUser('segmenti@example.lv', 'Segmentu Tests')
  ;({ cookie } = owner)
  ownerId = owner.user.id
  strangerCookie = (await signedInUser('cits-segm@example.lv')).cookie
  ;({ project, ids } = await readyProject(owner.user.id, 'segmenti.txt', 'One.\n\nTwo.\n\nThree.\n'))
})

const [segments, setActive, setEditTime, translate] = ['/segments', '/segments/set-active', '/segments/set-edit-time', '/segments/translate']

async function call(path: string, form: Record<string, string>, who = cookie) {
  const answer = await callAction({ request: new Request(`${BASE}${path}`, { method: 'POST', body: new URLSearchParams(form), headers: { Cookie: who } }), params: {}, context })
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

describe('segments', () => {
  const ids_ = () => ({ projectId: String(project.id), projectPassword: project.password })
  type Window = { fileId: number; hasBefore: boolean; hasAfter: boolean; segments: { id: number; original: string; translation: string; status: string; comments: { message: string }[] }[] }

  it('answers a window around a segment, the first ones without an anchor, and the matches of a search', async () => {
    await addComment(project, ids[1]!, { id: ownerId, name: 'Recenzents' }, 'Pārbaudīt skaitli.')
    const around = await call(segments, { ...ids_(), center: String(ids[1]), step: '1' })
    expect(around.status).toBe(200)
    const window = around.body as unknown as Window
    expect(window.fileId).toBe(project.id)
    expect(window.segments.map((segment) => segment.original)).toEqual(['One.', 'Two.', 'Three.'])
    expect(window.segments[0]).toMatchObject({ id: ids[0], translation: '', status: 'NEW' })
    expect(window.segments[1]!.comments.map((comment) => comment.message)).toEqual(['Pārbaudīt skaitli.'])
    const after = (await call(segments, { ...ids_(), after: String(ids[0]), step: '1' })).body as unknown as Window
    expect(after.segments.map((segment) => segment.id)).toEqual([ids[1]])
    expect(after).toMatchObject({ hasBefore: true, hasAfter: true })
    const found = (await call(segments, { ...ids_(), searchInSource: 'thr' })).body as unknown as Window
    expect(found.segments.map((segment) => segment.original)).toEqual(['Three.'])
    const byComment = (await call(segments, { ...ids_(), searchInComments: 'skaitli' })).body as unknown as Window
    expect(byComment.segments.map((segment) => segment.id)).toEqual([ids[1]])
  })

  it('refuses a bad step or anchor, and another user’s file', async () => {
    expect((await call(segments, { ...ids_(), step: '0' })).status).toBe(400)
    expect((await call(segments, { ...ids_(), center: 'x' })).status).toBe(400)
    expect((await call(segments, ids_(), strangerCookie)).status).toBe(404)
  })
})

describe('segments/translate', () => {
  const segmentRow = async (id: number) =>
    (await database.current().query<{ target: string | null; status: string; saveType: string | null }>(
      'select target, status, save_type as "saveType" from segments where id = $1',
      [id],
    ))[0]!

  it('confirms a translation as the translator does, writing it to the memory; a draft does not', async () => {
    const memory = await createMemory(ownerId, { name: 'API atmiņa', sourceLang: 'en', targetLang: 'lv' })
    expect(await call(translate, { segmentId: String(ids[0]), status: 'translated', translation: 'Viens.', segment: 'One.', saveType: 'MANUAL' })).toEqual({
      status: 200,
      body: { segmentId: ids[0], number: 1, version: 1, status: 'TRANSLATED', translation: 'Viens.', propagated: [] },
    })
    expect(await segmentRow(ids[0]!)).toEqual({ target: 'Viens.', status: 'TRANSLATED', saveType: 'MANUAL' })
    expect(await call(translate, { segmentId: String(ids[1]), status: 'DRAFT', translation: 'Divi.' })).toMatchObject({ status: 200 })
    const units = await database.current().query<{ source: string; target: string }>('select source, target from tm_units where memory_id = $1 order by source', [memory.id])
    expect(units).toEqual([{ source: 'One.', target: 'Viens.' }])
  })

  it('refuses tags the source does not have, a bad status, and another user’s segment — changing nothing', async () => {
    const refused = await call(translate, { segmentId: String(ids[2]), status: 'TRANSLATED', translation: 'Trīs <g1>x</g1>.' })
    expect(refused).toEqual({ status: 400, body: { errors: [{ code: 'InvalidTags', message: 'Nepareizi tulkojuma tagi, atjaunots iepriekšējais teksts.' }] } })
    expect((await call(translate, { segmentId: String(ids[2]), status: 'done', translation: 'Trīs.' })).status).toBe(400)
    expect((await call(translate, { segmentId: String(ids[2]), status: 'TRANSLATED', translation: 'Trīs.' }, strangerCookie)).status).toBe(404)
    expect(await segmentRow(ids[2]!)).toMatchObject({ target: null, status: 'NEW' })
  })
})
