import { beforeAll, describe, expect, it } from 'vitest'
import { createSession } from '~/lib/auth/session.server'
import { createUser } from '~/lib/auth/users.server'
import { db } from '~/lib/db/db.server'
import { startWorker } from '~/lib/jobs/worker.server'
import { taskHandlers } from '~/lib/projects/pipeline.server'
import { bandOf, countBands, readBands } from '~/lib/tm/analysis-bands'
import { ensureDefaultMemory, listMemories } from '~/lib/tm/memories.server'
import { startTmPretranslation } from '~/lib/tm/project-tm.server'
import { writeUnit } from '~/lib/tm/units.server'
import { withTestDatabase } from './database'
import { readyProject } from './ready-project'

/** Issue 5 items 6 and 7: analysis bands from the readable memories, and pretranslation of 100% matches. */
withTestDatabase()
let owner: number

const sentences = [
  'The committee approved the annual budget.', // 100% in the memory
  'The committee approved the annual report.', // one token of seven differs: 85
  'Please close the window before you leave.', // no match
  'The committee approved the annual budget.', // a repetition of the first
  'The <b>committee</b> approved the annual budget.', // tags differ only: 99
]
const html = `<!doctype html><html lang="en"><body>${sentences.map((s) => `<p>${s}</p>`).join('\n')}</body></html>`

beforeAll(async () => {
  const made = await createUser({ email: 'bands@example.lv', name: 'Joslas', password: 'a long password' })
  if (!made.ok) throw new Error('no user')
  owner = made.user.id
  await ensureDefaultMemory(owner, 'en', 'lv')
  const [memory] = await listMemories(owner)
  await db().transaction((tx) =>
    writeUnit(tx, [memory!.id], {
      source: 'The committee approved the annual budget.',
      target: 'Komiteja apstiprināja gada budžetu.',
      createdBy: 'Anna',
    }),
  )
})

async function runTasks() {
  const worker = startWorker({ handlers: taskHandlers, pollMs: 10, log: () => {} })
  await worker.idle()
  await worker.stop()
}

describe('bands (pure)', () => {
  it('puts matches in the SPEC bands', () => {
    expect([100, 99, 95, 94, 85, 84, 75, 74, 50, 49, null].map(bandOf)).toEqual([
      '100',
      '95-99',
      '95-99',
      '85-94',
      '85-94',
      '75-84',
      '75-84',
      '50-74',
      '50-74',
      'none',
      'none',
    ])
  })

  it('counts repetitions and MT apart, and reads stored bands leniently', () => {
    const bands = countBands([
      { wordCount: 3, tmMatch: 100, repetition: false, mt: false },
      { wordCount: 3, tmMatch: 100, repetition: true, mt: false },
      { wordCount: 2, tmMatch: null, repetition: false, mt: true },
    ])
    expect(bands).toMatchObject({ '100': 3, repetitions: 3, mt: 2, none: 0 })
    expect(readBands({ '100': 5, bogus: 1 })).toMatchObject({ '100': 5, none: 0 })
    expect(readBands(null)).toBeUndefined()
  })
})

describe('project analysis and pretranslation', () => {
  it('records the best match per segment and the words per band', async () => {
    const { project, ids } = await readyProject(owner, 'bands.html', html)
    const rows = await db().query<{ id: number; tmMatch: number | null }>(
      'select id, tm_match as "tmMatch" from segments where project_id = $1 order by position',
      [project.id],
    )
    expect(rows.map((row) => row.tmMatch)).toEqual([100, 85, null, null, 99])
    const [stored] = await db().query<{ bands: unknown }>('select analysis_bands as bands from projects where id = $1', [project.id])
    expect(readBands(stored!.bands)).toEqual({ '100': 6, '95-99': 6, '85-94': 6, '75-84': 0, '50-74': 0, none: 7, repetitions: 6, mt: 0 })
    expect(ids).toHaveLength(5)
  })

  it('counts the words per band of a project whose memories are empty, over several batches', async () => {
    const made = await createUser({ email: 'no-memory@example.lv', name: 'Bez atmiņas', password: 'a long password' })
    if (!made.ok) throw new Error('no user')
    // 2,500 paragraphs (three batches of counts): every fifth repeats an earlier one.
    const paragraphs = Array.from({ length: 2_500 }, (_, index) => (index % 5 === 4 ? 'Repeated words here.' : `Paragraph number ${index} has six words.`))
    const { project, ids } = await readyProject(made.user.id, 'long.txt', paragraphs.join('\n'))
    expect(ids).toHaveLength(2_500)
    const [stored] = await db().query<{ bands: unknown; analysed: number; status: string }>(
      'select analysis_bands as bands, segments_analyzed as analysed, analysis_status as status from projects where id = $1',
      [project.id],
    )
    // 2,000 six-word paragraphs and the first "Repeated words here." (3) are new; the other 499 repeat it.
    expect(readBands(stored!.bands)).toEqual({ '100': 0, '95-99': 0, '85-94': 0, '75-84': 0, '50-74': 0, none: 12_003, repetitions: 1_497, mt: 0 })
    expect(stored).toMatchObject({ analysed: 2_500, status: 'DONE' })
  })

  it('fills only 100% matches as translated TM 100, never over a confirmed segment or manual typing', async () => {
    const { project, ids } = await readyProject(owner, 'pretranslate.html', html)
    await db().query(`update segments set target = 'Mans tulkojums.', status = 'DRAFT', save_type = 'MANUAL' where id = $1`, [ids[3]])
    expect(await startTmPretranslation(project.id)).toBe(true)
    const [status] = await db().query<{ status: string }>('select analysis_status as status from projects where id = $1', [project.id])
    expect(status!.status).toBe('PRETRANSLATING')
    expect(await startTmPretranslation(project.id)).toBe(false)
    await runTasks()
    const rows = await db().query<{ target: string | null; status: string; saveType: string | null; saveMatch: number | null }>(
      'select target, status, save_type as "saveType", save_match as "saveMatch" from segments where project_id = $1 order by position',
      [project.id],
    )
    expect(rows[0]).toEqual({ target: 'Komiteja apstiprināja gada budžetu.', status: 'TRANSLATED', saveType: 'TM', saveMatch: 100 })
    expect(rows.slice(1, 3).map((row) => row.status)).toEqual(['NEW', 'NEW'])
    expect(rows[3]).toMatchObject({ target: 'Mans tulkojums.', saveType: 'MANUAL' })
    expect(rows[4]!.status).toBe('NEW')
    const [after] = await db().query<{ status: string; pretranslated: number }>(
      'select analysis_status as status, pretranslated from projects where id = $1',
      [project.id],
    )
    expect(after).toEqual({ status: 'DONE', pretranslated: 5 })
  })

  it('pretranslates after analysis when the project was uploaded with "fill from 100% TM"', async () => {
    const { project } = await readyProject(owner, 'upload-pretranslate.html', html)
    await db().query(`update projects set tm_pretranslate = true, analysis_status = 'ANALYSING' where id = $1`, [project.id])
    const { enqueue } = await import('~/lib/jobs/queue.server')
    await db().transaction((tx) => enqueue(tx, { kind: 'analyse', projectId: project.id }))
    await runTasks()
    const rows = await db().query<{ status: string }>('select status from segments where project_id = $1 order by position', [project.id])
    expect(rows.map((row) => row.status)).toEqual(['TRANSLATED', 'NEW', 'NEW', 'TRANSLATED', 'NEW'])
  })
})

describe("the translator's pretranslate intent", () => {
  it('starts the task, shows the pretranslation wait with its progress, and refuses a second start', async () => {
    const { project } = await readyProject(owner, 'route.html', html)
    const { action, loader } = await import('~/routes/translate.$projectId.$password')
    const { settle, post, get, context } = await import('./remix')
    const cookie = (await createSession(owner, new Request('http://localhost:3000/'))).split(';')[0]!
    const path = `/translate/${project.id}/${project.password}`
    const params = { projectId: String(project.id), password: project.password }
    const started = await settle(() => action({ request: post(path, { intent: 'pretranslate-tm', back: path }, cookie), params, context }))
    expect(started).toMatchObject({ status: 302, location: path })
    const waiting = await settle<{ analysing: boolean; pretranslating: boolean; total: number }>(() =>
      loader({ request: get(path, cookie), params, context }),
    )
    expect(waiting.data).toMatchObject({ analysing: true, pretranslating: true, total: 5 })
    const again = await settle(() => action({ request: post(path, { intent: 'pretranslate-tm', back: path }, cookie), params, context }))
    expect(again.status).toBe(302)
    expect(again.headers?.get('Set-Cookie')).toContain('flash')
    await runTasks()
    const done = await settle<{ analysing: boolean; footer: { bands: Record<string, number> } }>(() =>
      loader({ request: get(path, cookie), params, context }),
    )
    expect(done.data).toMatchObject({ analysing: false, footer: { bands: { '100': 6, repetitions: 6 } } })
  })
})
