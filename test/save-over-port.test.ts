import fs from 'node:fs'
import { MessageChannel } from 'node:worker_threads'
import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createUser, type User } from '~/lib/auth/users.server'
import { databaseOverPort } from '~/lib/db/database-client.server'
import { hostDatabase, type DatabaseHost } from '~/lib/db/database-host.server'
import { pgliteInMemory, type Database } from '~/lib/db/database.server'
import { db, setDatabase } from '~/lib/db/db.server'
import { migrate } from '~/lib/db/migrate.server'
import { pgliteCopier, pgliteRunner } from '~/lib/db/pglite-statements.server'
import type { ProjectSummary } from '~/lib/projects/projects.server'
import { saveTranslation } from '~/lib/projects/save-translation.server'
import { createMemory } from '~/lib/tm/memories.server'
import { engine } from './database'
import { readyProject } from './ready-project'

/**
 * Decision 0032: a confirm's transaction on the embedded database as the server runs it — statements sent over a
 * MessagePort to the database host — begins with its locked read and commits with the segment's write, the write-back
 * sent beside it. The other tests run PGlite in their own thread, where a transaction commits when its work resolves.
 */
let pglite: PGlite
let host: DatabaseHost
let database: Database
let user: User
let project: ProjectSummary
let ids: number[]

beforeAll(async () => {
  if (engine() === 'postgres') return
  pglite = await pgliteInMemory(new Blob([fs.readFileSync(inject('pgliteTemplate'))]))
  host = hostDatabase(pgliteRunner(pglite), { copy: pgliteCopier(pglite) })
  const { port1, port2 } = new MessageChannel()
  host.attach(port1, 'foreground')
  database = databaseOverPort(port2)
  await migrate(database)
  setDatabase(database)
  const created = await createUser({ email: 'osta@example.lv', name: 'Ilze Osta', password: 'correct horse battery' })
  if (!created.ok) throw new Error('no user')
  user = created.user
  await createMemory(user.id, { name: 'EN → LV', sourceLang: 'en', targetLang: 'lv' })
  ;({ project, ids } = await readyProject(user.id, 'osta.txt', 'Open the port.\nClose the port.\nCount the ships.'))
})

afterAll(async () => {
  if (engine() === 'postgres') return
  setDatabase(undefined)
  await database.close()
  await host.close()
  await pglite.close()
})

const units = (source: string) => db().query<{ target: string }>('select target from tm_units where source = $1', [source])
const stored = async (id: number) => (await db().query<{ target: string | null; status: string }>('select target, status from segments where id = $1', [id]))[0]

describe.skipIf(engine() === 'postgres')('a save over the database host (decision 0032)', () => {
  it('confirms with the write-back, goes on to the next segment, and a clear removes the unit', async () => {
    const confirm = { target: 'Atveriet ostu.', status: 'TRANSLATED' as const, saveType: 'MANUAL' as const, saveMatch: null }
    expect(await saveTranslation(project, user, ids[0]!, confirm, 3, { moveOn: 'next' })).toMatchObject({ ok: true, next: ids[1] })
    expect(await stored(ids[0]!)).toEqual({ target: 'Atveriet ostu.', status: 'TRANSLATED' })
    expect(await units('Open the port.')).toEqual([{ target: 'Atveriet ostu.' }])

    const clear = { target: '', status: 'DRAFT' as const, saveType: null, saveMatch: null }
    expect(await saveTranslation(project, user, ids[0]!, clear, 1)).toMatchObject({ ok: true })
    expect(await stored(ids[0]!)).toEqual({ target: null, status: 'DRAFT' })
    expect(await units('Open the port.')).toEqual([])
    expect(await db().query('select 1 from tm_removed')).toHaveLength(1)
  })

  it('rolls back a confirm whose write-back fails, and keeps the text as a draft', async () => {
    await db().query(`create function refuse_units() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`)
    await db().query('create trigger refuse_units before insert or update on tm_units for each row execute function refuse_units()')
    try {
      const confirm = { target: 'Aizveriet ostu.', status: 'TRANSLATED' as const, saveType: 'MANUAL' as const, saveMatch: null }
      expect(await saveTranslation(project, user, ids[1]!, confirm, 3, { moveOn: 'next' })).toEqual({ ok: false, writeBackFailed: true })
      expect(await stored(ids[1]!)).toEqual({ target: 'Aizveriet ostu.', status: 'DRAFT' })
      expect(await units('Close the port.')).toEqual([])
    } finally {
      await db().query('drop trigger refuse_units on tm_units')
      await db().query('drop function refuse_units()')
    }
    // The session is free again: the next confirm goes through.
    const again = { target: 'Saskaitiet kuģus.', status: 'TRANSLATED' as const, saveType: 'MANUAL' as const, saveMatch: null }
    expect(await saveTranslation(project, user, ids[2]!, again, 3)).toMatchObject({ ok: true })
    expect(await units('Count the ships.')).toEqual([{ target: 'Saskaitiet kuģus.' }])
  })
})
