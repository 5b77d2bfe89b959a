import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { User } from '~/lib/auth/users.server'
import { db } from '~/lib/db/db.server'
import { allTaskHandlers } from '~/lib/jobs/task-handlers.server'
import { startWorker } from '~/lib/jobs/worker.server'
import { saveSegment } from '~/lib/projects/segments.server'
import { projectSettings } from '~/lib/projects/project-settings.server'
import { findProject, type ProjectSummary } from '~/lib/projects/projects.server'
import { saveQaOff, segmentWarnings, setIgnored, uncheckedCount, warningCounts } from '~/lib/qa/segment-qa.server'
import { stopSpellCheckers } from '~/lib/qa/spelling.server'
import { addConcepts, createGlossary } from '~/lib/terms/glossaries.server'
import { signedInUser } from './accounts'
import { withTestDatabase } from './database'
import { readyProject } from './ready-project'

/** Issue 17, point 4: QA on every save, kept per segment; consistency, ignoring, the checks a project turns off. */
withTestDatabase()
let owner: User
let project: ProjectSummary
let ids: number[]

beforeAll(async () => {
  owner = (await signedInUser('qa@example.lv', 'Kvalitāte')).user
  ;({ project, ids } = await readyProject(
    owner.id,
    'qa.txt',
    'The computer costs 1,250 euros.\n\nThe computer is new.\n\nOpen the file.\n\nOpen the file.\n\nClose the window.\n',
  ))
  const glossary = await createGlossary(owner.id, { name: 'IT', sourceLang: 'en', targetLang: 'lv' })
  await addConcepts(glossary, [
    { source: [{ text: 'computer', status: 'admitted' }], target: [{ text: 'dators', status: 'preferred' }, { text: 'skaitļotājs', status: 'deprecated' }] },
  ])
})
afterAll(stopSpellCheckers)

const job = () => ({ id: project.id, jobId: project.jobId })
const save = (index: number, target: string) => saveSegment(job(), ids[index]!, { target, status: 'DRAFT', saveType: 'MANUAL', saveMatch: 0 }, 0)
const warningsOf = async (index: number) => ((await segmentWarnings(project.id, [ids[index]!])).get(ids[index]!) ?? []).map((warning) => warning.key)

describe('QA on save', () => {
  it('keeps the text, glossary and spelling warnings of a saved translation', async () => {
    await save(0, 'Skaitļotājs maksā 1 250 eiro')
    expect(await warningsOf(0)).toEqual(['end-punctuation:.', 'term-missing:dators', 'term-avoided:skaitļotājs'])
    // Inflected: "datoram" is the preferred term; "1.250" is the same number; "eirro" is misspelled.
    await save(0, 'Datoram jāmaksā 1250 eirro.')
    expect(await warningsOf(0)).toEqual(['spelling:eirro'])
    await save(0, 'Dators maksā 1 250 eiro.')
    expect(await warningsOf(0)).toEqual([])
  })

  it('finds one source translated two ways and one translation of two sources', async () => {
    await save(2, 'Atveriet datni.')
    await save(3, 'Atver datni.')
    await save(4, 'Atveriet datni.')
    expect(await warningsOf(2)).toEqual(['inconsistent-target', 'inconsistent-source'])
    expect(await warningsOf(3)).toEqual(['inconsistent-target'])
    expect(await warningsOf(4)).toEqual(['inconsistent-source'])
    const all = await segmentWarnings(project.id)
    expect([...all.keys()]).toEqual([ids[2], ids[3], ids[4]])
  })

  it('remembers an ignored warning, counts only the others, and leaves out the checks the project turned off', async () => {
    expect(await setIgnored(project.id, ids[3]!, 'inconsistent-target', true)).toBe(true)
    expect((await segmentWarnings(project.id, [ids[3]!])).get(ids[3]!)).toEqual([{ code: 'inconsistent-target', key: 'inconsistent-target', ignored: true }])
    await saveQaOff(project.id, ['inconsistency', 'not-a-check'])
    expect((await segmentWarnings(project.id)).size).toBe(0)
    // The translator's settings show the choice, read with the project's row.
    const settingsNow = async () => projectSettings((await findProject(owner.id, project.id))!)
    expect((await settingsNow()).qaOff).toEqual(['inconsistency'])
    await saveQaOff(project.id, [])
    expect((await settingsNow()).qaOff).toEqual([])
    expect(await setIgnored(project.id, ids[3]!, 'inconsistent-target', false)).toBe(true)
    expect([...(await segmentWarnings(project.id)).values()].flat()).toHaveLength(4)

    // The file list counts the warnings found on save: ignored ones and those of checks turned off left out.
    await save(1, 'Skaitļotājs ir jauns')
    expect((await warningCounts([project.id])).get(project.id)).toBe(3)
    expect(await setIgnored(project.id, ids[1]!, 'term-avoided:skaitļotājs', true)).toBe(true)
    expect((await warningCounts([project.id])).get(project.id)).toBe(2)
    await saveQaOff(project.id, ['punctuation'])
    expect((await warningCounts([project.id])).get(project.id)).toBe(1)
    await saveQaOff(project.id, [])
    await save(1, 'Dators ir jauns.')
    expect((await warningCounts([project.id])).get(project.id)).toBeUndefined()
  })

  it('checks translations changed in bulk in the background', async () => {
    await db().query(`update segments set target = 'Aizveriet  logu', qa = null where id = $1`, [ids[4]!])
    await db().query(`insert into tasks (kind, project_id) values ('qa-check', $1)`, [project.id])
    expect(await uncheckedCount(project.id)).toBe(1)
    const worker = startWorker({ handlers: allTaskHandlers, pollMs: 10, log: () => {} })
    await worker.idle()
    await worker.stop()
    expect(await uncheckedCount(project.id)).toBe(0)
    expect(await warningsOf(4)).toEqual(['double-space', 'end-punctuation:.'])
  })
})
