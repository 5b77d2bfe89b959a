import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '~/lib/db/db.server'
import type { ProjectSummary } from '~/lib/projects/projects.server'
import { shareProjects } from '~/lib/projects/sharing.server'
import { signedInUser } from './accounts'
import { withTestDatabase } from './database'
import { readyProject } from './ready-project'
import { context, post, settle } from './remix'

/**
 * Issue 52 point 2: never overwrite a colleague. A save names the version its text was based on; one based on a
 * version someone else has changed since, to another text, is not applied — the editor's (409 with both texts), the
 * page's without JavaScript (the page again, the translator's text in the editor) and the API's (409 Conflict with the
 * segment as it is). The page's own writes in flight are not someone else's.
 */
withTestDatabase()
let project: ProjectSummary
let ids: number[]
let owner: { cookie: string }
let colleague: { cookie: string }

beforeAll(async () => {
  const made = await signedInUser('conflict-owner@example.lv', 'Ilze Owner')
  owner = made
  colleague = await signedInUser('conflict-colleague@example.lv', 'Jānis Kolēģis')
  ;({ project, ids } = await readyProject(made.user.id, 'conflicts.html', '<p>One.</p><p>Two.</p><p>Three.</p><p>Four.</p><p>Five.</p>'))
  const shared = await shareProjects(made.user, [project], 'conflict-colleague@example.lv', 'translator')
  expect(shared.ok).toBe(true)
})

const params = () => ({ projectId: String(project.id), password: project.password })

/** A write as the editor posts it (segment-writes.ts) to the translator's save route. */
async function write(fields: Record<string, string>, cookie: string) {
  const { action } = await import('~/routes/translate.$projectId.$password_.save')
  const answer = (await action({ request: post(`/translate/${project.id}/${project.password}/save`, { renderedAt: '0', respond: 'data', ...fields }, cookie), params: params(), context })) as Response
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> }
}

/** The translator's own form, posted without JavaScript. */
function page(fields: Record<string, string>, cookie: string) {
  return settle<Record<string, unknown>>(async () => {
    const { action } = await import('~/routes/translate.$projectId.$password')
    return action({ request: post(`/translate/${project.id}/${project.password}?segment=${fields.segmentId}`, { renderedAt: '0', ...fields }, cookie), params: params(), context })
  })
}

async function stored(id: number) {
  const [row] = await db().query<{ target: string | null; status: string; version: number }>('select target, status, version from segments where id = $1', [id])
  return row!
}

async function api(path: string, fields: Record<string, string>, cookie: string) {
  const { action } = await import('~/routes/$')
  const response = (await action({ request: post(path, fields, cookie), params: { '*': path.slice(1) }, context })) as Response
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe('a save based on an older version (issue 52 point 2)', () => {
  it("is refused with the colleague's text when a colleague changed it since; the editor's own writes in flight are not", async () => {
    const id = String(ids[0])
    const base = (await stored(ids[0]!)).version
    // The owner's editor: two drafts in flight, both based on the version the page was shown.
    expect((await write({ intent: 'save-draft', segmentId: id, target: 'Vie', writer: 'owner-page-1', seq: '1', version: String(base) }, owner.cookie)).status).toBe(200)
    expect((await write({ intent: 'save-draft', segmentId: id, target: 'Viens', writer: 'owner-page-1', seq: '2', version: String(base) }, owner.cookie)).status).toBe(200)
    const owners = (await stored(ids[0]!)).version
    // The colleague, shown the owner's text, saves over it: based on what they saw, so applied.
    expect((await write({ intent: 'save-draft', segmentId: id, target: 'Viens!', writer: 'colleague-page', seq: '1', version: String(owners) }, colleague.cookie)).status).toBe(200)
    // The owner's page goes on typing on its older version: refused, nothing written, the colleague named.
    const refused = await write({ intent: 'save-draft', segmentId: id, target: 'Viens.', writer: 'owner-page-1', seq: '3', version: String(owners) }, owner.cookie)
    expect(refused).toMatchObject({ status: 409, body: { ok: false, conflict: { target: 'Viens!', editedBy: 'Jānis Kolēģis', mine: 'Viens.', version: owners + 1 } } })
    expect(await stored(ids[0]!)).toMatchObject({ target: 'Viens!', version: owners + 1 })
    // The same text as theirs is no conflict; keeping mine is a write based on their version.
    expect((await write({ intent: 'save-draft', segmentId: id, target: 'Viens!', writer: 'owner-page-1', seq: '4', version: String(owners) }, owner.cookie)).status).toBe(200)
    const kept = await write({ intent: 'save-draft', segmentId: id, target: 'Viens.', writer: 'owner-page-1', seq: '5', version: String(owners + 1) }, owner.cookie)
    expect(kept).toMatchObject({ status: 200, body: { ok: true, target: 'Viens.' } })
    // A write without a version applies as sent (SPEC §7 callers that do not say).
    expect((await write({ intent: 'save-draft', segmentId: id, target: 'Viens', writer: 'colleague-page', seq: '2' }, colleague.cookie)).status).toBe(200)
  })

  it('comes back without JavaScript with both texts, and saving again keeps the translator’s', async () => {
    const id = String(ids[1])
    const shown = (await stored(ids[1]!)).version
    expect((await page({ intent: 'confirm', segmentId: id, target: 'Divi.', source: 'Two.', version: String(shown) }, colleague.cookie)).status).toBe(302)
    const refused = await page({ intent: 'confirm', segmentId: id, target: 'Divi!', source: 'Two.', version: String(shown) }, owner.cookie)
    expect(refused.status).toBe(409)
    expect(refused.data).toMatchObject({ conflict: { segmentId: ids[1], target: 'Divi.', mine: 'Divi!', editedBy: 'Jānis Kolēģis', status: 'TRANSLATED' } })
    expect(await stored(ids[1]!)).toMatchObject({ target: 'Divi.', status: 'TRANSLATED' })
    // A move away posts the text too: refused the same way, the translator stays on the segment.
    const moved = await page({ intent: 'next', segmentId: id, target: 'Divi!', source: 'Two.', version: String(shown) }, owner.cookie)
    expect(moved.status).toBe(409)
    const version = (refused.data as { conflict: { version: number } }).conflict.version
    expect((await page({ intent: 'save-draft', segmentId: id, target: 'Divi!', source: 'Two.', version: String(version) }, owner.cookie)).status).toBe(302)
    expect(await stored(ids[1]!)).toMatchObject({ target: 'Divi!', status: 'DRAFT' })
  })

  it('is refused through the API with 409 Conflict and the segment as it is; segments gives each version', async () => {
    const window = await api('/segments', { projectId: String(project.id), projectPassword: project.password, center: String(ids[2]) }, owner.cookie)
    const third = (window.body.segments as { id: number; version: number }[]).find((segment) => segment.id === ids[2])!
    const saved = await api('/segments/translate', { segmentId: String(ids[2]), status: 'DRAFT', translation: 'Trīs', version: String(third.version) }, colleague.cookie)
    expect(saved).toMatchObject({ status: 200, body: { version: third.version + 1 } })
    const refused = await api('/segments/translate', { segmentId: String(ids[2]), status: 'TRANSLATED', translation: 'Trīs.', version: String(third.version) }, owner.cookie)
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({
      errors: [{ code: 'Conflict', message: 'Jānis Kolēģis mainīja šo segmentu, kamēr jūs to rediģējāt. Jūsu teksts netika saglabāts tā vietā.' }],
      current: { segmentId: ids[2], version: third.version + 1, translation: 'Trīs', status: 'DRAFT', editedBy: 'Jānis Kolēģis' },
    })
    expect(await stored(ids[2]!)).toMatchObject({ target: 'Trīs', status: 'DRAFT' })
  })

  it('names no one after a pretranslation or a replace changed the segment', async () => {
    const id = ids[3]!
    const shown = (await stored(id)).version
    await db().query(`update segments set target = 'Četri', status = 'DRAFT', save_type = 'MT', edited_by = null where id = $1`, [id])
    const refused = await write({ intent: 'save-draft', segmentId: String(id), target: 'Četri!', writer: 'owner-page-2', seq: '1', version: String(shown) }, owner.cookie)
    expect(refused).toMatchObject({ status: 409, body: { conflict: { target: 'Četri', editedBy: null } } })
    expect(await stored(id)).toMatchObject({ target: 'Četri' })
  })
})
