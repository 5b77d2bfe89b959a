import fs from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '~/lib/auth/users.server'
import { detectFormat } from '~/lib/formats/registry.server'
import { wellFormednessError } from '~/lib/formats/xml/xml-tree'
import { translatedFile } from '~/lib/projects/pipeline.server'
import type { ProjectSummary } from '~/lib/projects/projects.server'
import { saveSegment, segmentWindow } from '~/lib/projects/segments.server'
import { mergeSegment, splitSegment } from '~/lib/projects/split-merge.server'
import { unzipSync } from 'fflate'
import { withTestDatabase } from './database'
import { readyProject } from './ready-project'

/**
 * Split and merge of segments (issue "Ctrl+S split and Ctrl+J merge"): the download stays the file it was,
 * tags stay balanced per part, positions stay dense and unique, numbers read "12-1", "12-2".
 */
const database = withTestDatabase()
const samples = path.resolve(import.meta.dirname, '../../shared/samples')
let ownerId: number

beforeAll(async () => {
  const user = await createUser({ email: 'split@example.lv', name: 'S', password: 'a long password' })
  if (!user.ok) throw new Error('no user')
  ownerId = user.user.id
})

async function projectOf(name: string, bytes: Uint8Array): Promise<ProjectSummary> {
  return (await readyProject(ownerId, name, bytes)).project
}

const htmlProject = (body: string) =>
  projectOf('page.html', new TextEncoder().encode(`<!doctype html><html lang="en"><body>\n${body}\n</body></html>\n`))

interface Row {
  id: number
  unitId: number
  position: number
  source: string
  target: string | null
  prefix: string
  suffix: string
  status: string
  wordCount: number
  originId: number | null
}

async function rowsOf(project: ProjectSummary): Promise<Row[]> {
  return database.current().query<Row>(
    `select id, unit_id as "unitId", position, source, target, prefix, suffix, status, word_count as "wordCount",
            origin_id as "originId"
       from segments where project_id = $1 order by position`,
    [project.id],
  )
}

const download = async (project: ProjectSummary) => Buffer.from(await translatedFile(project.id, project.format))

async function expectDensePositions(project: ProjectSummary) {
  const rows = await rowsOf(project)
  expect(rows.map((row) => row.position)).toEqual(rows.map((_, index) => index))
  const [{ count }] = (await database.current().query<{ count: number }>('select segment_count as count from projects where id = $1', [project.id])) as [{ count: number }]
  expect(count).toBe(rows.length)
}

describe('splitting keeps the download', () => {
  const cases: { name: string; body: string; segment: number; offset: number; first: Partial<Row>; second: Partial<Row> }[] = [
    {
      name: 'between two sentences, whitespace into suffix and prefix',
      body: '<p>One two three four five.</p>',
      segment: 0,
      offset: 7,
      first: { source: 'One two', suffix: '', wordCount: 2 },
      second: { source: 'three four five.', prefix: ' ', wordCount: 3 },
    },
    {
      name: 'in the middle of a word, no whitespace moves',
      body: '<p>Alphabet soup.</p>',
      segment: 0,
      offset: 5,
      first: { source: 'Alpha', suffix: '' },
      second: { source: 'bet soup.', prefix: '' },
    },
    {
      name: 'after a tag pair, which stays whole in the first part',
      body: '<p>Some <b>bold</b> words and more words.</p>',
      segment: 0,
      offset: 9,
      first: { source: 'Some <b1>bold</b1>', suffix: '' },
      second: { source: 'words and more words.', prefix: ' ' },
    },
    {
      name: 'after a space: the space goes into the first part\'s suffix',
      body: '<p>One two three.</p>',
      segment: 0,
      offset: 4,
      first: { source: 'One', suffix: ' ' },
      second: { source: 'two three.', prefix: '' },
    },
    {
      name: 'right before a tag pair, which goes whole with the second part',
      body: '<p>Plain words <i>then italics</i>.</p>',
      segment: 0,
      offset: 12,
      first: { source: 'Plain words', suffix: ' ' },
      second: { source: '<i1>then italics</i1>.' },
    },
    {
      name: 'with escapes around the point ("&" + "lt;" must not turn into "<")',
      body: '<p>Rock &amp;lt;roll&gt; band.</p>',
      segment: 0,
      offset: 6,
      first: { source: 'Rock &' },
      second: { source: 'lt;roll> band.' },
    },
  ]

  it.each(cases)('$name', async ({ body, segment, offset, first, second }) => {
    const project = await htmlProject(body)
    const before = await download(project)
    const original = (await rowsOf(project))[segment]!
    const split = await splitSegment(project, original.id, offset)
    expect(split).toEqual({ ok: true, segmentId: original.id })
    const rows = await rowsOf(project)
    expect(rows[segment]).toMatchObject({ id: original.id, originId: null, status: 'NEW', prefix: original.prefix, ...first })
    expect(rows[segment + 1]).toMatchObject({ originId: original.id, unitId: original.unitId, status: 'NEW', suffix: original.suffix, ...second })
    expect((await download(project)).equals(before)).toBe(true)
    await expectDensePositions(project)
  })
})

describe('refusals', () => {
  const cases: { name: string; body: string; offset: number; target?: string; targetOffset?: number; code: string }[] = [
    { name: 'inside a tag pair', body: '<p>Some <b>bold words</b> here.</p>', offset: 10, code: 'inside-tag-pair' },
    { name: 'at the very end', body: '<p>Two words.</p>', offset: 10, code: 'empty-part' },
    { name: 'before the first character', body: '<p>Two words.</p>', offset: 0, code: 'bad-offset' },
    { name: 'past the end', body: '<p>Two words.</p>', offset: 99, code: 'bad-offset' },
    {
      name: 'a target split inside its tag pair',
      body: '<p>One <b>two</b> three four.</p>',
      offset: 8,
      target: 'Viens <b1>divi</b1> trīs četri.',
      targetOffset: 8,
      code: 'target-inside-tag-pair',
    },
    {
      name: 'a whole target whose tags belong to the second part',
      body: '<p>One two <b>three</b> four.</p>',
      offset: 4,
      target: 'Viens divi <b1>trīs</b1> četri.',
      code: 'target-tags',
    },
  ]

  it.each(cases)('$name', async ({ body, offset, target, targetOffset, code }) => {
    const project = await htmlProject(body)
    const [row] = await rowsOf(project)
    if (target) await saveSegment(project, row!.id, { target, status: 'TRANSLATED', saveType: 'MANUAL', saveMatch: 0 }, 0)
    const before = await rowsOf(project)
    expect(await splitSegment(project, row!.id, offset, targetOffset)).toEqual({ ok: false, code })
    expect(await rowsOf(project)).toEqual(before)
  })

  it('refuses a segment of another project, and merges without a next segment or across units', async () => {
    const project = await htmlProject('<p>First paragraph.</p><p>Second paragraph.</p>')
    const other = await htmlProject('<p>Elsewhere.</p>')
    const [first, second] = await rowsOf(project)
    expect(await splitSegment(other, first!.id, 3)).toEqual({ ok: false, code: 'not-found' })
    expect(await mergeSegment(other, first!.id)).toEqual({ ok: false, code: 'not-found' })
    expect(await mergeSegment(project, first!.id)).toEqual({ ok: false, code: 'other-unit' })
    expect(await mergeSegment(project, second!.id)).toEqual({ ok: false, code: 'no-next' })
  })
})

describe('translating the parts', () => {
  it('splits a target at its offset, makes both drafts, and downloads both translations', async () => {
    const project = await htmlProject('<p>One <b>two</b> three four.</p>')
    const [row] = await rowsOf(project)
    await saveSegment(project, row!.id, { target: 'Viens <b1>divi</b1> trīs četri.', status: 'TRANSLATED', saveType: 'MANUAL', saveMatch: 0 }, 0)
    expect(await splitSegment(project, row!.id, 7, 10)).toMatchObject({ ok: true })
    const [first, second] = await rowsOf(project)
    expect(first).toMatchObject({ source: 'One <b1>two</b1>', target: 'Viens <b1>divi</b1>', status: 'DRAFT' })
    expect(second).toMatchObject({ source: 'three four.', target: 'trīs četri.', status: 'DRAFT' })
    expect((await download(project)).toString()).toContain('<p>Viens <b>divi</b> trīs četri.</p>')
  })

  it('with only a target offset (Ctrl+S in the translation) cuts the source at the matching sentence end, or says why not', async () => {
    const project = await htmlProject('<p>Open the <b>file</b> first; then close it.</p>')
    const [row] = await rowsOf(project)
    await saveSegment(
      project,
      row!.id,
      { target: 'Vispirms atveriet <b1>datni</b1>; tad aizveriet to.', status: 'TRANSLATED', saveType: 'MANUAL', saveMatch: 0 },
      0,
    )
    const before = await rowsOf(project)
    expect(await splitSegment(project, row!.id, undefined, 'Vispirms'.length)).toEqual({ ok: false, code: 'target-not-sentence-end' })
    expect(await rowsOf(project)).toEqual(before)
    expect(await splitSegment(project, row!.id, undefined, 'Vispirms atveriet datni; '.length)).toMatchObject({ ok: true })
    const [first, second] = await rowsOf(project)
    expect(first).toMatchObject({ source: 'Open the <b1>file</b1> first;', target: 'Vispirms atveriet <b1>datni</b1>;', status: 'DRAFT' })
    expect(second).toMatchObject({ source: 'then close it.', target: 'tad aizveriet to.', status: 'DRAFT' })
    expect((await download(project)).toString()).toContain('<p>Vispirms atveriet <b>datni</b>; tad aizveriet to.</p>')
  })

  it('keeps a whole target in the first part by default; the second part is new', async () => {
    const project = await htmlProject('<p>One two. Three four.</p>')
    const [row] = await rowsOf(project)
    await saveSegment(project, row!.id, { target: 'Viens divi.', status: 'TRANSLATED', saveType: 'MANUAL', saveMatch: 0 }, 0)
    await splitSegment(project, row!.id, 4)
    const [first, second] = await rowsOf(project)
    expect(first).toMatchObject({ source: 'One', target: 'Viens divi.', status: 'DRAFT' })
    expect(second).toMatchObject({ source: 'two.', target: null, status: 'NEW' })
    await saveSegment(project, second!.id, { target: 'Otrais.', status: 'TRANSLATED', saveType: 'MANUAL', saveMatch: 0 }, 0)
    expect((await download(project)).toString()).toContain('<p>Viens divi. Otrais. Three four.</p>')
  })
})

describe('merging', () => {
  it('restores a split exactly, moves comments and the last active segment, and renumbers', async () => {
    const project = await htmlProject('<p>Alpha beta gamma delta.</p><p>Next one.</p>')
    const before = await rowsOf(project)
    const beforeFile = await download(project)
    const id = before[0]!.id
    await splitSegment(project, id, 6)
    await splitSegment(project, id, 3)
    const split = await rowsOf(project)
    expect(split.map((row) => row.source)).toEqual(['Alp', 'ha', 'beta gamma delta.', 'Next one.'])
    const window = await segmentWindow(project.id, { first: true }, 5)
    expect(window.segments.map((segment) => segment.label)).toEqual(['1-1', '1-2', '1-3', '2'])

    const db = database.current()
    await db.query(`insert into comments (project_id, segment_id, full_name, message) values ($1, $2, 'A', 'on the middle part')`, [project.id, split[1]!.id])
    await db.query('update jobs set last_segment_id = $2 where id = $1', [project.jobId, split[1]!.id])

    expect(await mergeSegment(project, id)).toEqual({ ok: true, segmentId: id })
    const [comment] = await db.query<{ segmentId: number }>('select segment_id as "segmentId" from comments where project_id = $1', [project.id])
    expect(comment!.segmentId).toBe(id)
    const [job] = await db.query<{ last: number }>('select last_segment_id as last from jobs where id = $1', [project.jobId])
    expect(job!.last).toBe(id)
    expect((await segmentWindow(project.id, { first: true }, 5)).segments.map((segment) => segment.label)).toEqual(['1-1', '1-2', '2'])

    await mergeSegment(project, id)
    const merged = await rowsOf(project)
    expect(merged.map(({ source, prefix, suffix, wordCount }) => ({ source, prefix, suffix, wordCount }))).toEqual(
      before.map(({ source, prefix, suffix, wordCount }) => ({ source, prefix, suffix, wordCount })),
    )
    expect((await segmentWindow(project.id, { first: true }, 5)).segments.map((segment) => segment.label)).toEqual(['1', '2'])
    expect((await download(project)).equals(beforeFile)).toBe(true)
    await expectDensePositions(project)
  })

  it('fills a missing translation with the source and makes a draft', async () => {
    const project = await htmlProject('<p>First sentence. Second sentence.</p>')
    const [a, b] = await rowsOf(project)
    await saveSegment(project, a!.id, { target: 'Pirmais teikums.', status: 'TRANSLATED', saveType: 'MANUAL', saveMatch: 0 }, 0)
    await mergeSegment(project, a!.id)
    const [merged] = await rowsOf(project)
    expect(merged).toMatchObject({ source: 'First sentence. Second sentence.', target: 'Pirmais teikums. Second sentence.', status: 'DRAFT', wordCount: a!.wordCount + b!.wordCount })
    expect((await download(project)).toString()).toContain('<p>Pirmais teikums. Second sentence.</p>')
  })

  it('labels the parts of later segments by their origin, also in a window that starts mid-group', async () => {
    const project = await htmlProject(Array.from({ length: 12 }, (_, n) => `<p>Sentence number ${n} here.</p>`).join('\n'))
    const rows = await rowsOf(project)
    await splitSegment(project, rows[9]!.id, 9)
    await splitSegment(project, rows[9]!.id, 5)
    const window = await segmentWindow(project.id, { center: rows[10]!.id }, 1)
    expect(window.segments.map((segment) => segment.label)).toEqual(['10-3', '11', '12'])
    const start = await segmentWindow(project.id, { center: rows[9]!.id }, 1)
    expect(start.segments.map((segment) => segment.label)).toEqual(['9', '10-1', '10-2'])
  })
})

describe('formats stay valid', () => {
  it('a DOCX sample split and merged downloads as a DOCX with well-formed XML', async () => {
    const bytes = new Uint8Array(fs.readFileSync(path.join(samples, 'office/docx/mammoth_tables.docx')))
    const project = await projectOf('tables.docx', bytes)
    const before = await download(project)
    const rows = await rowsOf(project)
    const splittable = rows.find((row) => !row.source.includes('<') && row.source.includes(' '))!
    const offset = splittable.source.indexOf(' ') + 1
    expect(await splitSegment(project, splittable.id, offset)).toMatchObject({ ok: true })
    const parts = (await rowsOf(project)).filter((row) => row.id === splittable.id || row.originId === splittable.id)
    for (const [index, part] of parts.entries()) {
      await saveSegment(project, part.id, { target: `<${index}> & part ${index}`, status: 'TRANSLATED', saveType: 'MANUAL', saveMatch: 0 }, 0)
    }
    const translated = await download(project)
    expect(detectFormat('x.docx', translated)?.id).toBe('docx')
    const document = new TextDecoder().decode(unzipSync(translated)['word/document.xml'])
    expect(wellFormednessError(document)).toBeUndefined()
    expect(document).toContain('&lt;0&gt; &amp; part 0')
    await mergeSegment(project, splittable.id)
    await saveSegment(project, splittable.id, { target: '', status: 'DRAFT', saveType: 'MANUAL', saveMatch: 0 }, 0)
    expect(Buffer.from(unzipSync(await download(project))['word/document.xml']!).equals(Buffer.from(unzipSync(before)['word/document.xml']!))).toBe(true)
  })
})

describe('property: random splits, then merges, give back the file', () => {
  it('holds for random split points in a tagged HTML file', async () => {
    const project = await htmlProject(
      '<p>The <b>quick</b> brown fox. It jumps over <i>the lazy</i> dog &amp; cat.</p>\n<p>A second <a href="x">link text</a> paragraph.</p>',
    )
    const original = await download(project)
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 6 }), async (picks) => {
        for (const [which, where] of picks) {
          const rows = await rowsOf(project)
          const row = rows[which % rows.length]!
          const plain = row.source.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&')
          await splitSegment(project, row.id, 1 + (where % Math.max(1, plain.length - 1)))
          expect((await download(project)).equals(original)).toBe(true)
        }
        await expectDensePositions(project)
        // Merge every split part back into the segment before it.
        for (let rows = await rowsOf(project); rows.some((row) => row.originId !== null); rows = await rowsOf(project)) {
          const index = rows.findIndex((row) => row.originId !== null)
          expect(await mergeSegment(project, rows[index - 1]!.id)).toMatchObject({ ok: true })
        }
        expect((await download(project)).equals(original)).toBe(true)
      }),
      { numRuns: 15 },
    )
  })
})
