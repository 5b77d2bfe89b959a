import { beforeAll, describe, expect, it, vi } from 'vitest'
import { addComment } from '~/lib/projects/comments.server'
import { findProject, type ProjectSummary } from '~/lib/projects/projects.server'
import { copySourceToEmpty, findNext, INLINE_REPLACE, lastReplace, replaceNext, undoReplace } from '~/lib/projects/replace.server'
import { startWorker } from '~/lib/jobs/worker.server'
import { allTaskHandlers } from '~/lib/jobs/task-handlers.server'
import { nearestUnconfirmed } from '~/lib/projects/segments.server'
import { createMemory } from '~/lib/tm/memories.server'
import { action as callAction } from '~/routes/$'
import { signedInUser } from './accounts'
import { withTestDatabase } from './database'
import { readyProject } from './ready-project'
import { BASE, context } from './remix'

/**
 * Issue 58, the translator's daily tools, through the §7 API (the pages call the same functions): the segment filter
 * and the propagation of a confirm to the segment's repetitions.
 */
const database = withTestDatabase()
let cookie: string
let ownerId: number

beforeAll(async () => {
  const owner = await signedInUser('ikdiena@example.lv', 'Ikdienas Tests')
  ;({ cookie } = owner)
  ownerId = owner.user.id
})

async function call(path: string, form: Record<string, string>) {
  const answer = await callAction({ request: new Request(`${BASE}${path}`, { method: 'POST', body: new URLSearchParams(form), headers: { Cookie: cookie } }), params: {}, context })
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> }
}

type Window = { segments: { id: number; original: string; translation: string; status: string }[] }

/** Open the file. (1) Close it. (2) Open the file. (3) Save <b>it</b>. (4) Open the file. (5) Save it. (6) */
const FILE = '<p>Open the file.</p><p>Close it.</p><p>Open the file.</p><p>Save <b>it</b>.</p><p>Open the file.</p><p>Save it.</p>'

async function newProject(): Promise<{ project: ProjectSummary; ids: number[] }> {
  return readyProject(ownerId, 'ikdiena.html', new TextEncoder().encode(`<!doctype html><html lang="en"><body>${FILE}</body></html>`))
}

/** Runs the queued background tasks (the replace, the QA checks it queues) to the end. */
async function runTasks() {
  const worker = startWorker({ handlers: allTaskHandlers, pollMs: 10, log: () => {} })
  await worker.idle()
  await worker.stop()
}

const translate = (segmentId: number, translation: string, status = 'TRANSLATED') =>
  call('/segments/translate', { segmentId: String(segmentId), status, translation, saveType: 'MANUAL' })

const rows = async (project: ProjectSummary) =>
  database.current().query<{ id: number; target: string | null; status: string; saveType: string | null }>(
    `select id, target, status, save_type as "saveType" from segments where project_id = $1 order by position`,
    [project.id],
  )

describe('repetitions (point 2)', () => {
  it('a confirm fills the empty and draft repetitions, confirmed, and leaves one confirmed with another translation', async () => {
    const { project, ids } = await newProject()
    expect((await translate(ids[4]!, 'Atveriet to datni.')).body).toMatchObject({ propagated: [ids[0], ids[2]] })
    expect((await translate(ids[2]!, 'Melnraksts', 'DRAFT')).body).toMatchObject({ propagated: [] })
    expect((await translate(ids[0]!, 'Atveriet datni.')).body).toMatchObject({ segmentId: ids[0], status: 'TRANSLATED', propagated: [ids[2]] })
    expect((await rows(project)).map((row) => [row.target, row.status])).toEqual([
      ['Atveriet datni.', 'TRANSLATED'],
      [null, 'NEW'],
      ['Atveriet datni.', 'TRANSLATED'],
      [null, 'NEW'],
      ['Atveriet to datni.', 'TRANSLATED'],
      [null, 'NEW'],
    ])
  })

  it('fills only what is empty or a draft, tags included in the comparison, and says which', async () => {
    const { project, ids } = await newProject()
    await translate(ids[2]!, 'Melnraksts', 'DRAFT')
    expect((await translate(ids[0]!, 'Atveriet datni.')).body).toMatchObject({ propagated: [ids[2], ids[4]] })
    // "Save <b>it</b>." and "Save it." are different sources.
    expect((await translate(ids[5]!, 'Saglabājiet to.')).body).toMatchObject({ propagated: [] })
    const after = await rows(project)
    expect(after.map((row) => row.target)).toEqual(['Atveriet datni.', null, 'Atveriet datni.', null, 'Atveriet datni.', 'Saglabājiet to.'])
    expect(after[2]).toMatchObject({ status: 'TRANSLATED', saveType: 'TM' })
    // A confirmed repetition is left alone by a later confirm of another translation.
    expect((await translate(ids[0]!, 'Atveriet šo datni.')).body).toMatchObject({ propagated: [] })
    expect((await rows(project)).map((row) => row.target)[2]).toBe('Atveriet datni.')
  })

  it('a confirm of a segment whose source no other segment has asks no statement to fill repetitions (issue 53)', async () => {
    const { ids } = await newProject()
    const spy = vi.spyOn(database.current(), 'query')
    try {
      expect((await translate(ids[1]!, 'Aizveriet to.')).body).toMatchObject({ status: 'TRANSLATED', propagated: [] })
      expect(spy.mock.calls.filter((call) => String(call[0]).includes("edit_how = 'propagated'"))).toEqual([])
      expect((await translate(ids[0]!, 'Atveriet datni.')).body).toMatchObject({ propagated: [ids[2], ids[4]] })
    } finally {
      spy.mockRestore()
    }
  })

  it('a draft does not propagate, and a project that turned it off fills nothing', async () => {
    const { project, ids } = await newProject()
    expect((await translate(ids[0]!, 'Atveriet datni.', 'DRAFT')).body).toMatchObject({ propagated: [] })
    await database.current().query('update projects set propagate = false where id = $1', [project.id])
    expect((await translate(ids[0]!, 'Atveriet datni.')).body).toMatchObject({ propagated: [] })
    expect((await rows(project)).map((row) => row.target)).toEqual(['Atveriet datni.', null, null, null, null, null])
  })
})

describe('filter (point 3)', () => {
  it('the window holds only the segments of a filter; next and previous stay inside it', async () => {
    const { project, ids } = await newProject()
    await database.current().query('update projects set propagate = false where id = $1', [project.id])
    await translate(ids[1]!, 'Aizveriet to.')
    await translate(ids[3]!, 'Saglabājiet <b1>to</b1>.', 'DRAFT')
    await addComment(project, ids[5]!, { id: ownerId, name: 'A' }, 'Vai “to”?')
    await database.current().query(`update segments set qa = '[{"kind":"spaces"}]'::jsonb where id = $1`, [ids[1]])
    const windowOf = async (filter: string) =>
      ((await call('/segments', { projectId: String(project.id), projectPassword: project.password, filter })).body as unknown as Window).segments.map((segment) =>
        ids.indexOf(segment.id),
      )
    expect(await windowOf('unconfirmed')).toEqual([0, 2, 3, 4, 5])
    expect(await windowOf('draft')).toEqual([3])
    expect(await windowOf('confirmed')).toEqual([1])
    expect(await windowOf('comments')).toEqual([5])
    expect(await windowOf('warnings')).toEqual([1])
    expect(await windowOf('repetitions')).toEqual([0, 2, 4])
    expect((await call('/segments', { projectId: String(project.id), projectPassword: project.password, filter: 'everything' })).status).toBe(400)
    expect(await nearestUnconfirmed(project.id, ids[0]!, 'next', { filter: 'repetitions' })).toBe(ids[2])
    expect(await nearestUnconfirmed(project.id, ids[4]!, 'previous', { filter: 'repetitions' })).toBe(ids[2])
    expect(await nearestUnconfirmed(project.id, ids[0]!, 'next', { filter: 'confirmed' })).toBe(ids[1])
    expect(await nearestUnconfirmed(project.id, ids[0]!, 'next')).toBe(ids[2])
  })
})

describe('find and replace (point 1)', () => {
  const replace = (project: ProjectSummary, fields: Record<string, string>) =>
    call('/segments/replace', { projectId: String(project.id), projectPassword: project.password, ...fields })

  it('previews, then replaces text only — never a tag — keeping statuses and updating the memory; an undo takes it all back', async () => {
    const { project, ids } = await newProject()
    await database.current().query('update projects set propagate = false where id = $1', [project.id])
    const memory = await createMemory(ownerId, { name: 'Aizstāšana', sourceLang: project.sourceLang, targetLang: project.targetLang })
    await translate(ids[0]!, 'Atveriet datni.')
    await translate(ids[1]!, 'Aizveriet datni un datnes.', 'DRAFT')
    await translate(ids[3]!, 'Saglabājiet <b1>datni</b1>.')
    const before = await rows(project)
    const preview = await replace(project, { find: 'datni', replace: 'failu', preview: '1', wholeWord: '1' })
    expect(preview).toEqual({
      status: 200,
      body: {
        changed: 3,
        segments: [
          { id: ids[0], number: 1, translation: 'Atveriet failu.', status: 'TRANSLATED' },
          { id: ids[1], number: 2, translation: 'Aizveriet failu un datnes.', status: 'DRAFT' },
          { id: ids[3], number: 4, translation: 'Saglabājiet <b1>failu</b1>.', status: 'TRANSLATED' },
        ],
      },
    })
    expect(await rows(project)).toEqual(before)
    expect((await replace(project, { find: 'datni', replace: 'failu', wholeWord: '1' })).body).toMatchObject({ changed: 3 })
    const after = await rows(project)
    expect(after.map((row) => [row.target, row.status])).toEqual([
      ['Atveriet failu.', 'TRANSLATED'],
      ['Aizveriet failu un datnes.', 'DRAFT'],
      [null, 'NEW'],
      ['Saglabājiet <b1>failu</b1>.', 'TRANSLATED'],
      [null, 'NEW'],
      [null, 'NEW'],
    ])
    const units = async () =>
      (await database.current().query<{ target: string }>('select target from tm_units where memory_id = $1 order by target', [memory.id])).map((unit) => unit.target)
    expect(await units()).toEqual(['Atveriet failu.', 'Saglabājiet <b1>failu</b1>.'])
    // A tag's name is not text: "b1" is found nowhere.
    expect((await replace(project, { find: 'b1', replace: 'x', preview: '1' })).body).toEqual({ changed: 0, segments: [] })
    // Undo, as the translator's button does: every segment still holding the replaced text gets its text back.
    const [batch] = await database.current().query<{ id: number }>('select id from replace_batches where project_id = $1 order by id desc limit 1', [project.id])
    await translate(ids[1]!, 'Pa vidu mainīts.', 'DRAFT')
    expect(await undoReplace(project, { id: ownerId, name: 'Ikdienas Tests', email: 'ikdiena@example.lv' }, batch!.id)).toEqual({ count: 2, kind: 'replace' })
    expect((await rows(project)).map((row) => row.target)).toEqual(['Atveriet datni.', 'Pa vidu mainīts.', null, 'Saglabājiet <b1>datni</b1>.', null, null])
    expect(await units()).toEqual(['Atveriet datni.', 'Saglabājiet <b1>datni</b1>.'])
    expect(await undoReplace(project, { id: ownerId, name: 'Ikdienas Tests', email: 'ikdiena@example.lv' }, batch!.id)).toBeUndefined()
  })

  it('matches case when asked, replaces one at a time from the active segment on, and finds the next', async () => {
    const { project, ids } = await newProject()
    await database.current().query('update projects set propagate = false where id = $1', [project.id])
    await translate(ids[0]!, 'Datne un datne.', 'DRAFT')
    await translate(ids[2]!, 'datne', 'DRAFT')
    expect((await replace(project, { find: 'Datne', replace: 'Fails', matchCase: '1', preview: '1' })).body).toMatchObject({ changed: 1 })
    const user = { id: ownerId, name: 'Ikdienas Tests', email: 'ikdiena@example.lv' }
    const query = { find: 'datne', replace: 'fails', matchCase: false, wholeWord: false }
    expect(await findNext(project.id, query, ids[0]!)).toBe(ids[2])
    expect(await findNext(project.id, query, ids[2]!)).toBe(ids[0])
    expect(await replaceNext(project, user, query, ids[1]!)).toMatchObject({ id: ids[2], translation: 'fails' })
    expect(await replaceNext(project, user, query, ids[1]!)).toMatchObject({ id: ids[0], translation: 'fails un datne.' })
    expect(await replaceNext(project, user, query, ids[0]!)).toMatchObject({ id: ids[0], translation: 'fails un fails.' })
    expect(await replaceNext(project, user, query, ids[0]!)).toBeUndefined()
    expect((await replace(project, { find: '', replace: 'x' })).status).toBe(400)
  })

  it('a replace-all over more than INLINE_REPLACE segments, and its undo, run in the background a batch at a time', async () => {
    const count = INLINE_REPLACE + 400
    const { project, ids } = await readyProject(ownerId, 'liela.txt', Array.from({ length: count }, (_, n) => `Line number ${n + 1}.`).join('\n'))
    await database.current().query(
      `update segments set target = 'Rinda: datne ' || position, status = case when position % 2 = 0 then 'TRANSLATED' else 'DRAFT' end where project_id = $1`,
      [project.id],
    )
    const before = await rows(project)
    const started = await replace(project, { find: 'datne', replace: 'fails' })
    expect(started).toEqual({ status: 200, body: { changed: count, segments: [], running: true } })
    // Nothing changed yet, and a second replace-all while it runs starts nothing.
    expect((await rows(project)).map((row) => row.target)).toEqual(before.map((row) => row.target))
    expect((await replace(project, { find: 'Rinda', replace: 'X' })).body).toMatchObject({ changed: count, running: true })
    expect(await lastReplace(project.id)).toMatchObject({ status: 'running', done: 0, total: count })
    await runTasks()
    const after = await rows(project)
    expect(after.every((row, index) => row.target === before[index]!.target!.replace('datne', 'fails') && row.status === before[index]!.status)).toBe(true)
    const last = (await lastReplace(project.id))!
    expect(last).toMatchObject({ status: 'done', done: count, total: count, changed: count })

    const user = { id: ownerId, name: 'Ikdienas Tests', email: 'ikdiena@example.lv' }
    await translate(ids[0]!, 'Mainīts pa vidu.', 'DRAFT')
    expect(await undoReplace(project, user, last.id)).toEqual({ count, kind: 'replace', running: true })
    expect(await lastReplace(project.id)).toMatchObject({ status: 'undoing' })
    await runTasks()
    const undone = await rows(project)
    expect(undone[0]!.target).toBe('Mainīts pa vidu.')
    expect(undone.slice(1).map((row) => row.target)).toEqual(before.slice(1).map((row) => row.target))
    expect(await lastReplace(project.id)).toBeUndefined()
  })
})

describe('copy source to all empty segments (point 7)', () => {
  it('fills every empty segment with its source as a draft, leaves translated ones, and is undone as one step', async () => {
    const { project, ids } = await newProject()
    await database.current().query('update projects set propagate = false where id = $1', [project.id])
    await translate(ids[1]!, 'Aizveriet to.')
    const user = { id: ownerId, name: 'Ikdienas Tests', email: 'ikdiena@example.lv' }
    const copied = await copySourceToEmpty(project, user)
    expect(copied.changed).toBe(5)
    // The translator's Pretranslate menu offers its undo from the project row.
    const lastCopy = async () => (await findProject(ownerId, project.id, project.password))!.lastCopy
    expect(await lastCopy()).toEqual({ id: copied.batchId, changed: 5 })
    const after = await rows(project)
    expect(after.map((row) => [row.target, row.status])).toEqual([
      ['Open the file.', 'DRAFT'],
      ['Aizveriet to.', 'TRANSLATED'],
      ['Open the file.', 'DRAFT'],
      ['Save <b1>it</b1>.', 'DRAFT'],
      ['Open the file.', 'DRAFT'],
      ['Save it.', 'DRAFT'],
    ])
    // One of them edited since: the undo leaves it.
    await translate(ids[5]!, 'Saglabājiet to.', 'DRAFT')
    expect(await undoReplace(project, user, copied.batchId!)).toEqual({ count: 4, kind: 'copy-source' })
    expect(await lastCopy()).toBeNull()
    expect((await rows(project)).map((row) => [row.target, row.status])).toEqual([
      [null, 'NEW'],
      ['Aizveriet to.', 'TRANSLATED'],
      [null, 'NEW'],
      [null, 'NEW'],
      [null, 'NEW'],
      ['Saglabājiet to.', 'DRAFT'],
    ])
    expect(await copySourceToEmpty(project, user)).toMatchObject({ changed: 4 })
  })
})
