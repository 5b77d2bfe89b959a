import { beforeAll, describe, expect, it } from 'vitest'
import type { ProjectSummary } from '~/lib/projects/projects.server'
import { createMemory } from '~/lib/tm/memories.server'
import { pretranslateFromTm } from '~/lib/tm/project-tm.server'
import { suggestionsFor } from '~/lib/tm/suggestions.server'
import { readTmx } from '~/lib/tm/tmx'
import { tmxExportChunks } from '~/lib/tm/tmx-export.server'
import { importedUnits } from '~/lib/tm/tmx-prepare.server'
import { collect, textStream } from '~/lib/tm/tmx-test-streams'
import { contextHash, importUnitBatches, importUnits } from '~/lib/tm/units.server'
import { action as callAction } from '~/routes/$'
import { signedInUser } from './accounts'
import { withTestDatabase } from './database'
import { readyProject } from './ready-project'
import { BASE, context } from './remix'

/**
 * Issue 58 point 4, context matches (101 %, ICE): a unit written from a file keeps a hash of the sources around its
 * segment; a 100 % match between the same neighbours is shown as 101 %, first, and pretranslation takes it first.
 */
const database = withTestDatabase()
let cookie: string
let ownerId: number

beforeAll(async () => {
  const owner = await signedInUser('konteksts@example.lv', 'Konteksta Tests')
  ;({ cookie } = owner)
  ownerId = owner.user.id
})

const file = (lines: string[]) => readyProject(ownerId, 'konteksts.txt', lines.join('\n'))

async function confirm(segmentId: number, translation: string) {
  const body = new URLSearchParams({ segmentId: String(segmentId), status: 'TRANSLATED', translation, saveType: 'MANUAL' })
  const answer = await callAction({ request: new Request(`${BASE}/segments/translate`, { method: 'POST', body, headers: { Cookie: cookie } }), params: {}, context })
  expect(answer.status).toBe(200)
}

const matchesOf = (project: ProjectSummary, segmentId: number, source: string) =>
  suggestionsFor(project, source, 50, { projectId: project.id, id: segmentId })

describe('context matches (issue 58 point 4)', () => {
  it('a 100% match between the same neighbours is 101% and first; elsewhere it stays 100%', async () => {
    const memory = await createMemory(ownerId, { name: 'Konteksts', sourceLang: 'en', targetLang: 'lv' })
    const first = await file(['Open the lid.', 'Press the button.', 'Close the lid.'])
    await confirm(first.ids[1]!, 'Nospiediet pogu.')
    const [unit] = await database.current().query<{ context: string | null }>('select context from tm_units where memory_id = $1', [memory.id])
    expect(unit?.context).toMatch(/^[0-9a-f-]{36}$/)

    const same = await file(['Open the lid.', 'Press the button.', 'Close the lid.'])
    expect((await matchesOf(same.project, same.ids[1]!, 'Press the button.'))[0]).toMatchObject({ match: 101, target: 'Nospiediet pogu.' })
    const elsewhere = await file(['Open the door.', 'Press the button.', 'Close the lid.'])
    expect((await matchesOf(elsewhere.project, elsewhere.ids[1]!, 'Press the button.'))[0]).toMatchObject({ match: 100 })
    // At the end of a file the missing neighbour counts as empty: only another file's last segment matches it.
    expect((await matchesOf(same.project, same.ids[2]!, 'Close the lid.')).map((hit) => hit.match)).not.toContain(101)
  })

  it('pretranslation takes the unit written in the same context before a newer one of the same source, as 101%', async () => {
    const inContext = await createMemory(ownerId, { name: 'Kontekstā', sourceLang: 'en', targetLang: 'lv' })
    const newer = await createMemory(ownerId, { name: 'Jaunāka', sourceLang: 'en', targetLang: 'lv' })
    const unit = { source: 'Check the level.', createdBy: 'Anna' }
    await importUnits(inContext.id, [{ ...unit, target: 'Pārbaudiet līmeni (kontekstā).', changedAt: new Date('2026-01-01'), context: contextHash('Step one.', 'Step three.') }])
    await importUnits(newer.id, [{ ...unit, target: 'Pārbaudiet līmeni.', changedAt: new Date('2026-06-01'), context: contextHash('Another start.', undefined) }])

    const target = await file(['Step one.', 'Check the level.', 'Step three.', 'Check the level.'])
    await pretranslateFromTm(target.project, async () => {})
    const rows = await database.current().query<{ target: string | null; status: string; saveMatch: number | null }>(
      'select target, status, save_match as "saveMatch" from segments where project_id = $1 order by position',
      [target.project.id],
    )
    expect(rows[1]).toEqual({ target: 'Pārbaudiet līmeni (kontekstā).', status: 'TRANSLATED', saveMatch: 101 })
    // The repetition at the end has other neighbours: a 100% match, the newest unit.
    expect(rows[3]).toEqual({ target: 'Pārbaudiet līmeni.', status: 'TRANSLATED', saveMatch: 100 })
  })

  it('a TMX with memoQ’s or OmegaT’s context props gives context matches, and Tulks’ export keeps the context', async () => {
    const memory = await createMemory(ownerId, { name: 'No TMX', sourceLang: 'en', targetLang: 'lv' })
    const tmx = `<?xml version="1.0"?><tmx version="1.4"><header srclang="en" datatype="plaintext" segtype="sentence" adminlang="en" o-tmf="x" creationtool="x" creationtoolversion="1"/><body>
      <tu><prop type="x-context-pre">&lt;seg&gt;Fill the tank.&lt;/seg&gt;</prop><prop type="x-context-post">&lt;seg&gt;Start the engine.&lt;/seg&gt;</prop>
        <tuv xml:lang="en"><seg>Wait a minute.</seg></tuv><tuv xml:lang="lv"><seg>Pagaidiet minūti.</seg></tuv></tu>
      <tu><prop type="prev">Start the engine.</prop><prop type="next"></prop>
        <tuv xml:lang="en"><seg>Drive away.</seg></tuv><tuv xml:lang="lv"><seg>Brauciet prom.</seg></tuv></tu>
    </body></tmx>`
    const reading = readTmx(textStream(tmx), { sourceLang: 'en', targetLang: 'lv' })
    await importUnitBatches(memory.id, importedUnits(reading.batches))
    const target = await file(['Fill the tank.', 'Wait a minute.', 'Start the engine.', 'Drive away.'])
    expect((await matchesOf(target.project, target.ids[1]!, 'Wait a minute.'))[0]).toMatchObject({ match: 101 })
    expect((await matchesOf(target.project, target.ids[3]!, 'Drive away.'))[0]).toMatchObject({ match: 101 })

    let exported = ''
    for await (const chunk of tmxExportChunks(memory, 'test')) exported += new TextDecoder().decode(chunk)
    expect(exported).toMatch(/<prop type="x-tulks-context">[0-9a-f]{32}<\/prop>/)
    const { units } = await collect(readTmx(textStream(exported), { sourceLang: 'en', targetLang: 'lv' }))
    const copy = await createMemory(ownerId, { name: 'Kopija', sourceLang: 'en', targetLang: 'lv' })
    await importUnitBatches(copy.id, importedUnits((async function* () { yield units })()))
    const contexts = async (memoryId: number) =>
      (await database.current().query<{ context: string }>('select context::text from tm_units where memory_id = $1 order by source', [memoryId])).map((row) => row.context)
    expect(await contexts(copy.id)).toEqual(await contexts(memory.id))
  })
})
