import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '~/lib/db/db.server'
import { deleteProject, findProject, type ProjectSummary } from '~/lib/projects/projects.server'
import { purgeProject } from '~/lib/projects/purge.server'
import { replaceAll, undoReplace } from '~/lib/projects/replace.server'
import { saveTranslation } from '~/lib/projects/save-translation.server'
import { shareProjects } from '~/lib/projects/sharing.server'
import type { User } from '~/lib/auth/users.server'
import { signedInUser } from './accounts'
import { withTestDatabase } from './database'
import { readyProject } from './ready-project'
import { context, post, settle } from './remix'

/**
 * Issue 52 point 3: every change of a segment is kept with who, when and how (migration 46's trigger), a draft typed on
 * by the same person replacing their last draft; the translator restores a version as a draft (without JavaScript:
 * a form), and the API's segments/history lists them.
 */
withTestDatabase()
let project: ProjectSummary
let ids: number[]
let owner: { user: User; cookie: string }
let colleague: { user: User; cookie: string }

beforeAll(async () => {
  owner = await signedInUser('history-owner@example.lv', 'Ilze Vēsture')
  colleague = await signedInUser('history-colleague@example.lv', 'Jānis Kolēģis')
  ;({ project, ids } = await readyProject(owner.user.id, 'history.html', '<p>Open the file.</p><p>Close it.</p><p>Open the file.</p><p>Save it.</p>'))
  await shareProjects(owner.user, [project], 'history-colleague@example.lv', 'reviewer')
  project = (await findProject(owner.user.id, project.id))!
})

const change = (target: string, status: 'DRAFT' | 'TRANSLATED' = 'DRAFT') => ({ target, status, saveType: 'MANUAL' as const, saveMatch: 0 })

async function history(segmentId: number, cookie = owner.cookie) {
  const { action } = await import('~/routes/$')
  const response = (await action({ request: post('/segments/history', { segmentId: String(segmentId) }, cookie), params: { '*': 'segments/history' }, context })) as Response
  return { status: response.status, body: (await response.json()) as { versions: { id: number; version: number; translation: string; status: string; editedBy: string | null; how: string }[] } }
}

describe("a segment's history (issue 52 point 3)", () => {
  it('keeps each change with who and how; a draft typed on by the same person is one version', async () => {
    const id = ids[1]!
    await saveTranslation(project, owner.user, id, change('Aizv'), 0)
    await saveTranslation(project, owner.user, id, change('Aizveriet'), 0)
    await saveTranslation(project, owner.user, id, change('Aizveriet to.', 'TRANSLATED'), 0)
    await saveTranslation(project, colleague.user, id, change('Aizveriet to!'), 0)
    await saveTranslation(project, colleague.user, id, change(''), 0)
    const { body } = await history(id)
    expect(body.versions.map(({ translation, status, editedBy, how }) => [translation, status, editedBy, how])).toEqual([
      ['', 'DRAFT', 'Jānis Kolēģis', 'clear'],
      ['Aizveriet to!', 'DRAFT', 'Jānis Kolēģis', 'draft'],
      ['Aizveriet to.', 'TRANSLATED', 'Ilze Vēsture', 'confirm'],
      ['Aizveriet', 'DRAFT', 'Ilze Vēsture', 'draft'],
    ])
    // Versions count every change, the coalesced drafts' too.
    expect(body.versions.map((entry) => entry.version)).toEqual([5, 4, 3, 2])
  })

  it('says how a repetition filled, a replace-all and its undo changed a segment', async () => {
    await saveTranslation(project, owner.user, ids[0]!, change('Atveriet failu.', 'TRANSLATED'), 0)
    expect((await history(ids[2]!)).body.versions.map((entry) => [entry.how, entry.editedBy])).toEqual([['propagated', 'Ilze Vēsture']])
    const replaced = await replaceAll(project, owner.user, { find: 'failu', replace: 'datni', matchCase: false, wholeWord: true }, false)
    expect(replaced.changed).toBe(2)
    await undoReplace(project, owner.user, replaced.batchId!)
    expect((await history(ids[2]!)).body.versions.map((entry) => [entry.how, entry.translation])).toEqual([
      ['undo', 'Atveriet failu.'],
      ['replace', 'Atveriet datni.'],
      ['propagated', 'Atveriet failu.'],
    ])
  })

  it('restores a version as a draft through the translator’s form, and only a version of that segment', async () => {
    const id = ids[1]!
    const confirmed = (await history(id)).body.versions.find((entry) => entry.how === 'confirm')!
    const { action } = await import('~/routes/translate.$projectId.$password')
    const restore = (historyId: number, segmentId = id) =>
      settle(() =>
        action({
          request: post(`/translate/${project.id}/${project.password}`, { intent: `restore:${historyId}`, segmentId: String(segmentId), panel: 'history' }, colleague.cookie),
          params: { projectId: String(project.id), password: project.password },
          context,
        }),
      )
    const restored = await restore(confirmed.id)
    expect(restored.location).toBe(`/translate/${project.id}/${project.password}?segment=${id}&panel=history`)
    const [now] = await db().query<{ target: string; status: string }>('select target, status from segments where id = $1', [id])
    expect(now).toEqual({ target: 'Aizveriet to.', status: 'DRAFT' })
    expect((await history(id)).body.versions[0]).toMatchObject({ how: 'restore', editedBy: 'Jānis Kolēģis', translation: 'Aizveriet to.' })
    // Another segment's version is not this one's.
    const elsewhere = await restore(confirmed.id, ids[3]!)
    expect(elsewhere.location).toBe(`/translate/${project.id}/${project.password}`)
    const [untouched] = await db().query<{ target: string | null }>('select target from segments where id = $1', [ids[3]])
    expect(untouched!.target).toBeNull()
  })

  it('is shown to members only, and goes with a deleted file', async () => {
    const stranger = await signedInUser('history-stranger@example.lv')
    expect((await history(ids[1]!, stranger.cookie)).status).toBe(404)
    expect((await history(ids[1]!, colleague.cookie)).status).toBe(200)
    expect(await deleteProject(owner.user.id, project.id, project.password)).toBe(true)
    await purgeProject(project.id)
    expect(await db().query('select 1 from segment_history where project_id = $1', [project.id])).toEqual([])
  })
})
