import { describe, expect, it } from 'vitest'
import { db } from '~/lib/db/db.server'
import { allTaskHandlers } from '~/lib/jobs/task-handlers.server'
import { startWorker } from '~/lib/jobs/worker.server'
import { createProject, deleteProject, findProject, listProjects, removeEarlierVersion, restoreEarlierVersion } from '~/lib/projects/projects.server'
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
  it('carries translations, drafts and comments of unchanged segments over, says what could not come, and keeps the earlier version (issue 50)', async () => {
    const owner = (await signedInUser('versija@example.lv')).user
    const { project: old, ids } = await readyProject(owner.id, 'notes.txt', 'Open the file.\n\nClose the window.\n\nSave the draft.\n\nRead the manual.\n\nSave the draft.\n')
    const save = (index: number, target: string, status: 'DRAFT' | 'TRANSLATED') =>
      saveSegment({ id: old.id, jobId: old.jobId }, ids[index]!, { target, status, saveType: 'MANUAL', saveMatch: 0 }, 0)
    await save(0, 'Atveriet datni.', 'TRANSLATED')
    await save(1, 'Aizveriet logu.', 'TRANSLATED')
    await save(2, 'Saglabājiet melnrakstu.', 'DRAFT')
    await save(4, 'Saglabājiet melnrakstu otrreiz.', 'TRANSLATED')
    const comment = async (index: number, message: string, messageType = 1) => {
      const [row] = await db().query<{ id: number }>(
        `insert into comments (project_id, segment_id, user_id, full_name, message, message_type) values ($1, $2, $3, 'V', $4, $5) returning id`,
        [old.id, ids[index], owner.id, message, messageType],
      )
      await db().query('update comments set thread_id = (select min(id) from comments where segment_id = $2) where id = $1', [row!.id, ids[index]])
    }
    await comment(2, 'Vai "draft" te ir melnraksts?')
    await comment(2, 'Jā.')
    await comment(1, 'Logs vai durvis?')

    const bytes = new TextEncoder().encode('Open the file.\n\nClose the door.\n\nSave the draft.\n\nRead the manual.\n\nSave the draft.\n\nA new paragraph.\n')
    const created = await createProject({ ownerId: owner.id, name: 'notes.txt', format: 'txt', bytes, sourceLang: 'en', targetLang: 'lv', tmPretranslate: false, mtPretranslate: false, replacesId: old.id })
    await runTasks()

    const segments = await db().query<{ id: number; source: string; target: string | null; status: string; saveMatch: number | null }>(
      'select id, source, target, status, save_match as "saveMatch" from segments where project_id = $1 order by position',
      [created.id],
    )
    expect(segments.map(({ source, target, status }) => [source, target, status])).toEqual([
      ['Open the file.', 'Atveriet datni.', 'TRANSLATED'],
      ['Close the door.', null, 'NEW'],
      // Each occurrence takes its own: the first "Save the draft." its draft, the second its confirmed translation.
      ['Save the draft.', 'Saglabājiet melnrakstu.', 'DRAFT'],
      ['Read the manual.', null, 'NEW'],
      ['Save the draft.', 'Saglabājiet melnrakstu otrreiz.', 'TRANSLATED'],
      ['A new paragraph.', null, 'NEW'],
    ])
    expect(segments[0]!.saveMatch).toBe(100)
    const comments = await db().query<{ segmentId: number; message: string; threaded: boolean }>(
      `select segment_id as "segmentId", message, thread_id = (select min(id) from comments o where o.segment_id = c.segment_id) as threaded
         from comments c where project_id = $1 order by id`,
      [created.id],
    )
    expect(comments).toEqual([
      { segmentId: segments[2]!.id, message: 'Vai "draft" te ir melnraksts?', threaded: true },
      { segmentId: segments[2]!.id, message: 'Jā.', threaded: true },
    ])
    // The file list says what came over and what could not, and offers the earlier version.
    const { projects } = await listProjects(owner.id, 1, 10)
    expect(projects.map((project) => project.id)).toEqual([created.id])
    expect(projects[0]!.carriedOver).toEqual({ confirmed: 2, drafts: 1, comments: 2, leftTranslations: 1, leftComments: 1 })
    expect(projects[0]!.earlierVersion).toEqual({ id: old.id, password: old.password })
    expect(await findProject(owner.id, old.id)).toBeDefined()
    const fresh = await findProject(owner.id, created.id)
    expect(fresh).toMatchObject({ status: 'READY', analysisStatus: 'DONE' })
    expect(fresh!.translatedPercent).toBeGreaterThan(0)

    // Brought back: the earlier version is the file again, and the newer one is kept in its place.
    expect(await restoreEarlierVersion(owner.id, { id: created.id })).toBe(true)
    const restored = await listProjects(owner.id, 1, 10)
    expect(restored.projects.map((project) => [project.id, project.earlierVersion?.id])).toEqual([[old.id, created.id]])
    // Removed: gone for good, and the list has only the earlier version.
    expect(await removeEarlierVersion(owner.id, { id: old.id })).toBe(true)
    expect(await findProject(owner.id, created.id)).toBeUndefined()
    expect((await listProjects(owner.id, 1, 10)).projects.map((project) => [project.id, project.earlierVersion])).toEqual([[old.id, null]])
    expect(await removeEarlierVersion(owner.id, { id: old.id })).toBe(false)
  })

  it('deletes the earlier version it keeps with the file, and keeps one earlier version only', async () => {
    const owner = (await signedInUser('versija-c@example.lv')).user
    const text = (n: number) => new TextEncoder().encode(`Version ${n}.\n`)
    const first = await createProject({ ownerId: owner.id, name: 'v.txt', format: 'txt', bytes: text(1), sourceLang: 'en', targetLang: 'lv', tmPretranslate: false, mtPretranslate: false })
    await runTasks()
    const second = await createProject({ ownerId: owner.id, name: 'v.txt', format: 'txt', bytes: text(2), sourceLang: 'en', targetLang: 'lv', tmPretranslate: false, mtPretranslate: false, replacesId: first.id })
    await runTasks()
    const third = await createProject({ ownerId: owner.id, name: 'v.txt', format: 'txt', bytes: text(3), sourceLang: 'en', targetLang: 'lv', tmPretranslate: false, mtPretranslate: false, replacesId: second.id })
    await runTasks()
    expect(await findProject(owner.id, first.id)).toBeUndefined()
    expect(await findProject(owner.id, second.id)).toBeDefined()
    expect(await deleteProject(owner.id, third.id, third.password)).toBe(true)
    expect(await findProject(owner.id, second.id)).toBeUndefined()
    expect((await listProjects(owner.id, 1, 10)).total).toBe(0)
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
