import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '~/lib/db/db.server'
import { startWorker } from '~/lib/jobs/worker.server'
import { taskHandlers } from '~/lib/projects/pipeline.server'
import { createProject, type ProjectSummary } from '~/lib/projects/projects.server'
import { leaveSegment, saveSegment, segmentWindow } from '~/lib/projects/segments.server'
import { LONGEST_SEGMENT, MAX_SEGMENT_CHARACTERS } from '~/lib/segmentation'
import { signedInUser } from './accounts'
import { withTestDatabase } from './database'
import { readyProject } from './ready-project'

/**
 * Issue 50: a 20 MB text file with no sentence end became one 20 MB segment; opening it answered a 60 MB page in
 * 16.8 s while another user's pages waited. Segments are bounded at conversion for every format, and a window shows a
 * bounded page of the ones stored before.
 */
withTestDatabase()
let ownerId: number

beforeAll(async () => {
  ownerId = (await signedInUser('garie@example.lv')).user.id
})

async function converted(name: string, content: string) {
  const bytes = new TextEncoder().encode(content)
  const created = await createProject({ ownerId, name, format: name.endsWith('.html') ? 'html' : 'txt', bytes, sourceLang: 'en', targetLang: 'lv', tmPretranslate: false, mtPretranslate: false })
  const worker = startWorker({ handlers: taskHandlers, pollMs: 10, log: () => {} })
  await worker.idle()
  await worker.stop()
  const [project] = await db().query<{ status: string; errorCode: string | null }>('select status, error_code as "errorCode" from projects where id = $1', [created.id])
  const segments = await db().query<{ source: string; prefix: string; suffix: string }>('select source, prefix, suffix from segments where project_id = $1 order by position', [created.id])
  return { project: project!, segments }
}

describe('long segments', () => {
  it('cuts a line with no sentence end into segments of at most 5,000 characters, at spaces, losing nothing', async () => {
    const line = Array.from({ length: 120_000 }, (_, n) => `vārds${n % 10}`).join(' ')
    const { project, segments } = await converted('rinda.txt', `${line}\n`)
    expect(project.status).toBe('READY')
    expect(segments.length).toBeGreaterThan(line.length / LONGEST_SEGMENT)
    expect(Math.max(...segments.map((segment) => segment.source.length))).toBeLessThanOrEqual(LONGEST_SEGMENT)
    expect(segments.map((segment) => segment.prefix + segment.source + segment.suffix).join('')).toBe(line)
  })

  it('refuses a file whose segment no rule can cut below the bound, naming the reason, storing nothing', async () => {
    const inside = Array.from({ length: 5_000 }, (_, n) => `word${n}`).join(' ')
    const { project, segments } = await converted('iekšā.html', `<!doctype html><html lang="en"><body><p>Start <b>${inside}</b> end.</p></body></html>`)
    expect(inside.length).toBeGreaterThan(MAX_SEGMENT_CHARACTERS)
    expect(project).toEqual({ status: 'FAILED', errorCode: 'SegmentTooLong' })
    expect(segments).toEqual([])
  })

  it('shows a segment stored before the bound cut and not editable, and moving away from it changes nothing', async () => {
    const { project, ids } = await readyProject(ownerId, 'vecs.txt', 'One.\nTwo.\n')
    const huge = 'senais teksts '.repeat(200_000)
    await db().query('update segments set source = $2 where id = $1', [ids[0], huge])
    const window = await segmentWindow(project.id, { center: ids[0]! }, 5)
    expect(window.segments[0]!.source.length).toBe(MAX_SEGMENT_CHARACTERS)
    expect(window.segments[0]!.oversized).toBe(true)
    expect(window.segments[1]!.oversized).toBe(false)
    const summary = project as ProjectSummary
    expect(await saveSegment(summary, ids[0]!, { target: 'x', status: 'DRAFT', saveType: 'MANUAL', saveMatch: 0 }, 0)).toMatchObject({ ok: false })
    expect(await leaveSegment(summary, ids[0]!, '', 0)).toEqual({ ok: true })
    const [stored] = await db().query<{ length: number; target: string | null }>('select length(source) as length, target from segments where id = $1', [ids[0]])
    expect(stored).toEqual({ length: huge.length, target: null })
  })
})
