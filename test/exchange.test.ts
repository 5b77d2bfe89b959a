import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { strFromU8, unzipSync } from 'fflate'
import { beforeAll, describe, expect, it } from 'vitest'
import type { User } from '~/lib/auth/users.server'
import { db } from '~/lib/db/db.server'
import { exchangeChunks, exchangeFileName, type ExchangeFormat } from '~/lib/exchange/exchange-export.server'
import { exchangeImportsOf, receiveExchangeUpload, type ExchangeImport } from '~/lib/exchange/exchange-import.server'
import { exportSelection } from '~/lib/exchange/exchange-selection.server'
import { xliff12Filter } from '~/lib/formats/xliff12/filter.server'
import { xliff20Filter } from '~/lib/formats/xliff20/filter.server'
import { allTaskHandlers } from '~/lib/jobs/task-handlers.server'
import { startWorker } from '~/lib/jobs/worker.server'
import { addComment } from '~/lib/projects/comments.server'
import type { ProjectSummary } from '~/lib/projects/projects.server'
import { saveSegment } from '~/lib/projects/segments.server'
import { readTmx } from '~/lib/tm/tmx'
import { collect, textStream } from '~/lib/tm/tmx-test-streams'
import { signedInUser } from './accounts'
import { withTestDatabase } from './database'
import { readyProject } from './ready-project'

/**
 * Issue 18, point 3: a project goes out as XLIFF 1.2, 2.0 or TMX and comes back from "another CAT tool" (the export
 * edited as such a tool would: new targets and states, everything else kept); the import applies what changed, keeps
 * what was edited in Tulks meanwhile unless told to overwrite, and refuses what cannot be written back.
 */
withTestDatabase()
let owner: User
let stranger: User
let project: ProjectSummary
let ids: number[]

const PARAGRAPHS = [
  'Press <b>Save</b> to keep the file.',
  'Open the window.',
  'Close the door.',
  'The third option<br>is better.',
  'Read the manual.',
  'Check the tags here.',
  'Leave this one alone.',
]

beforeAll(async () => {
  owner = (await signedInUser('exchange@example.lv', 'Jānis Apmaiņa')).user
  stranger = (await signedInUser('stranger@example.lv')).user
  ;({ project, ids } = await readyProject(owner.id, 'guide.html', `<html><body>${PARAGRAPHS.map((p) => `<p>${p}</p>`).join('\n')}</body></html>`))
  expect(ids).toHaveLength(PARAGRAPHS.length)
})

const job = () => ({ id: project.id, jobId: project.jobId })
const save = (index: number, target: string, status: 'DRAFT' | 'TRANSLATED') =>
  saveSegment(job(), ids[index]!, { target, status, saveType: 'MANUAL', saveMatch: 0 }, 0)

async function segment(index: number) {
  const [row] = await db().query<{ source: string; target: string | null; status: string }>('select source, target, status from segments where id = $1', [ids[index]])
  return row!
}

async function exported(format: ExchangeFormat, projects = [project]): Promise<string> {
  const chunks: Uint8Array[] = []
  for await (const chunk of exchangeChunks(projects, format, 'test')) chunks.push(chunk)
  return Buffer.concat(chunks).toString('utf8')
}

/** What another tool does to a unit: its target and state replaced, everything else as it was. */
function translateUnit12(xliff: string, segmentId: number, target: string, state = 'translated'): string {
  const unit = new RegExp(`(<trans-unit id="${segmentId}"[^>]*>\\s*<source>.*?</source>)(\\s*<target[^>]*>.*?</target>)?`, 's')
  expect(unit.test(xliff)).toBe(true)
  return xliff.replace(unit, `$1\n        <target state="${state}">${target}</target>`)
}

function sourceXml(xliff: string, segmentId: number): string {
  return new RegExp(`<(?:trans-unit|unit) id="${segmentId}"[^>]*>.*?<source>(.*?)</source>`, 's').exec(xliff)![1]!
}

async function importXliff(xliff: string, user: User, overwrite = false, name = 'guide.html.xlf'): Promise<ExchangeImport> {
  const form = new FormData()
  form.set('file', new File([xliff], name))
  if (overwrite) form.set('overwrite', 'on')
  const received = await receiveExchangeUpload(new Request('http://localhost/exchange', { method: 'POST', body: form }), user.id)
  expect(received.ok).toBe(true)
  const worker = startWorker({ handlers: allTaskHandlers, pollMs: 10, log: () => {} })
  await worker.idle()
  await worker.stop()
  return (await exchangeImportsOf(user.id, 1))[0]!
}

describe('export', () => {
  it('writes every segment with its translation, status, origin, context and comments as XLIFF 1.2 that XLIFF readers take', async () => {
    await save(1, 'Atveriet logu.', 'TRANSLATED')
    await save(2, 'Aizveriet durvis', 'DRAFT')
    await addComment({ id: project.id }, ids[0]!, { id: owner.id, name: owner.name }, 'Pogas nosaukums kā lietotnē')
    const xliff = await exported('xliff12')
    expect(xliff).toContain(`<file original="guide.html" source-language="en" target-language="lv" datatype="x-html" tulks:project="${project.id}"`)
    expect(xliff).toContain('<note from="Jānis Apmaiņa">Pogas nosaukums kā lietotnē</note>')
    // Our own XLIFF reader: every segment a unit, the translations with their states.
    const units = xliff12Filter.extract(new TextEncoder().encode(xliff))
    expect(units.map((unit) => unit.source.filter((token) => token.kind === 'text').map((token) => token.text).join(''))).toEqual(
      PARAGRAPHS.map((p) => p.replace(/<[^>]+>/g, '')),
    )
    expect(units.map((unit) => unit.targetState)).toEqual([undefined, 'translated', 'draft', undefined, undefined, undefined, undefined])
    // translate-toolkit's reader: the confirmed translation and the draft (fuzzy) come through.
    const directory = mkdtempSync(path.join(tmpdir(), 'tulks-exchange-'))
    try {
      writeFileSync(path.join(directory, 'guide.xlf'), xliff)
      execFileSync('xliff2po', ['-i', path.join(directory, 'guide.xlf'), '-o', path.join(directory, 'guide.po')], { stdio: 'pipe' })
      const po = readFileSync(path.join(directory, 'guide.po'), 'utf8')
      expect(po).toContain('msgid "Open the window."\nmsgstr "Atveriet logu."')
      expect(po).toMatch(/#, fuzzy\n(?:#.*\n)*msgid "Close the door."\nmsgstr "Aizveriet durvis"/)
    } finally {
      rmSync(directory, { recursive: true, force: true })
    }
  })

  it('writes XLIFF 2.0 that the XLIFF 2 reader takes, with the drafts as initial and translations as translated', async () => {
    const xliff = await exported('xliff20')
    expect(xliff).toContain('srcLang="en" trgLang="lv"')
    expect(xliff).toMatch(/<note category="comment" tulks:author="Jānis Apmaiņa">Pogas nosaukums kā lietotnē<\/note>/)
    const units = xliff20Filter.extract(new TextEncoder().encode(xliff))
    expect(units).toHaveLength(PARAGRAPHS.length)
    expect(units[1]!.target).toEqual([{ kind: 'text', text: 'Atveriet logu.' }])
    expect(xliff).toMatch(new RegExp(`<unit id="${ids[2]}"[^>]*>(?:(?!</unit>).)*<segment state="initial" subState="tulks:manual">`, 's'))
  })

  it('writes the confirmed segments as TMX', async () => {
    const tmx = await exported('tmx')
    const { units } = await collect(readTmx(textStream(tmx), { sourceLang: 'en', targetLang: 'lv' }))
    expect(units.map((unit) => [unit.source, unit.target])).toEqual([['Open the window.', 'Atveriet logu.']])
  })

  it('packs the selected files’ translations in one ZIP, each named with its target language (issue 19)', async () => {
    const chunks: Uint8Array[] = []
    for await (const chunk of exchangeChunks([project, project], 'zip', 'test')) chunks.push(chunk)
    const files = unzipSync(Buffer.concat(chunks))
    expect(Object.keys(files)).toEqual(['guide.lv.html', 'guide.lv (2).html'])
    expect(strFromU8(files['guide.lv.html']!)).toContain('<p>Atveriet logu.</p>')
    expect(exchangeFileName([project], 'zip', new Date('2026-11-26T10:00:00Z'))).toBe('tulks-1-2026-11-26.zip')
  })

  it('names the download after the file, or the number of files and the date', () => {
    expect(exchangeFileName([{ name: 'guide.html' }], 'xliff12')).toBe('guide.html.xlf')
    expect(exchangeFileName([{ name: 'a' }, { name: 'b' }], 'tmx', new Date('2026-11-26T10:00:00Z'))).toBe('tulks-2-2026-11-26.tmx')
  })

  it("exports only the caller's ready files, one language pair for XLIFF 2.0", async () => {
    const params = (values: [string, string][]) => new URLSearchParams(values)
    expect(await exportSelection(owner.id, params([['format', 'xliff12']]))).toEqual({ ok: false, refusal: 'none-selected' })
    expect(await exportSelection(owner.id, params([['format', 'doc'], ['project', String(project.id)]]))).toEqual({ ok: false, refusal: 'bad-format' })
    await expect(exportSelection(stranger.id, params([['format', 'xliff12'], ['project', String(project.id)]]))).rejects.toMatchObject({ status: 404 })
    const other = (await readyProject(owner.id, 'other.txt', 'Another file.\n')).project
    await db().query(`update projects set target_lang = 'ru' where id = $1`, [other.id])
    const both = params([['project', String(project.id)], ['project', String(other.id)]])
    both.set('format', 'xliff20')
    expect(await exportSelection(owner.id, both)).toEqual({ ok: false, refusal: 'mixed-languages' })
    both.set('format', 'xliff12')
    expect(await exportSelection(owner.id, both)).toMatchObject({ ok: true, projects: [{ id: project.id }, { id: other.id }] })
  })
})

describe('import', () => {
  it('applies what the other tool changed, keeps what Tulks changed since, refuses what cannot be written back', async () => {
    let xliff = await exported('xliff12')
    // Meanwhile in Tulks, after the export:
    await save(4, 'Izlasiet rokasgrāmatu.', 'TRANSLATED')
    // In the other tool:
    const bold = sourceXml(xliff, ids[0]!).replace('Press ', 'Nospiediet ').replace('>Save<', '>Saglabāt<').replace(' to keep the file.', ', lai saglabātu datni.')
    xliff = translateUnit12(xliff, ids[0]!, bold)
    xliff = translateUnit12(xliff, ids[2]!, 'Aizveriet durvis.')
    xliff = translateUnit12(xliff, ids[3]!, sourceXml(xliff, ids[3]!).replace('The third option', 'Trešā iespēja').replace('is better.', 'ir labāka.'), 'needs-review-translation')
    xliff = translateUnit12(xliff, ids[4]!, 'Lasiet rokasgrāmatu.')
    xliff = translateUnit12(xliff, ids[5]!, 'Pārbaudiet <x id="x9"/> tagus.')
    xliff = xliff.replace('</body>', `<trans-unit id="999999"><source>Not ours.</source><target state="translated">Nav mūsu.</target></trans-unit></body>`)

    const done = await importXliff(xliff, owner)
    expect(done.status).toBe('done')
    const [file] = done.report!.files
    expect(file).toMatchObject({ projectId: project.id, counts: { updated: 3, statusChanged: 0, conflicts: 1, overwritten: 0, rejected: 2 } })
    expect(file!.counts.unchanged).toBe(2) // unit 1 passed through as exported, unit 6 never translated
    expect(file!.notes.map((note) => note.problem).sort()).toEqual(['conflict', 'not-found', 'unknown-tag'])
    expect(file!.notes.find((note) => note.problem === 'conflict')).toMatchObject({ number: 5, current: 'Izlasiet rokasgrāmatu.', incoming: 'Lasiet rokasgrāmatu.' })

    const first = await segment(0)
    expect(first.status).toBe('TRANSLATED')
    expect(first.target).toBe(first.source.replace('Press ', 'Nospiediet ').replace('Save', 'Saglabāt').replace(' to keep the file.', ', lai saglabātu datni.'))
    expect(await segment(1)).toMatchObject({ target: 'Atveriet logu.', status: 'TRANSLATED' })
    expect(await segment(2)).toMatchObject({ target: 'Aizveriet durvis.', status: 'TRANSLATED' })
    expect((await segment(3)).status).toBe('DRAFT')
    expect((await segment(3)).target).toMatch(/^Trešā iespēja<[^>]+\/>ir labāka\.$/)
    expect(await segment(4)).toMatchObject({ target: 'Izlasiet rokasgrāmatu.', status: 'TRANSLATED' })
    expect(await segment(5)).toMatchObject({ target: null, status: 'NEW' })
    // The confirmed translations went to the project's memory, as a confirm in the editor does.
    const [memory] = await db().query<{ count: number }>(
      `select count(*)::int as count from tm_units where target in ('Aizveriet durvis.', $1)`,
      [first.target],
    )
    expect(memory!.count).toBeGreaterThanOrEqual(1)

    // The same file again, told to overwrite: the conflict is now the file's version; what was applied is unchanged.
    const again = await importXliff(xliff, owner, true)
    expect(again.report!.files[0]!.counts).toMatchObject({ updated: 1, conflicts: 0, overwritten: 1, rejected: 2 })
    expect(await segment(4)).toMatchObject({ target: 'Lasiet rokasgrāmatu.', status: 'TRANSLATED' })
  })

  it('reads XLIFF 2.0 back, a draft as a draft and a confirm of an unchanged text as a status change', async () => {
    let xliff = await exported('xliff20')
    const unit = (segmentId: number, state: string, target?: string) => {
      const pattern = new RegExp(`(<unit id="${segmentId}"[^>]*>.*?)<segment[^>]*>(\\s*<source>.*?</source>)(\\s*<target>.*?</target>)?`, 's')
      xliff = xliff.replace(pattern, (_, head: string, source: string, oldTarget: string | undefined) =>
        `${head}<segment state="${state}">${source}${target === undefined ? (oldTarget ?? '') : `<target>${target}</target>`}`,
      )
    }
    unit(ids[6]!, 'initial', 'Atstājiet šo.')
    unit(ids[3]!, 'final')
    const done = await importXliff(xliff, owner)
    expect(done.report!.files[0]!.counts).toMatchObject({ updated: 1, statusChanged: 1, conflicts: 0, rejected: 0 })
    expect(await segment(6)).toMatchObject({ target: 'Atstājiet šo.', status: 'DRAFT' })
    expect((await segment(3)).status).toBe('TRANSLATED')
  })

  it("changes nothing in another user's files, and reports a file that is not XLIFF", async () => {
    const before = await db().query('select id, target, status from segments where project_id = $1 order by id', [project.id])
    const xliff = translateUnit12(await exported('xliff12'), ids[6]!, 'Svešs.')
    const foreign = await importXliff(xliff, stranger)
    expect(foreign.report!.files[0]).toMatchObject({ error: 'no-project', counts: { updated: 0 } })
    expect(foreign.report!.files[0]!.projectId).toBeUndefined()
    const broken = await importXliff('<xliff version="1.2"><file>', owner, false, 'broken.xlf')
    expect(broken).toMatchObject({ status: 'failed', report: { error: 'not-xliff' } })
    expect(await db().query('select id, target, status from segments where project_id = $1 order by id', [project.id])).toEqual(before)
    const [{ count } = { count: -1 }] = await db().query<{ count: number }>('select count(*)::int as count from exchange_imports where file_id is not null')
    expect(count).toBe(0)
  })

  it('refuses an upload that is not an XLIFF file or is empty, storing nothing', async () => {
    const form = new FormData()
    form.set('file', new File(['plain'], 'notes.txt'))
    expect(await receiveExchangeUpload(new Request('http://localhost/exchange', { method: 'POST', body: form }), owner.id)).toEqual({ ok: false, code: 'wrong-extension' })
    form.set('file', new File([], 'empty.xlf'))
    expect(await receiveExchangeUpload(new Request('http://localhost/exchange', { method: 'POST', body: form }), owner.id)).toEqual({ ok: false, code: 'missing-file' })
  })
})
