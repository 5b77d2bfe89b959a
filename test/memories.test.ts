import { beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '~/lib/auth/users.server'
import { db } from '~/lib/db/db.server'
import {
  createMemory,
  deleteMemory,
  ensureDefaultMemory,
  listMemories,
  memoriesForProject,
  readableMemoryIds,
  renameMemory,
  saveMemorySettings,
  saveProjectMemorySettings,
  setMemoryLocked,
  writableMemoryIds,
} from '~/lib/tm/memories.server'
import { exactMatch, lookupMatches } from '~/lib/tm/lookups.server'
import { removeUnit, writeUnit } from '~/lib/tm/units.server'
import { withTestDatabase } from './database'

/** Issue 5: memories, their read/write settings per user and per project, and the unit store. */
withTestDatabase()
let owner: number
let stranger: number
const project = () => ({ id: projectId, ownerId: owner, sourceLang: 'en', targetLang: 'lv' })
let projectId: number

beforeAll(async () => {
  const a = await createUser({ email: 'tm@example.lv', name: 'Tulkotāja', password: 'a long password' })
  const b = await createUser({ email: 'other@example.lv', name: 'Cits', password: 'a long password' })
  if (!a.ok || !b.ok) throw new Error('no user')
  owner = a.user.id
  stranger = b.user.id
  const [row] = await db().query<{ id: number }>(
    `insert into projects (password, owner_id, name, format, source_lang, target_lang) values ('p', $1, 'a.txt', 'txt', 'en', 'lv') returning id`,
    [owner],
  )
  projectId = row!.id
})

describe('memories', () => {
  it('gives a user one memory per pair on first use, once', async () => {
    await ensureDefaultMemory(owner, 'en', 'lv')
    await ensureDefaultMemory(owner, 'en-GB', 'lv')
    const memories = await listMemories(owner)
    expect(memories).toEqual([
      { id: expect.any(Number), name: 'EN → LV', sourceLang: 'en', targetLang: 'lv', read: true, write: true, canUpdate: true },
    ])
  })

  it('creates, renames and deletes, and refuses foreign ids', async () => {
    const made = await createMemory(owner, { name: 'Juridiskā', sourceLang: 'en', targetLang: 'lv' })
    expect(await renameMemory(stranger, made.id, 'x')).toBe(false)
    expect(await renameMemory(owner, made.id, 'Juridiskā 2')).toBe(true)
    expect((await listMemories(owner)).map((memory) => memory.name)).toContain('Juridiskā 2')
    expect(await deleteMemory(stranger, made.id)).toBe(false)
    expect(await deleteMemory(owner, made.id)).toBe(true)
    expect((await listMemories(owner)).map((memory) => memory.name)).toEqual(['EN → LV'])
  })

  it('keeps write off on a locked memory (canUpdate false)', async () => {
    const locked = await createMemory(owner, { name: 'Reference', sourceLang: 'en', targetLang: 'lv' })
    await setMemoryLocked(owner, locked.id, true)
    await saveMemorySettings(owner, [{ id: locked.id, read: true, write: true }])
    const found = (await listMemories(owner)).find((memory) => memory.id === locked.id)
    expect(found).toMatchObject({ read: true, write: false, canUpdate: false })
    expect(await writableMemoryIds(project())).not.toContain(locked.id)
    await deleteMemory(owner, locked.id)
  })

  it('lets a project keep its own read/write choice, for its pair only', async () => {
    const [general] = await listMemories(owner)
    const other = await createMemory(owner, { name: 'RU', sourceLang: 'en', targetLang: 'ru' })
    await saveProjectMemorySettings(project(), [
      { id: general!.id, read: false, write: true },
      { id: other.id, read: true, write: true },
    ])
    expect((await memoriesForProject(project())).map((memory) => [memory.name, memory.read, memory.write])).toEqual([['EN → LV', false, true]])
    expect(await readableMemoryIds(project())).toEqual([])
    expect((await listMemories(owner)).find((memory) => memory.id === general!.id)).toMatchObject({ read: true })
    await saveProjectMemorySettings(project(), [{ id: general!.id, read: true, write: true }])
    await deleteMemory(owner, other.id)
  })
})

describe('units', () => {
  it('writes back, updates the same source keeping its creator, and finds it again', async () => {
    const ids = await writableMemoryIds(project())
    await db().transaction((tx) => writeUnit(tx, ids, { source: 'The cat sat on the mat.', target: 'Kaķis sēdēja.', createdBy: 'Anna' }))
    await db().transaction((tx) =>
      writeUnit(tx, ids, { source: 'The cat  sat on the mat.', target: 'Kaķis sēdēja uz paklāja.', createdBy: 'Bērziņš' }),
    )
    const [hit] = await lookupMatches(ids, 'The cat sat on the mat.')
    expect(hit).toMatchObject({ match: 100, unit: { target: 'Kaķis sēdēja uz paklāja.', createdBy: 'Anna' } })
    const near = await lookupMatches(ids, 'The dog sat on the mat.')
    expect(near[0]?.match).toBe(85)
    expect(await lookupMatches(ids, 'Something else entirely, really.')).toEqual([])
  })

  it('finds 100% matches only for the same text and tags', async () => {
    const ids = await readableMemoryIds(project())
    expect((await exactMatch(ids, 'The cat sat on the mat.'))?.target).toBe('Kaķis sēdēja uz paklāja.')
    expect(await exactMatch(ids, 'The Cat sat on the mat.')).toBeUndefined()
  })

  it('removes a unit whose translation was cleared, but not a newer one', async () => {
    const ids = await writableMemoryIds(project())
    await db().transaction((tx) => removeUnit(tx, ids, 'The cat sat on the mat.', 'Kaķis sēdēja.'))
    expect(await exactMatch(ids, 'The cat sat on the mat.')).toBeDefined()
    await db().transaction((tx) => removeUnit(tx, ids, 'The cat sat on the mat.', 'Kaķis sēdēja uz paklāja.'))
    expect(await exactMatch(ids, 'The cat sat on the mat.')).toBeUndefined()
  })
})
