import fs from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import { pgliteRunner } from './pglite-statements.server'

/** PGlite's statement runner keeps each statement text prepared (bench/translator: the window's plan is kept). */
let pglite: PGlite

beforeAll(async () => {
  const template = inject('pgliteTemplate')
  pglite = template ? await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(template)]) }) : await PGlite.create()
})

afterAll(() => pglite.close())

beforeEach(async () => {
  await pglite.exec('deallocate all; drop table if exists t; create table t (id integer primary key, who text)')
})

const preparedCount = async () => (await pglite.query<{ count: number }>('select count(*)::int as count from pg_prepared_statements')).rows[0]!.count

describe('PGlite statements', () => {
  it('parses a statement once and runs it again with other values', async () => {
    const run = pgliteRunner(pglite)
    for (let id = 1; id <= 8; id++) await run('insert into t (id, who) values ($1, $2)', [id, `who ${id}`], true)
    expect(await run('select who from t where id = $1', [3], true)).toEqual([{ who: 'who 3' }])
    expect(await run('select who from t where id = $1', [7], true)).toEqual([{ who: 'who 7' }])
    expect(await run<{ count: number }>('select count(*)::int as count from t', [], true)).toEqual([{ count: 8 }])
    expect(await preparedCount()).toBe(3)
  })

  it('keeps only the statements used last, closing the others', async () => {
    const run = pgliteRunner(pglite, 3)
    for (let value = 1; value <= 10; value++) expect(await run(`select ${value} as value`, [], true)).toEqual([{ value }])
    expect(await preparedCount()).toBe(3)
    expect(await run('select 10 as value', [], true)).toEqual([{ value: 10 }])
    expect(await run('select 1 as value', [], true)).toEqual([{ value: 1 }])
    expect(await preparedCount()).toBe(3)
  })

  it('answers a failing statement with its error every time and keeps nothing of it', async () => {
    const run = pgliteRunner(pglite)
    for (let attempt = 0; attempt < 2; attempt++) await expect(run('selec 1', [], true)).rejects.toMatchObject({ code: '42601' })
    await run('insert into t (id, who) values ($1, $2)', [1, 'first'], true)
    await expect(run('insert into t (id, who) values ($1, $2)', [1, 'again'], true)).rejects.toMatchObject({ code: '23505' })
    await run('insert into t (id, who) values ($1, $2)', [2, 'second'], true)
    expect(await run('select who from t order by id', [], true)).toEqual([{ who: 'first' }, { who: 'second' }])
    expect(await preparedCount()).toBe(2)
  })

  it('runs a kept statement afresh when a table it reads changed its columns', async () => {
    const run = pgliteRunner(pglite)
    await run('insert into t (id, who) values ($1, $2)', [1, 'first'], true)
    expect(await run('select * from t', [], true)).toEqual([{ id: 1, who: 'first' }])
    await pglite.exec(`alter table t add column lang text default 'lv'`)
    expect(await run('select * from t', [], true)).toEqual([{ id: 1, who: 'first', lang: 'lv' }])
  })
})
