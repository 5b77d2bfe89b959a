import { describe, expect, it } from 'vitest'
import type { Database } from '~/lib/db/database.server'
import { db, setDatabase } from '~/lib/db/db.server'
import { formatById } from '~/lib/formats/registry.server'
import { convertProject, segmentUnits } from '~/lib/projects/pipeline.server'
import { createProject } from '~/lib/projects/projects.server'
import { withTestDatabase } from './database'

/**
 * Migration 26 replaced the foreign keys of units and segments (checked per row while converting) by statement
 * triggers: what the cascades did must still happen.
 */
withTestDatabase()

async function convertedProject(ownerId: number, text: string): Promise<number> {
  const projectId = await uploaded(ownerId, text)
  await convertProject(projectId, 'en', 'txt')
  return projectId
}

async function uploaded(ownerId: number, text: string): Promise<number> {
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
  return project.id
}

async function owner(email: string): Promise<number> {
  const [row] = await db().query<{ id: number }>(`insert into users (email, name, password_hash) values ($1, 'Rows', '-') returning id`, [email])
  return row!.id
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

/** Units and segments are written by COPY on PGlite and by array parameters on PostgreSQL: both must store what was split. */
describe('segment rows as written', () => {
  it('stores every unit and segment as split, character for character, in 200-row batches', async () => {
    const ownerId = await owner('copy@example.lv')
    const odd = ['Tab\there and back\\slash \\N.', 'Ķēķis — 漢字 😀 and a \\. alone.', 'Carriage\rreturn inside.', '\\.']
    const paragraphs = Array.from({ length: 450 }, (_, index) => `${odd[index % odd.length]} Sentence ${index}. Again ${index % 7}.`)
    const text = paragraphs.join('\n\n') + '\n'
    const projectId = await convertedProject(ownerId, text)

    const units = formatById('txt')!.extract(new TextEncoder().encode(text), {})
    expect(await db().query('select key, context from units where project_id = $1 order by position', [projectId])).toEqual(
      units.map((unit) => ({ key: unit.key, context: unit.context ?? null })),
    )
    const expected = segmentUnits(units, 'en')
    const stored = await db().query<{ source: string; sourcePlain: string; prefix: string; suffix: string; wordCount: number; status: string; repeats: number | null }>(
      `select s.source, s.source_plain as "sourcePlain", s.prefix, s.suffix, s.word_count as "wordCount", s.status,
              (select r.position from segments r where r.id = s.repetition_of) as repeats
         from segments s where s.project_id = $1 order by s.position`,
      [projectId],
    )
    expect(stored.length).toBeGreaterThan(1_000)
    expect(stored).toEqual(
      expected.map((row) => ({
        source: row.source,
        sourcePlain: row.sourcePlain,
        prefix: row.prefix,
        suffix: row.suffix,
        wordCount: row.wordCount,
        status: row.status,
        repeats: row.repeats ?? null,
      })),
    )
    const [ids] = await db().query<{ first: number; last: number; count: number }>(
      'select min(id)::int as first, max(id)::int as last, count(*)::int as count from segments where project_id = $1',
      [projectId],
    )
    expect(ids!.last - ids!.first + 1).toBe(ids!.count) // one block of ids, in document order
  })

  it('a project deleted while it converts: the conversion ends and leaves no rows', async () => {
    const ownerId = await owner('deleted@example.lv')
    const projectId = await uploaded(ownerId, Array.from({ length: 600 }, (_, index) => `Paragraph ${index}.`).join('\n\n'))
    const real = db()
    let batches = 0
    // The conversion's second batch (of units) finds the project deleted, as a user's delete and its purge leave it.
    const deleting: Database = {
      ...real,
      kind: real.kind,
      query: async (sql, params) => {
        if (/insert into (units|segments)/.test(sql) && ++batches === 2) await real.query('delete from projects where id = $1', [projectId])
        return real.query(sql, params)
      },
      ...(real.copyIn && {
        copyIn: async (sql: string, rows: string) => {
          if (++batches === 2) await real.query('delete from projects where id = $1', [projectId])
          return real.copyIn!(sql, rows)
        },
      }),
    }
    setDatabase(deleting)
    try {
      await convertProject(projectId, 'en', 'txt')
    } finally {
      setDatabase(real)
    }
    expect(batches).toBeGreaterThanOrEqual(2)
    expect(await rowsOf(projectId)).toEqual({ units: 0, segments: 0 })
    expect(await real.query('select id from projects where id = $1', [projectId])).toEqual([])
  })
})
