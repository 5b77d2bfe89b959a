import { describe, expect, it } from 'vitest'
import { db } from '~/lib/db/db.server'
import { allTaskHandlers } from '~/lib/jobs/task-handlers.server'
import { startWorker } from '~/lib/jobs/worker.server'
import { createProject, findProject } from '~/lib/projects/projects.server'
import { saveSegment } from '~/lib/projects/segments.server'
import { signedInUser } from './accounts'
import { withTestDatabase } from './database'
import { readyProject } from './ready-project'

/** Issue 19: a new version of a file keeps the confirmed translations of its unchanged segments and replaces the old one. */
withTestDatabase()

async function runTasks() {
  const worker = startWorker({ handlers: allTaskHandlers, pollMs: 10, log: () => {} })
  await worker.idle()
  await worker.stop()
}

describe('a new version of a file', () => {
  it('carries confirmed translations of unchanged segments over, leaves drafts and changed ones, and replaces the old version', async () => {
    const owner = (await signedInUser('versija@example.lv')).user
    const { project: old, ids } = await readyProject(owner.id, 'notes.txt', 'Open the file.\n\nClose the window.\n\nSave the draft.\n\nRead the manual.\n')
    const save = (index: number, target: string, status: 'DRAFT' | 'TRANSLATED') =>
      saveSegment({ id: old.id, jobId: old.jobId }, ids[index]!, { target, status, saveType: 'MANUAL', saveMatch: 0 }, 0)
    await save(0, 'Atveriet datni.', 'TRANSLATED')
    await save(1, 'Aizveriet logu.', 'TRANSLATED')
    await save(2, 'Saglabājiet melnrakstu.', 'DRAFT')

    const bytes = new TextEncoder().encode('Open the file.\n\nClose the door.\n\nSave the draft.\n\nRead the manual.\n\nA new paragraph.\n')
    const created = await createProject({ ownerId: owner.id, name: 'notes.txt', format: 'txt', bytes, sourceLang: 'en', targetLang: 'lv', tmPretranslate: false, mtPretranslate: false, replacesId: old.id })
    await runTasks()

    const segments = await db().query<{ source: string; target: string | null; status: string; saveMatch: number | null }>(
      'select source, target, status, save_match as "saveMatch" from segments where project_id = $1 order by position',
      [created.id],
    )
    expect(segments.map(({ source, target, status }) => [source, target, status])).toEqual([
      ['Open the file.', 'Atveriet datni.', 'TRANSLATED'],
      ['Close the door.', null, 'NEW'],
      ['Save the draft.', null, 'NEW'],
      ['Read the manual.', null, 'NEW'],
      ['A new paragraph.', null, 'NEW'],
    ])
    expect(segments[0]!.saveMatch).toBe(100)
    expect(await findProject(owner.id, old.id)).toBeUndefined()
    const fresh = await findProject(owner.id, created.id)
    expect(fresh).toMatchObject({ status: 'READY', analysisStatus: 'DONE' })
    expect(fresh!.translatedPercent).toBeGreaterThan(0)
  })

  it("never takes another user's project as the earlier version", async () => {
    const owner = (await signedInUser('versija-a@example.lv')).user
    const other = (await signedInUser('versija-b@example.lv')).user
    const { project: theirs, ids } = await readyProject(other.id, 'theirs.txt', 'Open the file.\n')
    await saveSegment({ id: theirs.id, jobId: theirs.jobId }, ids[0]!, { target: 'Atveriet datni.', status: 'TRANSLATED', saveType: 'MANUAL', saveMatch: 0 }, 0)
    const created = await createProject({ ownerId: owner.id, name: 'mine.txt', format: 'txt', bytes: new TextEncoder().encode('Open the file.\n'), sourceLang: 'en', targetLang: 'lv', tmPretranslate: false, mtPretranslate: false, replacesId: theirs.id })
    await runTasks()
    const [segment] = await db().query<{ target: string | null }>('select target from segments where project_id = $1', [created.id])
    expect(segment!.target).toBeNull()
    expect(await findProject(other.id, theirs.id)).toBeDefined()
  })
})
