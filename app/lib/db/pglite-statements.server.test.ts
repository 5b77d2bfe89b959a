import fs from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import { KEPT_PLAN, pgliteRunner, pgliteStatements } from './pglite-statements.server'

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

const planMode = async () => (await pglite.query<{ plan_cache_mode: string }>('show plan_cache_mode')).rows[0]!.plan_cache_mode

describe('PGlite statements', () => {
  it('parses a statement once and runs it again with other values', async () => {
    const run = pgliteRunner(pglite)
    for (let id = 1; id <= 8; id++) await run('insert into t (id, who) values ($1, $2)', [id, `who ${id}`], true)
    expect(await run('select who from t where id = $1', [3], true)).toEqual([{ who: 'who 3' }])
    expect(await run('select who from t where id = $1', [7], true)).toEqual([{ who: 'who 7' }])
    expect(await run<{ count: number }>('select count(*)::int as count from t', [], true)).toEqual([{ count: 8 }])
    expect(await preparedCount()).toBe(3)
  })

  it('plans a statement marked KEPT_PLAN once and answers each run for its own values; others are planned per run', async () => {
    const run = pgliteRunner(pglite)
    for (let id = 1; id <= 8; id++) await run('insert into t (id, who) values ($1, $2)', [id, id % 2 ? 'odd' : 'even'], true)
    const text = 'select id from t where ($1::text is null or who = $1) and id > $2 order by id limit $3'
    for (const sql of [KEPT_PLAN + text, text]) {
      expect(await run(sql, ['odd', 2, 10], true)).toEqual([{ id: 3 }, { id: 5 }, { id: 7 }])
      expect(await run(sql, [null, 6, 10], true)).toEqual([{ id: 7 }, { id: 8 }])
      expect(await run(sql, ['even', 0, 1], true)).toEqual([{ id: 2 }])
    }
    const plans = async (sql: string) =>
      (
        await pglite.query<{ generic: number; custom: number }>(
          'select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement = $1',
          [sql],
        )
      ).rows[0]
    expect(await plans(KEPT_PLAN + text)).toEqual({ generic: 3, custom: 0 })
    expect(await plans(text)).toEqual({ generic: 0, custom: 3 })
    expect(await planMode()).toBe('auto')
  })

  it('leaves the plan mode as it was when a marked statement fails, in a transaction or outside one', async () => {
    const run = pgliteRunner(pglite)
    await run('insert into t (id, who) values ($1, $2)', [1, 'first'], true)
    const failing = KEPT_PLAN + 'select 1 / (id - $1) as value from t'
    await expect(run(failing, [1], true)).rejects.toMatchObject({ code: '22012' })
    expect(await planMode()).toBe('auto')
    expect(await run(failing, [0], true)).toEqual([{ value: 1 }])
    const statements = pgliteStatements(pglite)
    await expect(statements.transaction((query) => query(failing, [1]))).rejects.toMatchObject({ code: '22012' })
    expect(await planMode()).toBe('auto')
    expect(await statements.transaction((query) => query(failing, [2]))).toEqual([{ value: -1 }])
    expect(await planMode()).toBe('auto')
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
