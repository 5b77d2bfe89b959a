import fs from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import type { User } from '~/lib/auth/users.server'
import { db } from '~/lib/db/db.server'
import { startWorker } from '~/lib/jobs/worker.server'
import { allTaskHandlers } from '~/lib/jobs/task-handlers.server'
import type { ProjectSummary } from '~/lib/projects/projects.server'
import {
  addConcepts,
  createGlossary,
  deleteGlossary,
  listConcepts,
  listGlossaries,
  saveProjectGlossaries,
  searchGlossaries,
  type Glossary,
} from '~/lib/terms/glossaries.server'
import { confirmMapping, findImport, previewRows, receiveGlossaryUpload, runGlossaryImport } from '~/lib/terms/glossary-import.server'
import { termsInWindow } from '~/lib/terms/term-recognition.server'
import { signedInUser } from './accounts'
import { withTestDatabase } from './database'
import { readyProject } from './ready-project'
import { BASE } from './remix'

/** Issue 17: glossaries in the database — import (TBX, CSV with mapping), recognition in a window, deletion. */
withTestDatabase()
let owner: User
let stranger: User
let project: ProjectSummary
let ids: number[]

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/glossaries/${name}`, import.meta.url))

beforeAll(async () => {
  owner = (await signedInUser('glossary@example.lv', 'Gita Glosārija')).user
  stranger = (await signedInUser('glossary-cits@example.lv')).user
  ;({ project, ids } = await readyProject(owner.id, 'terms.txt', 'The computer has a translation memory.\n\nComputers and files.\n\nNothing here.\n'))
})

async function upload(glossary: Glossary, name: string, bytes: Uint8Array, who = owner) {
  const form = new FormData()
  form.set('glossaryId', String(glossary.id))
  form.append('file', new Blob([new Uint8Array(bytes)]), name)
  return receiveGlossaryUpload(new Request(`${BASE}/glossaries/import`, { method: 'POST', body: form }), who.id)
}

async function runTasks() {
  const worker = startWorker({ handlers: allTaskHandlers, pollMs: 10, log: () => {} })
  await worker.idle()
  await worker.stop()
}

describe('importing a glossary', () => {
  it('imports a TBX in the background: concepts with all their target terms, counted', async () => {
    const glossary = await createGlossary(owner.id, { name: 'IT', sourceLang: 'en-US', targetLang: 'lv-LV' })
    const uploaded = await upload(glossary, 'it.tbx', fixture('basic-2008.tbx'))
    expect(uploaded.ok && uploaded.upload.status).toBe('queued')
    await runTasks()
    const done = await findImport(owner.id, uploaded.ok ? uploaded.upload.id : 0)
    expect(done).toMatchObject({ status: 'done', report: { imported: 2, skipped: 1 } })
    const { total, concepts } = await listConcepts(glossary.id, 1)
    expect(total).toBe(2)
    expect(concepts.find((concept) => concept.source[0]?.text === 'computer')?.target.map((term) => [term.text, term.status])).toEqual([
      ['dators', 'preferred'],
      ['skaitļotājs', 'deprecated'],
    ])
    expect((await listGlossaries(owner.id)).find((each) => each.id === glossary.id)?.conceptCount).toBe(2)
  })

  it('maps the columns of a CSV before importing it; a mapping without source and target is refused', async () => {
    const glossary = await createGlossary(owner.id, { name: 'CSV', sourceLang: 'en', targetLang: 'lv' })
    const uploaded = await upload(glossary, 'terms.csv', fixture('glossary.csv'))
    if (!uploaded.ok) throw new Error(uploaded.code)
    expect(uploaded.upload).toMatchObject({
      status: 'mapping',
      delimiter: ';',
      mapping: ['concept', 'source', 'target', 'targetStatus', 'definition'],
    })
    expect((await previewRows(uploaded.upload))[1]).toEqual(['1', 'computer', 'dators', 'preferred', 'A machine; it processes data'])
    expect(await confirmMapping(uploaded.upload, ['concept', 'source', 'ignore', 'ignore', 'ignore'])).toBe(false)
    expect(await confirmMapping(uploaded.upload, ['concept', 'source', 'target', 'targetStatus', 'note'])).toBe(true)
    await runTasks()
    expect(await findImport(owner.id, uploaded.upload.id)).toMatchObject({ status: 'done', report: { imported: 2, skipped: 1 } })
    expect((await listConcepts(glossary.id, 1)).concepts.map((concept) => concept.note ?? null).sort()).toEqual([
      'A machine; it processes data',
      null,
    ])
  })

  it('imports nothing from a broken file, refuses a stranger, a wrong extension and an empty file', async () => {
    const glossary = await createGlossary(owner.id, { name: 'Broken', sourceLang: 'en', targetLang: 'lv' })
    const broken = await upload(
      glossary,
      'broken.tbx',
      new TextEncoder().encode(fixture('basic-2008.tbx').toString('utf8').replace('</termEntry>', '')),
    )
    await runTasks()
    expect(await findImport(owner.id, broken.ok ? broken.upload.id : 0)).toMatchObject({
      status: 'failed',
      report: { imported: 0, error: 'malformed-xml' },
    })
    expect((await listConcepts(glossary.id, 1)).total).toBe(0)
    expect(await upload(glossary, 'x.tbx', fixture('basic-2008.tbx'), stranger)).toEqual({ ok: false, code: 'no-glossary' })
    expect(await upload(glossary, 'x.docx', fixture('basic-2008.tbx'))).toEqual({ ok: false, code: 'wrong-extension' })
    expect(await upload(glossary, 'x.tbx', new Uint8Array())).toEqual({ ok: false, code: 'missing-file' })
  })

  it('a retried import first removes what its cut-off run wrote: no duplicate concepts', async () => {
    const glossary = await createGlossary(owner.id, { name: 'Retry', sourceLang: 'en', targetLang: 'lv' })
    const uploaded = await upload(glossary, 'retry.tbx', fixture('basic-2008.tbx'))
    const importId = uploaded.ok ? uploaded.upload.id : 0
    // A run cut off after writing one batch: the concepts are there, the import still running.
    await addConcepts(
      glossary,
      [{ source: [{ text: 'computer', status: 'admitted' }], target: [{ text: 'dators', status: 'admitted' }] }],
      db(),
      importId,
    )
    await db().query(`update glossary_imports set status = 'running' where id = $1`, [importId])
    await runGlossaryImport(importId)
    expect((await listConcepts(glossary.id, 1)).total).toBe(2)
    expect((await listGlossaries(owner.id)).find((each) => each.id === glossary.id)?.conceptCount).toBe(2)
    await db().query(`delete from tasks where kind = 'glossary-import'`)
  })
})

describe('recognising terms', () => {
  it('finds inflected and multi-word terms of the glossaries the project reads, with all their targets', async () => {
    const glossary = await createGlossary(owner.id, { name: 'Window', sourceLang: 'en', targetLang: 'lv' })
    await addConcepts(glossary, [
      {
        source: [{ text: 'computer', status: 'admitted' }],
        target: [
          { text: 'dators', status: 'preferred' },
          { text: 'skaitļotājs', status: 'obsolete' },
        ],
      },
      { source: [{ text: 'translation memory', status: 'admitted' }], target: [{ text: 'tulkošanas atmiņa', status: 'admitted' }] },
    ])
    const segments = [
      { id: ids[0]!, source: 'The computer has a translation memory.' },
      { id: ids[1]!, source: 'Computers and files.' },
      { id: ids[2]!, source: 'Nothing here.' },
    ]
    const read = await termsInWindow(project, segments)
    expect(read.hits.get(ids[0]!)?.map((hit) => segments[0]!.source.slice(hit.start, hit.end))).toEqual(['computer', 'translation memory'])
    expect(read.hits.get(ids[1]!)?.map((hit) => segments[1]!.source.slice(hit.start, hit.end))).toEqual(['Computers'])
    expect(read.hits.get(ids[2]!)).toEqual([])
    // The other glossaries read here (the imports above) have "computer" too; this one marks skaitļotājs obsolete.
    const computer = read.hits.get(ids[0]!)![0]!.conceptIds.find((id) => read.targets.get(id)?.some((term) => term.status === 'obsolete'))
    expect(read.targets.get(computer!)).toEqual([
      { text: 'dators', status: 'preferred' },
      { text: 'skaitļotājs', status: 'obsolete' },
    ])

    await saveProjectGlossaries(
      project,
      (await listGlossaries(owner.id)).map((each) => ({ id: each.id, read: false, write: false })),
    )
    expect((await termsInWindow(project, segments)).hits.size).toBe(0)
  })

  it('deletes a glossary at once for the owner only; its concepts go in the background', async () => {
    const glossary = await createGlossary(owner.id, { name: 'Doomed', sourceLang: 'en', targetLang: 'lv' })
    await addConcepts(glossary, [{ source: [{ text: 'a', status: 'admitted' }], target: [{ text: 'b', status: 'admitted' }] }])
    expect(await deleteGlossary(stranger.id, glossary.id)).toBe(false)
    expect(await deleteGlossary(owner.id, glossary.id)).toBe(true)
    expect((await listGlossaries(owner.id)).map((each) => each.id)).not.toContain(glossary.id)
    await runTasks()
    expect(await db().query('select id from glossary_concepts where glossary_id = $1', [glossary.id])).toEqual([])
    expect(await db().query('select id from glossary_terms where glossary_id = $1', [glossary.id])).toEqual([])
  })

  it('deleting a concept or a whole glossary row deletes what belongs to it (migration 18 replaced the cascades)', async () => {
    const glossary = await createGlossary(owner.id, { name: 'Rows', sourceLang: 'en', targetLang: 'lv' })
    const [first, second] = await addConcepts(glossary, [
      { source: [{ text: 'disk', status: 'admitted' }], target: [{ text: 'disks', status: 'admitted' }] },
      {
        source: [{ text: 'file', status: 'admitted' }],
        target: [
          { text: 'datne', status: 'preferred' },
          { text: 'fails', status: 'deprecated' },
        ],
      },
    ])
    const termsOf = async (conceptId: number) => (await db().query('select id from glossary_terms where concept_id = $1', [conceptId])).length
    expect([await termsOf(first!), await termsOf(second!)]).toEqual([2, 3])
    await db().query('delete from glossary_concepts where id = $1', [first])
    expect([await termsOf(first!), await termsOf(second!)]).toEqual([0, 3])
    await db().query('delete from glossaries where id = $1', [glossary.id])
    expect(await db().query('select id from glossary_concepts where glossary_id = $1', [glossary.id])).toEqual([])
    expect(await termsOf(second!)).toBe(0)
  })
})

describe('searching the glossaries from the translator', () => {
  it('finds concepts by part of a term or by an inflected form, on either side, only in the glossaries given', async () => {
    const glossary = await createGlossary(owner.id, { name: 'Meklēšana', sourceLang: 'en', targetLang: 'lv' })
    const other = await createGlossary(stranger.id, { name: 'Cits', sourceLang: 'en', targetLang: 'lv' })
    await addConcepts(glossary, [
      { source: [{ text: 'hard disk', status: 'admitted' }], target: [{ text: 'cietais disks', status: 'preferred' }] },
      { source: [{ text: 'keyboard', status: 'admitted' }], target: [{ text: 'tastatūra', status: 'preferred' }] },
    ])
    await addConcepts(other, [{ source: [{ text: 'keyboard', status: 'admitted' }], target: [{ text: 'klaviatūra', status: 'preferred' }] }])
    const found = async (text: string) => (await searchGlossaries([glossary], text)).map((concept) => concept.target[0]?.text)
    expect(await found('disk')).toEqual(['cietais disks'])
    expect(await found('tastatūrai')).toEqual(['tastatūra'])
    expect(await found('KEYBOARDS')).toEqual(['tastatūra'])
    expect(await found('100%_')).toEqual([])
    expect(await found('  ')).toEqual([])
  })
})
