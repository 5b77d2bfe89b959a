import { describe, expect, it } from 'vitest'
import { db } from '~/lib/db/db.server'
import { convertProject } from '~/lib/projects/pipeline.server'
import { createProject } from '~/lib/projects/projects.server'
import { withTestDatabase } from './database'

/**
 * Migration 26 replaced the foreign keys of units and segments (checked per row while converting) by statement
 * triggers: what the cascades did must still happen.
 */
withTestDatabase()

async function convertedProject(ownerId: number, text: string): Promise<number> {
  const bytes = new TextEncoder().encode(text)
  const project = await createProject({
    ownerId,
    name: 'a.txt',
    format: 'txt',
    bytes,
    sourceLang: 'en',
    targetLang: 'lv',
    tmPretranslate: false,
    mtPretranslate: false,
  })
  await convertProject(project.id, 'en', 'txt')
  return project.id
}

const rowsOf = async (projectId: number) => {
  const [row] = await db().query<{ units: number; segments: number }>(
    `select (select count(*)::int from units where project_id = $1) as units, (select count(*)::int from segments where project_id = $1) as segments`,
    [projectId],
  )
  return row
}

describe('units and segments without foreign keys (migration 26)', () => {
  it('deleting units deletes their segments, and deleting a project row its units and segments, leaving other projects alone', async () => {
    const [owner] = await db().query<{ id: number }>(
      `insert into users (email, name, password_hash) values ('rows@example.lv', 'Rows', '-') returning id`,
    )
    const first = await convertedProject(owner!.id, 'One. Two.\n\nThree.\n\nFour.\n')
    const second = await convertedProject(owner!.id, 'Five.\n\nSix.\n')
    expect(await rowsOf(first)).toEqual({ units: 3, segments: 4 })
    expect(await rowsOf(second)).toEqual({ units: 2, segments: 2 })

    await db().query('delete from units where project_id = $1 and position = 0', [first])
    expect(await rowsOf(first)).toEqual({ units: 2, segments: 2 })

    await db().query('delete from projects where id = $1', [first])
    expect(await rowsOf(first)).toEqual({ units: 0, segments: 0 })
    expect(await rowsOf(second)).toEqual({ units: 2, segments: 2 })
  })
})
