import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '~/lib/db/db.server'
import { bruteForceTop, prepareUnit, type TmHit } from '~/lib/tm/candidate-filter'
import { createMemory, deleteMemory } from '~/lib/tm/memories.server'
import { imageMemory, indexImageHandlers, TmIndexCache } from '~/lib/tm/index-cache.server'
import { imageFrom, imagePart, readIndexImage, storeIndexImage } from '~/lib/tm/index-images.server'
import { lookupMatches } from '~/lib/tm/lookups.server'
import { searchedWords, unitWords, wordHash } from '~/lib/tm/concordance-words'
import { importUnits, removeUnit, writeUnit } from '~/lib/tm/units.server'
import { runTmxImport } from '~/lib/tm/tmx-import.server'
import { purgeMemory } from '~/lib/projects/purge.server'
import { corpusQueries, corpusUnits } from '../bench/tm/corpus'
import { withTestDatabase } from './database'
import { storedImport, tmxText } from './tmx-uploads'

/**
 * Issue 53, decision 0030: an instance loading a memory starts from the image of its index the worker stored, reads
 * only what changed since, and answers as brute force; a missing, replaced or unreadable image only means a load from
 * the units.
 */
withTestDatabase()
let owner: number

beforeAll(async () => {
  const [user] = await db().query<{ id: number }>(
    `insert into users (email, name, password_hash) values ('image@example.lv', 'Image', '-') returning id`,
  )
  owner = user!.id
  imagePart.bytes = 16 * 1024 // images of many parts, read several at once on PostgreSQL, the last one shorter
})

const corpus = corpusUnits(2_000)
const everything = Number.MAX_SAFE_INTEGER

async function memoryWithUnits(name: string, units = corpus) {
  const memory = await createMemory(owner, { name, sourceLang: 'en', targetLang: 'lv' })
  await importUnits(
    memory.id,
    units.map((unit) => ({ source: unit.source, target: unit.target, createdBy: 'corpus', changedAt: new Date(unit.changedSecond * 1000) })),
  )
  return memory.id
}

const unitCount = async (memoryId: number) =>
  Number((await db().query<{ n: number }>('select count(*)::int as n from tm_units where memory_id = $1', [memoryId]))[0]!.n)

const answer = (hits: readonly TmHit[]) => hits.map((hit) => ({ id: hit.unit.id, match: hit.match }))

describe('images of memory indexes (decision 0030)', () => {
  it('an instance starting reads the image, then what changed since, and answers as brute force', { timeout: 120_000 }, async () => {
    const memoryId = await memoryWithUnits('Imaged')
    const held = (await new TmIndexCache(db(), everything, 'none').held(memoryId))!
    expect(await storeIndexImage(db(), memoryId, held.index, held.version)).toBe(true)
    const [head] = await db().query<{ parts: number }>('select parts from tm_index_images where memory_id = $1', [memoryId])
    expect(head!.parts).toBeGreaterThan(10)
    expect(await storeIndexImage(db(), memoryId, held.index, held.version)).toBe(false) // as new as the one stored

    // Changes after the image: new units, one replaced, one removed.
    const write = (source: string, target: string) => db().transaction((tx) => writeUnit(tx, [memoryId], { source, target, createdBy: 'Anna' }))
    await write('The cat sat on the mat after the image was made.', 'Kaķis sēdēja uz paklāja pēc attēla.')
    await write(corpus[3]!.source, 'Cits tulkojums.')
    await db().transaction((tx) => removeUnit(tx, [memoryId], corpus[5]!.source, corpus[5]!.target))
    // A unit taken out behind the versions' back: only an index read from the image still holds it.
    const [ghost] = await db().query<{ id: number }>('delete from tm_units where memory_id = $1 and source = $2 returning id', [
      memoryId,
      corpus[9]!.source,
    ])
    expect(ghost).toBeDefined()

    const fresh = (await new TmIndexCache(db(), everything).held(memoryId))!
    expect(fresh.index.units).toBe((await unitCount(memoryId)) + 1)
    const queries = [...corpusQueries(corpus, 30, 11), 'The cat sat on the mat after the image.']
    queries.push(corpus[3]!.source, corpus[5]!.source, corpus[9]!.source)
    const rows = await db().query<{ id: number; source: string; changedAt: Date }>(
      'select id, source, changed_at as "changedAt" from tm_units where memory_id = $1',
      [memoryId],
    )
    const units = rows.map((row) => prepareUnit({ id: Number(row.id), source: row.source, changedAt: new Date(row.changedAt).getTime() }))
    const expected = queries.map((query) => answer(bruteForceTop(query, units)))
    const found = []
    for (const query of queries) found.push(answer(await lookupMatches([memoryId], query, { deepenFrom: 0 })))
    expect(found).toEqual(expected)
    expect(found.at(-3)?.[0]).toMatchObject({ match: 100 })
    expect(fresh.index.hasWords).toBe(true)

    // Concordance reads the image's words, then has those of the units changed since.
    const cache = new TmIndexCache(db(), everything)
    await cache.warm([memoryId])
    const texts = await db().query<{ id: string; source: string; target: string }>('select id, source, target from tm_units where memory_id = $1', [
      memoryId,
    ])
    for (const search of ['image', 'Cits tulkojums', corpus[5]!.source.split(' ')[0]!, corpus[20]!.source]) {
      const hashes = searchedWords(search).map(wordHash)
      const holds = (unit: { source: string; target: string }) => hashes.every((hash) => unitWords(unit.source, unit.target).includes(hash))
      const holding = texts.filter(holds).map((unit) => Number(unit.id))
      expect((await cache.holdingWords([memoryId], hashes)).ids.filter((id) => id !== Number(ghost!.id)).sort()).toEqual(holding.sort())
    }
  })

  it('a newer image replaces the parts of the older, and one that cannot be read is not used', { timeout: 120_000 }, async () => {
    const memoryId = await memoryWithUnits('Replaced', corpus.slice(0, 500))
    const first = (await new TmIndexCache(db(), everything, 'none').held(memoryId))!
    await storeIndexImage(db(), memoryId, first.index, first.version)
    await db().transaction((tx) => writeUnit(tx, [memoryId], { source: 'A later unit.', target: 'Vēlāka vienība.', createdBy: 'Anna' }))
    const second = (await new TmIndexCache(db(), everything, 'none').held(memoryId))!
    expect(second.version).toBeGreaterThan(first.version)
    expect(await storeIndexImage(db(), memoryId, second.index, second.version)).toBe(true)
    const versions = await db().query<{ version: string }>('select distinct version::text from tm_index_image_parts where memory_id = $1', [memoryId])
    expect(versions.map((row) => Number(row.version))).toEqual([second.version])
    expect((await readIndexImage(db(), memoryId))?.version).toBe(second.version)

    // The words gone between the keys' read and the first concordance search: the copy is loaded from the units.
    const reading = new TmIndexCache(db(), everything)
    await reading.warm([memoryId])
    await db().query('delete from tm_index_image_parts where memory_id = $1 and part > 0', [memoryId])
    const hashes = searchedWords('later unit').map(wordHash)
    expect((await reading.holdingWords([memoryId], hashes)).ids).toHaveLength(1)
    expect((await reading.held(memoryId))?.index.units).toBe(await unitCount(memoryId))

    await db().query(`update tm_index_image_parts set bytes = '\\x00'::bytea where memory_id = $1 and part = 0`, [memoryId])
    expect(await readIndexImage(db(), memoryId)).toBeUndefined()
    const loaded = (await new TmIndexCache(db(), everything, 'none').held(memoryId))!
    expect(loaded.index.units).toBe(await unitCount(memoryId))
    expect(answer(await lookupMatches([memoryId], 'A later unit.'))).toEqual([{ id: expect.any(Number), match: 100 }])
  })

  it("a load reading many units queues one image task, which stores it; a deleted memory's image goes with it", { timeout: 120_000 }, async () => {
    const memoryId = await memoryWithUnits('Queued', corpus.slice(0, 300))
    const queued = () =>
      db().query<{ id: number; payload: Record<string, unknown> }>(
        `select id, payload from tasks where kind = 'index-image' and status = 'queued' and payload->>'memoryId' = $1::text`,
        [memoryId],
      )
    for (const from of [1_000, 100, 100]) {
      imageFrom.units = from
      await new TmIndexCache(db(), everything).warm([memoryId])
    }
    imageFrom.units = 50_000
    expect(await queued()).toHaveLength(1) // not for the load below the mark, once for the two above it
    const [task] = await queued()
    expect(await imageMemory(memoryId, db(), 1_000)).toBe(false) // the memory is smaller than images are made for
    expect(await readIndexImage(db(), memoryId)).toBeUndefined()
    expect(await imageMemory(memoryId, db(), 100)).toBe(true)
    expect((await readIndexImage(db(), memoryId))?.index.units).toBe(await unitCount(memoryId))
    await indexImageHandlers['index-image'].run({ ...task!, kind: 'index-image', projectId: null, attempts: 1, maxAttempts: 3 })

    await deleteMemory(owner, memoryId)
    await purgeMemory(memoryId)
    const left = await db().query(
      'select 1 from tm_index_image_parts where memory_id = $1 union all select 1 from tm_index_images where memory_id = $1',
      [memoryId],
    )
    expect(left).toHaveLength(0)
  })

  it('an import of many units queues an image task, a small one none', { timeout: 60_000 }, async () => {
    const queuedFor = async (memoryId: number) =>
      (await db().query(`select 1 from tasks where kind = 'index-image' and payload->>'memoryId' = $1::text`, [memoryId])).length
    const large = await createMemory(owner, { name: 'Imported', sourceLang: 'en', targetLang: 'lv' })
    const small = await createMemory(owner, { name: 'Small import', sourceLang: 'en', targetLang: 'lv' })
    const units = (count: number) =>
      corpus.slice(0, count).map((unit) => ({ source: unit.source, target: unit.target, sourceLang: 'en', targetLang: 'lv', creator: 'file' }))
    imageFrom.units = 100
    try {
      await runTmxImport(await storedImport(owner, large.id, await tmxText(units(150))))
      await runTmxImport(await storedImport(owner, small.id, await tmxText(units(50))))
    } finally {
      imageFrom.units = 50_000
    }
    expect([await queuedFor(large.id), await queuedFor(small.id)]).toEqual([1, 0])
  })
})
