import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '~/lib/db/db.server'
import type { ProjectSummary } from '~/lib/projects/projects.server'
import { saveSegment } from '~/lib/projects/segments.server'
import { signedInUser } from './accounts'
import { withTestDatabase } from './database'
import { readyProject } from './ready-project'
import { context, post, settle } from './remix'

/**
 * Issue 50: the editor's writes apply in the order the translator made them. Each is stamped with its editor page
 * (writer) and step (seq); a write older than the last step of the same page changes nothing, wherever it was delayed.
 */
withTestDatabase()
let project: ProjectSummary
let ids: number[]
let cookie: string

beforeAll(async () => {
  const owner = await signedInUser('writes@example.lv')
  cookie = owner.cookie
  ;({ project, ids } = await readyProject(owner.user.id, 'writes.html', `<p>One.</p><p>Two.</p><p>Three.</p><p>Four.</p><p>Five.</p>`))
})

const WRITER = 'page-aaaaaaaa'

/** A write as the editor posts it (segment-writes.ts) to the translator's save route. */
async function write(fields: Record<string, string>, who = cookie) {
  const { action } = await import('~/routes/translate.$projectId.$password_.save')
  const path = `/translate/${project.id}/${project.password}/save`
  const response = await settle(async () =>
    action({ request: post(path, { renderedAt: '0', respond: 'data', ...fields }, who), params: { projectId: String(project.id), password: project.password }, context }),
  )
  return response
}

async function json(fields: Record<string, string>) {
  const { action } = await import('~/routes/translate.$projectId.$password_.save')
  const path = `/translate/${project.id}/${project.password}/save`
  const answer = (await action({
    request: post(path, { renderedAt: '0', respond: 'data', ...fields }, cookie),
    params: { projectId: String(project.id), password: project.password },
    context,
  })) as Response
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> }
}

async function stored(id: number) {
  const [row] = await db().query<{ target: string | null; status: string; version: number }>('select target, status, version from segments where id = $1', [id])
  return row!
}

describe("the editor's writes in order (issue 50)", () => {
  it('answers a draft with the version its text became, counting every change and no repeat', async () => {
    const first = await json({ intent: 'save-draft', segmentId: String(ids[0]), target: 'Viens', writer: WRITER, seq: '1' })
    expect(first).toMatchObject({ status: 200, body: { ok: true, stale: false, version: 1 } })
    const second = await json({ intent: 'save-draft', segmentId: String(ids[0]), target: 'Viens.', writer: WRITER, seq: '2' })
    expect(second.body).toMatchObject({ version: 2 })
    // The same text again changes no version.
    const same = await json({ intent: 'save-draft', segmentId: String(ids[0]), target: 'Viens.', writer: WRITER, seq: '3' })
    expect(same.body).toMatchObject({ ok: true, version: 2 })
    expect(await stored(ids[0]!)).toEqual({ target: 'Viens.', status: 'DRAFT', version: 2 })
  })

  it('keeps a later draft when an earlier one of the same page arrives after it', async () => {
    await json({ intent: 'save-draft', segmentId: String(ids[1]), target: 'Divi, vēlāk', writer: WRITER, seq: '11' })
    const late = await json({ intent: 'save-draft', segmentId: String(ids[1]), target: 'Div', writer: WRITER, seq: '10' })
    expect(late.body).toMatchObject({ ok: true, stale: true })
    expect(await stored(ids[1]!)).toMatchObject({ target: 'Divi, vēlāk', status: 'DRAFT' })
  })

  it('keeps a confirm when a draft typed before it arrives after it (the race without confirm ahead)', async () => {
    const confirmed = await json({ intent: 'confirm', segmentId: String(ids[2]), target: 'Trīs.', writer: WRITER, seq: '21' })
    expect(confirmed.body).toMatchObject({ ok: true, next: ids[3] })
    await json({ intent: 'save-draft', segmentId: String(ids[2]), target: 'Trī', writer: WRITER, seq: '20' })
    expect(await stored(ids[2]!)).toMatchObject({ target: 'Trīs.', status: 'TRANSLATED' })
  })

  it('keeps a clear when the draft typed before it arrives after it, and a move posted as a page after that', async () => {
    await json({ intent: 'save-draft', segmentId: String(ids[3]), target: 'Četri', writer: WRITER, seq: '30' })
    await json({ intent: 'clear', segmentId: String(ids[3]), target: '', writer: WRITER, seq: '32' })
    await json({ intent: 'save-draft', segmentId: String(ids[3]), target: 'Četri', writer: WRITER, seq: '31' })
    expect(await stored(ids[3]!)).toMatchObject({ target: null, status: 'DRAFT' })
    // A move as the page posts it (the translator's own route) with a stamp earlier than the clear: nothing changes.
    const { action } = await import('~/routes/translate.$projectId.$password')
    const moved = await settle(async () =>
      action({
        request: post(`/translate/${project.id}/${project.password}`, { intent: `move:${ids[4]}`, segmentId: String(ids[3]), target: 'Četri', renderedAt: '0', writer: WRITER, seq: '31' }, cookie),
        params: { projectId: String(project.id), password: project.password },
        context,
      }),
    )
    expect(moved.status).toBe(302)
    expect(await stored(ids[3]!)).toMatchObject({ target: null })
  })

  it('applies a write of another page, or one without a stamp (no JavaScript, the API), whatever the steps', async () => {
    await json({ intent: 'save-draft', segmentId: String(ids[4]), target: 'Pieci', writer: WRITER, seq: '50' })
    await json({ intent: 'save-draft', segmentId: String(ids[4]), target: 'Pieci, citā lapā', writer: 'page-bbbbbbbb', seq: '1' })
    expect(await stored(ids[4]!)).toMatchObject({ target: 'Pieci, citā lapā' })
    await saveSegment(project, ids[4]!, { target: 'Pieci bez skripta', status: 'DRAFT', saveType: 'MANUAL', saveMatch: 0 }, 0)
    expect(await stored(ids[4]!)).toMatchObject({ target: 'Pieci bez skripta' })
    // The stamp stays the last stamped page's: that page's older step still changes nothing.
    await json({ intent: 'save-draft', segmentId: String(ids[4]), target: 'Piec', writer: 'page-bbbbbbbb', seq: '1' })
    expect(await stored(ids[4]!)).toMatchObject({ target: 'Pieci bez skripta' })
  })

  it('applies only the later of two writes of one page racing each other, in either order', async () => {
    for (let round = 0; round < 10; round++) {
      const writer = `race-${round}-aaaa`
      await Promise.all([
        json({ intent: 'save-draft', segmentId: String(ids[0]), target: `vecāks ${round}`, writer, seq: '1' }),
        json({ intent: 'save-draft', segmentId: String(ids[0]), target: `jaunāks ${round}`, writer, seq: '2' }),
      ])
      expect((await stored(ids[0]!)).target).toBe(`jaunāks ${round}`)
    }
  })

  it("refuses what is not the editor's write, and sends a stranger's or an ended session's write to signing in, the text kept", async () => {
    expect((await json({ intent: 'next', segmentId: String(ids[0]), target: 'x', writer: WRITER, seq: '99' })).status).toBe(400)
    const stranger = await signedInUser('stranger-writes@example.lv')
    expect((await write({ intent: 'save-draft', segmentId: String(ids[0]), target: 'Svešs', writer: WRITER, seq: '100' }, stranger.cookie)).status).toBe(404)
    // A session that ended (here: signed out) keeps the text for its user (issue 50: a post with no session keeps nothing).
    const ended = await signedInUser('ended-writes@example.lv')
    const theirs = await readyProject(ended.user.id, 'ended.html', '<p>One.</p>')
    await db().query('update sessions set expires_at = now() where user_id = $1', [ended.user.id])
    const { action } = await import('~/routes/translate.$projectId.$password_.save')
    const signedOut = await settle(async () =>
      action({
        request: post(`/translate/${theirs.project.id}/${theirs.project.password}/save`, { renderedAt: '0', respond: 'data', intent: 'save-draft', segmentId: String(theirs.ids[0]), target: 'Pēc sesijas beigām', writer: WRITER, seq: '101' }, ended.cookie),
        params: { projectId: String(theirs.project.id), password: theirs.project.password },
        context,
      }),
    )
    expect(signedOut.status).toBe(302)
    expect(signedOut.location).toMatch(/^\/sign-in\?redirectTo=/)
    expect(signedOut.headers.getSetCookie().some((line) => line.startsWith('tulks_kept='))).toBe(true)
    expect((await stored(theirs.ids[0]!)).target).not.toBe('Pēc sesijas beigām')
  })
})

describe('the translator form without JavaScript (issue 50)', () => {
  it('saves as before when the stamp fields come empty, as the page renders them', async () => {
    const { action } = await import('~/routes/translate.$projectId.$password')
    const confirmed = await settle(async () =>
      action({
        request: post(`/translate/${project.id}/${project.password}`, { intent: 'confirm', segmentId: String(ids[1]), target: 'Divi bez skripta.', renderedAt: '0', writer: '', seq: '' }, cookie),
        params: { projectId: String(project.id), password: project.password },
        context,
      }),
    )
    expect(confirmed.status).toBe(302)
    expect(confirmed.location).toContain(`segment=`)
    expect(await stored(ids[1]!)).toMatchObject({ target: 'Divi bez skripta.', status: 'TRANSLATED' })
  })
})
