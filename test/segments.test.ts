import { describe, expect, it, beforeAll } from 'vitest'
import { createUser } from '~/lib/auth/users.server'
import { translatedFile } from '~/lib/projects/pipeline.server'
import type { ProjectSummary } from '~/lib/projects/projects.server'
import { MAX_EDIT_INTERVAL_SECONDS } from '~/lib/projects/segment-rules'
import { countMatches, leaveSegment, nearestUnconfirmed, saveSegment, segmentWindow, setActiveSegment } from '~/lib/projects/segments.server'
import { withTestDatabase } from './database'
import { readyProject } from './ready-project'

/** The translator's data layer (issue #4 groundwork): windows, saves with tag checks, navigation, time. */
const database = withTestDatabase()
let project: ProjectSummary
let ids: number[]

const html = `<!doctype html><html lang="en"><body>${Array.from({ length: 20 }, (_, n) => `<p>Sentence <b>${n}</b> here.</p>`).join('\n')}</body></html>`

beforeAll(async () => {
  const user = await createUser({ email: 's@example.lv', name: 'S', password: 'a long password' })
  if (!user.ok) throw new Error('no user')
  ;({ project, ids } = await readyProject(user.user.id, 'window.html', html))
})

describe('segment windows (SPEC §7 "segments")', () => {
  it('has the 20 segments with their tags', () => {
    expect(ids).toHaveLength(20)
  })

  it('centres on a segment, with `size` on each side', async () => {
    const window = await segmentWindow(project.id, { center: ids[10]! }, 3)
    expect(window.segments.map((s) => s.id)).toEqual(ids.slice(7, 14))
    expect(window.segments[3]!.source).toBe('Sentence <b1>10</b1> here.')
    expect(window).toMatchObject({ hasBefore: true, hasAfter: true })
  })

  it('loads before and after a segment, and knows the edges', async () => {
    const before = await segmentWindow(project.id, { before: ids[2]! }, 5)
    expect(before.segments.map((s) => s.id)).toEqual(ids.slice(0, 2))
    expect(before.hasBefore).toBe(false)
    const after = await segmentWindow(project.id, { after: ids[15]! }, 5)
    expect(after.segments.map((s) => s.id)).toEqual(ids.slice(16))
    expect(after.hasAfter).toBe(false)
  })

  it('starts from the first segments when the wanted one is not in this project', async () => {
    const window = await segmentWindow(project.id, { center: 999_999 }, 2)
    expect(window.segments.map((s) => s.id)).toEqual(ids.slice(0, 5))
  })
})

describe('saving a segment (SPEC §4, §5)', () => {
  it('saves a draft with valid tags and remembers the segment as last active', async () => {
    const saved = await saveSegment(project, ids[0]!, { target: 'Teikums <b1>0</b1> šeit.', status: 'DRAFT', saveType: 'MANUAL', saveMatch: 0 }, 12)
    expect(saved.ok).toBe(true)
    const [row] = await database.current().query('select target, status, save_type as "saveType", save_match as "saveMatch" from segments where id = $1', [ids[0]])
    expect(row).toEqual({ target: 'Teikums <b1>0</b1> šeit.', status: 'DRAFT', saveType: 'MANUAL', saveMatch: 0 })
    const [job] = await database.current().query('select last_segment_id as "last", editing_time as "time" from jobs where id = $1', [project.jobId])
    expect(job).toEqual({ last: ids[0], time: 12 })
  })

  it('refuses invalid tags and keeps the previous text', async () => {
    for (const target of ['Teikums <b1>0 šeit.', 'Teikums </b1>0 šeit.', '<b1>a</b1><b1>b</b1>', 'Teikums <b7>0</b7>']) {
      const refused = await saveSegment(project, ids[0]!, { target, status: 'TRANSLATED', saveType: 'MANUAL', saveMatch: 0 }, 1)
      expect(refused.ok, target).toBe(false)
    }
    const [row] = await database.current().query('select target, status from segments where id = $1', [ids[0]])
    expect(row).toEqual({ target: 'Teikums <b1>0</b1> šeit.', status: 'DRAFT' })
  })

  it('counts at most five minutes of a pause as editing time', async () => {
    const [before] = await database.current().query<{ time: number }>('select editing_time as time from jobs where id = $1', [project.jobId])
    await saveSegment(project, ids[1]!, { target: 'Teikums <b1>1</b1> šeit.', status: 'TRANSLATED', saveType: 'MANUAL', saveMatch: 0 }, 7200)
    const [after] = await database.current().query<{ time: number }>('select editing_time as time from jobs where id = $1', [project.jobId])
    expect(after!.time - before!.time).toBe(MAX_EDIT_INTERVAL_SECONDS)
  })

  it('clears translation, save type and match', async () => {
    await saveSegment(project, ids[2]!, { target: 'x', status: 'DRAFT', saveType: 'TM', saveMatch: 87 }, 1)
    await saveSegment(project, ids[2]!, { target: '', status: 'DRAFT', saveType: 'TM', saveMatch: 87 }, 1)
    const [row] = await database.current().query('select target, save_type as "saveType", save_match as "saveMatch" from segments where id = $1', [ids[2]])
    expect(row).toEqual({ target: null, saveType: null, saveMatch: null })
  })

  it('refuses a segment of another project', async () => {
    const refused = await saveSegment({ id: project.id + 1, jobId: project.jobId }, ids[0]!, { target: 'x', status: 'DRAFT', saveType: 'MANUAL', saveMatch: 0 }, 1)
    expect(refused.ok).toBe(false)
    expect(await setActiveSegment({ id: project.id + 1, jobId: project.jobId }, ids[0]!)).toBe(false)
  })

  it('writes saved targets into the download with their original markup', async () => {
    const file = new TextDecoder().decode(await translatedFile(project.id, 'html'))
    expect(file).toContain('<p>Teikums <b>0</b> šeit.</p>')
    expect(file).toContain('<p>Teikums <b>1</b> šeit.</p>')
    expect(file).toContain('<p>Sentence <b>2</b> here.</p>')
  })
})

describe('next and previous unconfirmed (SPEC §4)', () => {
  it('skips confirmed segments', async () => {
    // segment 1 is TRANSLATED (saved above)
    expect(await nearestUnconfirmed(project.id, ids[0]!, 'next')).toBe(ids[2])
    expect(await nearestUnconfirmed(project.id, ids[2]!, 'previous')).toBe(ids[0])
    expect(await nearestUnconfirmed(project.id, ids[0]!, 'previous')).toBeUndefined()
  })
})

describe('search (SPEC §2, §4 "Search replaces the window")', () => {
  it('finds segments by source text, case-insensitive, tags not counted', async () => {
    const window = await segmentWindow(project.id, { first: true }, 5, { source: 'SENTENCE 1' })
    // "Sentence 1 here." and "Sentence 10 here." … "Sentence 19 here.": the tag around the number does not count.
    expect(window.segments.map((s) => s.id)).toEqual([ids[1], ...ids.slice(10, 20)].slice(0, 11))
    expect(await countMatches(project.id, { source: 'sentence 1' })).toBe(11)
    expect(window.hasBefore).toBe(false)
  })

  it('pages within the matches only', async () => {
    const after = await segmentWindow(project.id, { after: ids[12]! }, 3, { source: 'sentence 1' })
    expect(after.segments.map((s) => s.id)).toEqual(ids.slice(13, 16))
    expect(after).toMatchObject({ hasBefore: true, hasAfter: true })
    const centre = await segmentWindow(project.id, { center: ids[10]! }, 2, { source: 'sentence 1' })
    expect(centre.segments.map((s) => s.id)).toEqual([ids[1], ...ids.slice(10, 13)])
  })

  it('finds by translation and by comment, and treats LIKE wildcards as text', async () => {
    await saveSegment(project, ids[5]!, { target: 'Ābols <b1>5</b1> 100% šeit.', status: 'DRAFT', saveType: 'MANUAL', saveMatch: 0 }, 1)
    expect((await segmentWindow(project.id, { first: true }, 5, { target: 'ĀBOLS 5' })).segments.map((s) => s.id)).toEqual([ids[5]])
    expect(await countMatches(project.id, { target: '100%' })).toBe(1)
    expect(await countMatches(project.id, { target: '_' })).toBe(0)
    await database.current().query(
      `insert into comments (project_id, segment_id, full_name, message) values ($1, $2, 'S', 'Check the number')`,
      [project.id, ids[7]],
    )
    expect((await segmentWindow(project.id, { first: true }, 5, { comments: 'number' })).segments.map((s) => s.id)).toEqual([ids[7]])
    expect(await countMatches(project.id, { comments: 'number', source: 'sentence 8' })).toBe(0)
  })
})

describe('leaving a segment (SPEC §4 "moving … marks it draft and saves it")', () => {
  it('saves changed text as a draft and leaves unchanged segments alone', async () => {
    await saveSegment(project, ids[8]!, { target: 'Tulkots <b1>8</b1>.', status: 'TRANSLATED', saveType: 'TM', saveMatch: 100 }, 1)
    expect(await leaveSegment(project, ids[8]!, 'Tulkots <b1>8</b1>.', 1)).toEqual({ ok: true })
    const read = () => database.current().query('select target, status, save_type as "saveType", save_match as "saveMatch" from segments where id = $1', [ids[8]])
    expect((await read())[0]).toEqual({ target: 'Tulkots <b1>8</b1>.', status: 'TRANSLATED', saveType: 'TM', saveMatch: 100 })
    expect((await leaveSegment(project, ids[8]!, 'Labots <b1>8</b1>.', 1)).ok).toBe(true)
    expect((await read())[0]).toEqual({ target: 'Labots <b1>8</b1>.', status: 'DRAFT', saveType: 'MANUAL', saveMatch: 0 })
    expect((await leaveSegment(project, ids[8]!, 'Labots <b1>8.', 1)).ok).toBe(false)
    expect((await read())[0]).toMatchObject({ target: 'Labots <b1>8</b1>.' })
  })
})

describe('the project keeps its word sums (migration 5 triggers)', () => {
  it('match the segments after saves, clears and deletes', async () => {
    const sums = async () => {
      const [kept] = await database.current().query('select words_total as total, words_translated as translated from projects where id = $1', [project.id])
      const [counted] = await database.current().query(
        `select coalesce(sum(word_count), 0)::bigint as total,
                coalesce(sum(word_count) filter (where status = 'TRANSLATED'), 0)::bigint as translated
           from segments where project_id = $1`,
        [project.id],
      )
      return { kept, counted }
    }
    await saveSegment(project, ids[3]!, { target: 'Trīs <b1>3</b1>.', status: 'TRANSLATED', saveType: 'MANUAL', saveMatch: 0 }, 1)
    await saveSegment(project, ids[4]!, { target: 'Četri <b1>4</b1>.', status: 'TRANSLATED', saveType: 'MANUAL', saveMatch: 0 }, 1)
    await saveSegment(project, ids[4]!, { target: '', status: 'DRAFT', saveType: null, saveMatch: null }, 1)
    let { kept, counted } = await sums()
    expect(Number(kept!.translated)).toBeGreaterThan(0)
    expect(kept).toEqual(counted)
    await database.current().query(`update segments set status = 'TRANSLATED' where project_id = $1 and id = any($2::int[])`, [project.id, ids.slice(10, 15)])
    ;({ kept, counted } = await sums())
    expect(kept).toEqual(counted)
  })
})

describe('the translator route', () => {
  it('sends a signed-out visitor to sign-in and back (the 404 guard is requireProject, tested with downloads)', async () => {
    const { loader } = await import('~/routes/translate.$projectId.$password')
    const { settle, get, context } = await import('./remix')
    const signedOut = await settle(() => loader({ request: get(`/translate/${project.id}/${project.password}`), params: { projectId: String(project.id), password: project.password }, context }))
    expect(signedOut.status).toBe(302)
    expect(signedOut.location).toBe(`/sign-in?redirectTo=${encodeURIComponent(`/translate/${project.id}/${project.password}`)}`)
  })
})
