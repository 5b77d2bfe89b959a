import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '~/lib/db/db.server'
import { bruteForceTop, prepareUnit, type PreparedUnit, type TmHit } from '~/lib/tm/candidate-filter'
import { createMemory, deleteMemory } from '~/lib/tm/memories.server'
import { TmIndexCache, tmIndexes } from '~/lib/tm/index-cache.server'
import { unitKeys } from '~/lib/tm/index-keys'
import { tokenize } from '~/lib/tm/tokens'
import { importUnits, lookupMatches, removeUnit, sourceHash, writeUnit } from '~/lib/tm/units.server'
import { corpusQueries, corpusUnits } from '../bench/tm/corpus'
import { withTestDatabase } from './database'

/**
 * Issue 5 "Speed, measured": the database index returns what brute force returns (same units, same scores, for
 * every match ≥ 50) on a 10,000-unit memory from ../shared/samples/parallel, and stays right as units change.
 */
withTestDatabase()
let owner: number

beforeAll(async () => {
  const [user] = await db().query<{ id: number }>(
    `insert into users (email, name, password_hash) values ('index@example.lv', 'Index', '-') returning id`,
  )
  owner = user!.id
})

const answer = (hits: readonly TmHit[]) => hits.map((hit) => ({ id: hit.unit.id, match: hit.match }))

/** Every posting a unit's keys call for is there, no other, and the counts per key are the postings'. */
async function expectConsistentIndex() {
  const missing = await db().query(
    `select distinct u.memory_id, k.key, u.token_count, u.id from tm_units u cross join unnest(u.keys) as k (key)
     except select memory_id, key, token_count, unit_id from tm_keys`,
  )
  const extra = await db().query(
    `select memory_id, key, token_count, unit_id from tm_keys
     except select distinct u.memory_id, k.key, u.token_count, u.id from tm_units u cross join unnest(u.keys) as k (key)`,
  )
  const wrongCounts = await db().query(
    `select memory_id, key, count(*)::integer as units from tm_keys group by memory_id, key
     except select memory_id, key, units from tm_key_counts where units > 0`,
  )
  const strayCounts = await db().query(
    `select memory_id, key from tm_key_counts where units <> 0
     except select memory_id, key from tm_keys`,
  )
  expect({ missing, extra, wrongCounts, strayCounts }).toEqual({ missing: [], extra: [], wrongCounts: [], strayCounts: [] })
}

describe('the index against brute force', () => {
  it('agrees on 10,000 units for exact hits, near misses and unrelated text', { timeout: 120_000 }, async () => {
    const memory = await createMemory(owner, { name: 'Ten thousand', sourceLang: 'en', targetLang: 'lv' })
    const corpus = corpusUnits(10_000)
    const written = await importUnits(
      memory.id,
      corpus.map((unit) => ({ source: unit.source, target: unit.target, createdBy: 'corpus', changedAt: new Date(unit.changedSecond * 1000) })),
    )
    expect(written).toBeGreaterThan(9_900) // a source repeated within a batch is written once
    const rows = await db().query<{ id: number; source: string; changedAt: Date }>(
      'select id, source, changed_at as "changedAt" from tm_units where memory_id = $1',
      [memory.id],
    )
    const units: PreparedUnit[] = rows.map((row) =>
      prepareUnit({ id: Number(row.id), source: row.source, changedAt: new Date(row.changedAt).getTime() }),
    )
    expect(units.length).toBeGreaterThan(9_000)
    const queries = corpusQueries(corpus, 60, 7)
    const expected = queries.map((query) => answer(bruteForceTop(query, units)))
    // Unrelated splices may still find something; exact hits and near misses must.
    expect(expected.filter((hits) => hits.length > 0).length).toBeGreaterThanOrEqual(45)
    const cache = tmIndexes(db())
    // Through the index in the database (an instance that has not loaded the memory)…
    cache.budget = 0
    for (const [at, query] of queries.entries()) expect(answer(await lookupMatches([memory.id], query)), query).toEqual(expected[at])
    // …and through the copy in process memory.
    cache.budget = 5_000_000
    await cache.warm([memory.id])
    expect(cache.units).toBe(units.length)
    for (const [at, query] of queries.entries()) expect(answer(await lookupMatches([memory.id], query)), query).toEqual(expected[at])
    await expectConsistentIndex()
    await deleteMemory(owner, memory.id)
  })
  it('agrees on a small memory, where one statement reads every posting at the lowest threshold', { timeout: 60_000 }, async () => {
    const memory = await createMemory(owner, { name: 'Three hundred', sourceLang: 'en', targetLang: 'lv' })
    const corpus = corpusUnits(300)
    await importUnits(
      memory.id,
      corpus.map((unit) => ({ source: unit.source, target: unit.target, createdBy: 'corpus' })),
    )
    const rows = await db().query<{ id: number; source: string; changedAt: Date }>(
      'select id, source, changed_at as "changedAt" from tm_units where memory_id = $1',
      [memory.id],
    )
    const units = rows.map((row) => prepareUnit({ id: Number(row.id), source: row.source, changedAt: new Date(row.changedAt).getTime() }))
    const queries = corpusQueries(corpus, 40, 11)
    let withMatches = 0
    for (const query of queries) {
      for (const threshold of [50, 75]) {
        const indexed = await lookupMatches([memory.id], query, { threshold })
        expect(answer(indexed), `${threshold}: ${query}`).toEqual(answer(bruteForceTop(query, units, 5, threshold)))
        if (indexed.length > 0 && threshold === 50) withMatches++
      }
    }
    expect(withMatches).toBeGreaterThanOrEqual(25)
    await deleteMemory(owner, memory.id)
  })
})

describe('index maintenance', () => {
  it('keeps postings and counts in step through write, update, remove and delete', async () => {
    const memory = await createMemory(owner, { name: 'Small', sourceLang: 'en', targetLang: 'lv' })
    const other = await createMemory(owner, { name: 'Other', sourceLang: 'en', targetLang: 'lv' })
    const write = (source: string, target: string) =>
      db().transaction((tx) => writeUnit(tx, [memory.id, other.id], { source, target, createdBy: 'Anna' }))
    await write('The price is 1\u00A0000 euros.', 'Cena ir 1000 eiro.')
    await write('The cat sat on the mat.', 'Kaķis sēdēja.')
    await write('The cat sat on the mat.', 'Kaķis sēdēja uz paklāja.')
    await expectConsistentIndex()
    expect(await lookupMatches([memory.id], 'The cat sat on the mat.')).toMatchObject([{ match: 100, unit: { target: 'Kaķis sēdēja uz paklāja.' } }])

    // The same source hash with other tokens: a space for U+00A0 splits the number in two.
    expect(sourceHash('The price is 1 000 euros.')).toBe(sourceHash('The price is 1\u00A0000 euros.'))
    await write('The price is 1 000 euros.', 'Cena ir 1 000 eiro.')
    await expectConsistentIndex()
    expect(await lookupMatches([memory.id], 'The price is 1 000 euros.')).toMatchObject([{ match: 100 }])

    await db().transaction((tx) => removeUnit(tx, [memory.id], 'The cat sat on the mat.', 'Kaķis sēdēja uz paklāja.'))
    await expectConsistentIndex()
    expect(await lookupMatches([memory.id], 'The cat sat on the mat.')).toEqual([])
    expect(await lookupMatches([other.id], 'The cat sat on the mat.')).toHaveLength(1)

    await deleteMemory(owner, other.id)
    await expectConsistentIndex()
    const left = await db().query<{ memoryId: number }>(
      'select distinct memory_id as "memoryId" from tm_keys union select memory_id from tm_key_counts',
    )
    expect(left.map((row) => row.memoryId)).not.toContain(other.id)
    await deleteMemory(owner, memory.id)
  })

  it('imports with upsert semantics: a repeated source updates its unit, keeping creator and creation time', async () => {
    const memory = await createMemory(owner, { name: 'Import', sourceLang: 'en', targetLang: 'lv' })
    const created = new Date('2020-01-02T03:04:05Z')
    async function* units() {
      yield { source: 'Good morning.', target: 'Labrīt.', createdBy: 'Anna', createdAt: created, changedAt: created }
      yield { source: 'Good  morning.', target: 'Labu rītu.', createdBy: 'Bērziņš', changedAt: new Date('2021-01-01T00:00:00Z') }
      yield { source: 'Good evening.', target: 'Labvakar.', createdBy: 'Anna' }
    }
    const progress: number[] = []
    expect(await importUnits(memory.id, units(), (written) => void progress.push(written))).toBe(2)
    expect(await importUnits(memory.id, [{ source: 'Good morning.', target: 'Sveiki.', createdBy: 'Cits' }])).toBe(1)
    expect(progress).toEqual([2])
    const [hit] = await lookupMatches([memory.id], 'Good morning.')
    expect(hit).toMatchObject({ match: 100, unit: { target: 'Sveiki.', createdBy: 'Bērziņš' } })
    expect((await lookupMatches([memory.id], 'Good day.')).map((found) => found.unit.source).sort()).toEqual(['Good evening.', 'Good morning.'])
    await expectConsistentIndex()
    await deleteMemory(owner, memory.id)
  })

  it('indexes units written before the index existed on the first lookup', async () => {
    const memory = await createMemory(owner, { name: 'Old', sourceLang: 'en', targetLang: 'lv' })
    await db().query(
      `insert into tm_units (memory_id, source, target, source_hash, token_count, created_by) values ($1, $2, 'Vecs.', $3, 4, 'Anna')`,
      [memory.id, 'An old unit.', sourceHash('An old unit.')],
    )
    expect(await lookupMatches([memory.id], 'An old unit!')).toMatchObject([{ match: 75, unit: { target: 'Vecs.' } }])
    await expectConsistentIndex()
    await deleteMemory(owner, memory.id)
  })

  it('a write-back over a unit never indexed gives it its keys and postings', async () => {
    const memory = await createMemory(owner, { name: 'Unindexed', sourceLang: 'en', targetLang: 'lv' })
    const fresh = await createMemory(owner, { name: 'Fresh', sourceLang: 'en', targetLang: 'lv' })
    await db().query(
      `insert into tm_units (memory_id, source, target, source_hash, token_count, created_by) values ($1, $2, 'Vecs.', $3, 4, 'Anna')`,
      [memory.id, 'An old unit.', sourceHash('An old unit.')],
    )
    await db().transaction((tx) => writeUnit(tx, [memory.id, fresh.id], { source: 'An old unit.', target: 'Jauns.', createdBy: 'Bērziņš' }))
    const rows = await db().query<{ memoryId: number; target: string; createdBy: string; indexed: boolean }>(
      'select memory_id as "memoryId", target, created_by as "createdBy", keys is not null as indexed from tm_units where memory_id = any($1::integer[]) order by memory_id',
      [[memory.id, fresh.id]],
    )
    expect(rows).toEqual([
      { memoryId: memory.id, target: 'Jauns.', createdBy: 'Anna', indexed: true },
      { memoryId: fresh.id, target: 'Jauns.', createdBy: 'Bērziņš', indexed: true },
    ])
    await expectConsistentIndex()
    await deleteMemory(owner, memory.id)
    await deleteMemory(owner, fresh.id)
  })
})

describe('the in-process index (decision 0011)', () => {
  const keysOf = (source: string) => unitKeys(tokenize(source).tokens)
  const candidateIds = async (cache: TmIndexCache, memoryId: number, source: string) => {
    const index = (await cache.current([memoryId])).get(memoryId)
    return index?.candidates(keysOf(source), 50).map((candidate) => candidate.unitId)
  }
  const unitId = async (memoryId: number, source: string) => {
    const [row] = await db().query<{ id: string }>('select id from tm_units where memory_id = $1 and source_hash = $2', [memoryId, sourceHash(source)])
    return Number(row?.id)
  }

  it("follows another instance's writes: new, updated, re-tokenized and removed units, and a deleted memory", async () => {
    const memory = await createMemory(owner, { name: 'Shared', sourceLang: 'en', targetLang: 'lv' })
    const write = (source: string, target: string) => db().transaction((tx) => writeUnit(tx, [memory.id], { source, target, createdBy: 'Anna' }))
    await write('The cat sat on the mat.', 'Kaķis sēdēja.')
    // This cache is another app instance: it never sees the writes, only the database.
    const other = new TmIndexCache(db())
    await other.warm([memory.id])
    expect(other.units).toBe(1)
    const cat = await unitId(memory.id, 'The cat sat on the mat.')
    expect(await candidateIds(other, memory.id, 'The cat sat on the mat!')).toEqual([cat])

    await write('The dog sat on the mat.', 'Suns sēdēja.')
    await write('The cat sat on the mat.', 'Kaķis sēdēja uz paklāja.')
    const dog = await unitId(memory.id, 'The dog sat on the mat.')
    expect((await candidateIds(other, memory.id, 'The cat sat on the mat!'))?.sort()).toEqual([cat, dog].sort())

    // Same source hash, other tokens (U+00A0 against a space): the unit's keys change in the copy too.
    await write('The price is 1\u00A0000 euros.', 'Cena ir 1000 eiro.')
    const price = await unitId(memory.id, 'The price is 1 000 euros.')
    const bestBound = async () => (await other.current([memory.id])).get(memory.id)?.candidates(keysOf('The price is 1 000 euros.'), 50)[0]
    expect(await bestBound()).toMatchObject({ unitId: price, bound: expect.any(Number) })
    expect((await bestBound())?.bound).toBeLessThan(100)
    await write('The price is 1 000 euros.', 'Cena ir 1 000 eiro.')
    expect(await bestBound()).toEqual({ unitId: price, bound: 100 })
    expect(await lookupMatches([memory.id], 'The price is 1 000 euros.')).toMatchObject([{ match: 100, unit: { target: 'Cena ir 1 000 eiro.' } }])

    await db().transaction((tx) => removeUnit(tx, [memory.id], 'The cat sat on the mat.', 'Kaķis sēdēja uz paklāja.'))
    expect(await candidateIds(other, memory.id, 'The cat sat on the mat!')).toEqual([dog])
    expect(await lookupMatches([memory.id], 'The cat sat on the mat.')).toMatchObject([{ match: 85, unit: { target: 'Suns sēdēja.' } }])

    await deleteMemory(owner, memory.id)
    expect(await candidateIds(other, memory.id, 'The dog sat on the mat.')).toBeUndefined()
    expect(other.units).toBe(0)
  })

  it('a memory larger than TM_INDEX_UNITS is not held, and is looked up through the database', async () => {
    const memory = await createMemory(owner, { name: 'Too big', sourceLang: 'en', targetLang: 'lv' })
    await importUnits(memory.id, ['One cat.', 'Two cats.', 'Three cats.'].map((source) => ({ source, target: source, createdBy: 'Anna' })))
    const small = new TmIndexCache(db(), 2)
    await small.warm([memory.id])
    expect(small.units).toBe(0)
    expect((await small.current([memory.id])).size).toBe(0)
    expect(small.units).toBe(0)
    expect(await lookupMatches([memory.id], 'Two cats.')).toMatchObject([{ match: 100 }, { match: 66, unit: { source: 'Three cats.' } }])
    await deleteMemory(owner, memory.id)
  })

  it('a large import into a loaded memory is looked up through the database until the copy catches up', { timeout: 120_000 }, async () => {
    const memory = await createMemory(owner, { name: 'Growing', sourceLang: 'en', targetLang: 'lv' })
    const corpus = corpusUnits(6_000)
    const asImport = (unit: (typeof corpus)[number]) => ({ source: unit.source, target: unit.target, createdBy: 'corpus' })
    await importUnits(memory.id, corpus.slice(0, 1_000).map(asImport))
    const small = await createMemory(owner, { name: 'Small beside it', sourceLang: 'en', targetLang: 'lv' })
    const cache = tmIndexes(db())
    await cache.warm([memory.id, small.id])
    await importUnits(memory.id, corpus.slice(1_000).map(asImport))
    await db().transaction((tx) => writeUnit(tx, [small.id], { source: 'A unit written meanwhile.', target: 'Jauns.', createdBy: 'Anna' }))
    // Synced together: the small memory's one change is applied, the large one goes to a background catch-up.
    const both = await cache.current([memory.id, small.id])
    expect([...both.keys()]).toEqual([small.id])
    expect(both.get(small.id)?.candidates(unitKeys(tokenize('A unit written meanwhile.').tokens), 50)).toHaveLength(1)
    const rows = await db().query<{ id: number; source: string; changedAt: Date }>(
      'select id, source, changed_at as "changedAt" from tm_units where memory_id = $1',
      [memory.id],
    )
    const units = rows.map((row) => prepareUnit({ id: Number(row.id), source: row.source, changedAt: new Date(row.changedAt).getTime() }))
    const queries = corpusQueries(corpus.slice(1_000), 12, 3)
    const expected = queries.map((query) => answer(bruteForceTop(query, units)))
    // While the copy catches up, lookups of the large memory go through the database.
    for (const [at, query] of queries.entries()) expect(answer(await lookupMatches([memory.id], query)), query).toEqual(expected[at])
    await cache.warm([memory.id])
    expect(cache.units).toBeGreaterThanOrEqual(units.length)
    for (const [at, query] of queries.entries()) expect(answer(await lookupMatches([memory.id], query)), query).toEqual(expected[at])
    await deleteMemory(owner, memory.id)
    await deleteMemory(owner, small.id)
  })
})
