import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '~/lib/db/db.server'
import { TmIndexCache } from '~/lib/tm/index-cache.server'
import { unitKeys } from '~/lib/tm/index-keys'
import { createMemory } from '~/lib/tm/memories.server'
import type { TmUnit } from '~/lib/tm/tmx'
import { runTmxImport, tmxImportHandlers } from '~/lib/tm/tmx-import.server'
import { setTmxPrepareEntry } from '~/lib/tm/tmx-prepare.server'
import { tokenize } from '~/lib/tm/tokens'
import { importUnits, importBatchSize, undoImport, writeUnit } from '~/lib/tm/units.server'
import { withTestDatabase } from './database'
import { storedImport, tmxText } from './tmx-uploads'

/**
 * Issue 15 (decision 0014, third addendum): a TMX import reads its file once and writes as it goes; a file that
 * breaks half-way is undone from the import's undo entries, so the memory ends as it was — its units, their texts,
 * keys, words and times, and every instance's in-process copy — even when the import had been cut off and run
 * again, and while keeping what a translator confirmed meanwhile.
 */
withTestDatabase()
let owner: number

beforeAll(async () => {
  const [user] = await db().query<{ id: number }>(`insert into users (email, name, password_hash) values ('undo@example.lv', 'Undo', '-') returning id`)
  owner = user!.id
})

const PAIR = { sourceLang: 'en', targetLang: 'lv' }
const when = new Date(Date.UTC(2025, 2, 1, 12, 0, 0))
const unit = (source: string, target: string): TmUnit => ({ source, target, ...PAIR, creator: 'file', created: when, changed: when })

/** Everything about a memory's units that an import may change, and their ids. */
async function memoryState(memoryId: number) {
  return db().query(
    `select id, source, target, source_hash, token_count, keys, words, created_by, created_at, changed_at
       from tm_units where memory_id = $1 order by id`,
    [memoryId],
  )
}

/** What an instance's copy of the memory holds: each unit with the keys it finds it by. */
async function copyOf(cache: TmIndexCache, memoryId: number, sources: readonly string[]) {
  const index = (await cache.current([memoryId])).get(memoryId)!
  const found = sources.map((source) => index.candidates(unitKeys(tokenize(source).tokens), 100).map((candidate) => candidate.unitId).sort())
  return { units: index.units, found }
}

async function importRow(importId: number) {
  const [row] = await db().query<{ status: string; report: { error?: { code: string } } | null; undo: number }>(
    `select status, report, (select count(*)::int from tm_import_undo where import_id = $1) as undo from tmx_imports where id = $1`,
    [importId],
  )
  return row!
}

const many = (count: number, from = 0) => Array.from({ length: count }, (_, at) => unit(`Sentence number ${from + at} of the file.`, `Teikums ${from + at}.`))

describe('a TMX import in one pass', () => {
  it('imports a good file and keeps no undo entries', async () => {
    const memory = await createMemory(owner, { name: 'Good', ...PAIR })
    const importId = await storedImport(owner, memory.id, await tmxText(many(1_200)))
    await runTmxImport(importId)
    expect(await importRow(importId)).toMatchObject({ status: 'done', undo: 0, report: expect.not.objectContaining({ error: expect.anything() }) })
    expect(await memoryState(memory.id)).toHaveLength(1_200)
  })

  it('starts a prepare thread on PostgreSQL only for an upload of the set size or more', async () => {
    const memory = await createMemory(owner, { name: 'Sizes', ...PAIR })
    const small = await storedImport(owner, memory.id, await tmxText(many(10)))
    const large = await storedImport(owner, memory.id, await tmxText(many(1_000, 10)))
    // A thread that cannot start: an import that asks for one fails.
    setTmxPrepareEntry(new URL('./fixtures/no-such-thread.mjs', import.meta.url), 20_000)
    try {
      await runTmxImport(small)
      expect(await importRow(small)).toMatchObject({ status: 'done' })
      if (db().kind === 'postgres') await expect(runTmxImport(large)).rejects.toThrow()
      else {
        // PGlite prepares every import in the task's thread.
        await runTmxImport(large)
        expect(await importRow(large)).toMatchObject({ status: 'done' })
      }
    } finally {
      setTmxPrepareEntry(undefined)
    }
  })

  it('leaves the memory as it was when the file breaks half-way: units, texts, times and the copies', async () => {
    const memory = await createMemory(owner, { name: 'Broken', ...PAIR })
    // Units the broken file will update (two of them), and one it does not touch.
    await writeUnit(db(), [memory.id], { source: 'Sentence number 5 of the file.', target: 'Vecais tulkojums 5.', createdBy: 'anna' })
    await writeUnit(db(), [memory.id], { source: 'Sentence number 1500 of the file.', target: 'Vecais tulkojums 1500.', createdBy: 'anna' })
    await writeUnit(db(), [memory.id], { source: 'Untouched sentence.', target: 'Neskarts teikums.', createdBy: 'anna' })
    const before = await memoryState(memory.id)
    const probes = ['Sentence number 5 of the file.', 'Sentence number 1500 of the file.', 'Sentence number 700 of the file.', 'Untouched sentence.']
    // Another instance holds the memory's copy from before the import.
    const other = new TmIndexCache(db())
    const copyBefore = await copyOf(other, memory.id, probes)

    // Three batches' worth of good units, then the file breaks (cut off inside a unit).
    const good = await tmxText(many(3 * importBatchSize() + 100))
    const broken = good.slice(0, good.lastIndexOf('<tu ')) + '<tu><tuv xml:lang="en"><seg>Cut'
    const importId = await storedImport(owner, memory.id, broken)
    await runTmxImport(importId)

    const row = await importRow(importId)
    expect(row).toMatchObject({ status: 'failed', undo: 0, report: { error: { code: 'malformed-xml' } } })
    expect(await memoryState(memory.id)).toEqual(before)
    expect(await copyOf(other, memory.id, probes)).toEqual(copyBefore)
    expect(await copyOf(new TmIndexCache(db()), memory.id, probes)).toEqual(copyBefore)
  })

  it('undoes both runs of an import cut off and run again, keeping a unit a translator changed meanwhile', async () => {
    const memory = await createMemory(owner, { name: 'Twice', ...PAIR })
    await writeUnit(db(), [memory.id], { source: 'Sentence number 3 of the file.', target: 'Vecais 3.', createdBy: 'anna' })
    const before = await memoryState(memory.id)
    const importId = await storedImport(owner, memory.id, '<tmx/>')
    const units = (count: number, target: string) =>
      Array.from({ length: count }, (_, at) => ({ source: `Sentence number ${at} of the file.`, target: `${target} ${at}.`, createdBy: 'file' }))

    // The first run writes two batches and is cut off; the second writes the same units again and more.
    await importUnits(memory.id, units(2 * importBatchSize(), 'Pirmais'), undefined, importId)
    await importUnits(memory.id, units(3 * importBatchSize(), 'Otrais'), undefined, importId)
    // A translator confirms one of the imported units meanwhile (write-back).
    await writeUnit(db(), [memory.id], { source: 'Sentence number 7 of the file.', target: 'Tulkotājas 7.', createdBy: 'anna' })

    await undoImport(importId)
    const after = await memoryState(memory.id)
    const kept = after.find((row) => row.source === 'Sentence number 7 of the file.')
    expect(kept).toMatchObject({ target: 'Tulkotājas 7.' })
    expect(after.filter((row) => row !== kept)).toEqual(before)
    expect(await importRow(importId)).toMatchObject({ undo: 0 })
  })

  it('goes on undoing when cut off while undoing, and fails for good through giveUp', async () => {
    const memory = await createMemory(owner, { name: 'Resumed', ...PAIR })
    const importId = await storedImport(owner, memory.id, await tmxText(many(10)))
    await importUnits(
      memory.id,
      many(2 * importBatchSize()).map((each) => ({ source: each.source, target: each.target, createdBy: 'file' })),
      undefined,
      importId,
    )
    // The task had found the file broken and was cut off while undoing: its report holds the error.
    await db().query(`update tmx_imports set status = 'running', report = $2 where id = $1`, [
      importId,
      JSON.stringify({ imported: 0, skipped: 0, skippedByCode: {}, issues: [], header: {}, error: { code: 'malformed-xml' } }),
    ])
    await runTmxImport(importId)
    expect(await importRow(importId)).toMatchObject({ status: 'failed', undo: 0, report: { error: { code: 'malformed-xml' } } })
    expect(await memoryState(memory.id)).toEqual([])

    // A task that failed for good for another reason is undone as well.
    const second = await storedImport(owner, memory.id, await tmxText(many(10)))
    await importUnits(memory.id, many(30).map((each) => ({ source: each.source, target: each.target, createdBy: 'file' })), undefined, second)
    await tmxImportHandlers['tmx-import'].giveUp!({ payload: { importId: second } } as never, new Error('gone'))
    expect(await importRow(second)).toMatchObject({ status: 'failed', undo: 0, report: { error: { code: 'import-failed' } } })
    expect(await memoryState(memory.id)).toEqual([])
  })
})
