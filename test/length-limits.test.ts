import { readFile } from 'node:fs/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import { startWorker } from '~/lib/jobs/worker.server'
import { allTaskHandlers } from '~/lib/jobs/task-handlers.server'
import { saveProjectSettings } from '~/lib/projects/project-settings.server'
import { findProject } from '~/lib/projects/projects.server'
import { segmentWarnings } from '~/lib/qa/segment-qa.server'
import { loader as rootLoader } from '~/root'
import { action as callAction } from '~/routes/$'
import { action as translateAction } from '~/routes/translate.$projectId.$password'
import { signedInUser } from './accounts'
import { withTestDatabase } from './database'
import { readyProject } from './ready-project'
import { BASE, context, cookieJar, get, post, settle } from './remix'

/**
 * Issue 58 point 6, length limits: a file's limits (XLIFF 1.2 maxwidth in characters, XLIFF 2 slr:sizeRestriction,
 * Android maxLength, subtitles' 42 characters a line) and the project's own raise QA warnings past them.
 */
const database = withTestDatabase()
let cookie: string
let ownerId: number

beforeAll(async () => {
  const owner = await signedInUser('garums@example.lv', 'Garuma Tests')
  ;({ cookie } = owner)
  ownerId = owner.user.id
})

async function confirm(segmentId: number, translation: string) {
  const body = new URLSearchParams({ segmentId: String(segmentId), status: 'TRANSLATED', translation, saveType: 'MANUAL' })
  const answer = await callAction({ request: new Request(`${BASE}/segments/translate`, { method: 'POST', body, headers: { Cookie: cookie } }), params: {}, context })
  expect(answer.status).toBe(200)
}

const limitsOf = async (projectId: number) =>
  database
    .current()
    .query<{ maxLength: number | null; lineLength: number | null }>(
      'select max_length as "maxLength", line_length as "lineLength" from units where project_id = $1 order by position',
      [projectId],
    )

const codes = async (projectId: number, segmentId: number) =>
  ((await segmentWarnings(projectId, [segmentId])).get(segmentId) ?? []).map((warning) => `${warning.code}:${warning.detail}`)

describe('length limits (issue 58 point 6)', () => {
  it('reads XLIFF 2 size restrictions in code points from a real Memsource file', async () => {
    const bytes = await readFile(new URL('../../shared/samples/xliff/v20/matecat_size-restriction.xliff', import.meta.url))
    const { project } = await readyProject(ownerId, 'ierobezojumi.xliff', bytes)
    const limits = (await limitsOf(project.id)).map((unit) => unit.maxLength)
    // 18 units say "" (no limit); the others carry 10 to 300.
    expect(limits.filter((limit) => limit !== null).sort((a, b) => a! - b!)).toEqual(expect.arrayContaining([10, 15, 20, 30, 130, 150, 160, 200, 300]))
    expect(limits).toContain(null)
  })

  it('warns past an XLIFF 1.2 maxwidth in characters (not in pixels) and an Android maxLength', async () => {
    const xliff = `<?xml version="1.0"?><xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file original="a" source-language="en" target-language="lv" datatype="plaintext"><body>
      <trans-unit id="1" maxwidth="12" size-unit="char"><source>Save the file</source></trans-unit>
      <trans-unit id="2" maxwidth="12"><source>Open the file</source></trans-unit>
    </body></file></xliff>`
    const { project, ids } = await readyProject(ownerId, 'poga.xlf', xliff)
    expect((await limitsOf(project.id)).map((unit) => unit.maxLength)).toEqual([12, null])
    await confirm(ids[0]!, 'Saglabāt datni')
    await confirm(ids[1]!, 'Atvērt šo datni tagad')
    expect(await codes(project.id, ids[0]!)).toContain('too-long:14/12')
    expect((await codes(project.id, ids[1]!)).filter((code) => code.startsWith('too-long'))).toEqual([])

    const android = `<?xml version="1.0" encoding="utf-8"?><resources><string name="ok" maxLength="5">Done</string></resources>`
    const resources = await readyProject(ownerId, 'strings.xml', android)
    await confirm(resources.ids[0]!, 'Pabeigts')
    expect(await codes(resources.project.id, resources.ids[0]!)).toContain('too-long:8/5')
  })

  it('warns past 42 characters in a subtitle line, and past the project’s own limit once it is set', async () => {
    const srt = '1\n00:00:01,000 --> 00:00:03,000\nA short line.\nAnd another short one.\n'
    const { project, ids } = await readyProject(ownerId, 'titri.srt', srt)
    expect((await limitsOf(project.id)).map((unit) => unit.lineLength)).toEqual([42])
    const long = 'Šī rinda ir daudz garāka nekā četrdesmit divas rakstzīmes.'
    await confirm(ids.at(-1)!, long)
    expect(await codes(project.id, ids.at(-1)!)).toContain(`line-too-long:${[...long].length}/42`)

    const text = await readyProject(ownerId, 'teksts.txt', 'Hello.\n')
    await confirm(text.ids[0]!, 'Sveiki, pasaule.')
    expect(await codes(text.project.id, text.ids[0]!)).toEqual([])
    const stored = (await findProject(ownerId, text.project.id, text.project.password))!
    await saveProjectSettings(stored, { updateMt: false, memories: [], maxLength: 10 })
    // The translations are checked again in the background.
    const worker = startWorker({ handlers: allTaskHandlers, pollMs: 10, log: () => {} })
    await worker.idle()
    await worker.stop()
    expect(await codes(text.project.id, text.ids[0]!)).toEqual(['too-long:16/10'])
    await saveProjectSettings({ ...stored, maxLength: 10 }, { updateMt: false, memories: [], maxLength: null })
    const again = startWorker({ handlers: allTaskHandlers, pollMs: 10, log: () => {} })
    await again.idle()
    await again.stop()
    expect(await codes(text.project.id, text.ids[0]!)).toEqual([])
  })

  it('refuses a project limit that is not a whole number from 1 to 100,000, with a translated message, and saves nothing', async () => {
    const { project } = await readyProject(ownerId, 'atteikums.txt', 'Hello.\n')
    const base = `/translate/${project.id}/${project.password}`
    const params = { projectId: String(project.id), password: project.password }
    // The session's cookie, and the flash cookie each answer sets.
    const jar = cookieJar()
    const header = () => [cookie, jar.header()].filter(Boolean).join('; ')
    for (const value of ['0', '-5', '2.5', 'abc', '1000001']) {
      const fields: [string, string][] = [['intent', 'project-settings'], ['back', base], ['propagate', 'on'], ['maxLength', value]]
      const posted = await settle(() => translateAction({ request: post(base, fields, header()), params, context }))
      expect(posted.status).toBe(302)
      jar.take(posted.headers)
      const page = await settle<{ flash?: { key: string; text: string } }>(() => rootLoader({ request: get(base, header()), params: {}, context }))
      expect(page.data.flash).toMatchObject({ kind: 'error', key: 'translate:toolbar.maxLengthInvalid', text: expect.stringContaining('no 1 līdz 100') })
      jar.take(page.headers)
    }
    expect((await findProject(ownerId, project.id, project.password))?.maxLength).toBeNull()
  })
})
