import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '~/lib/db/db.server'
import { readFileListQuery } from '~/lib/projects/file-list'
import { holdUpload, listHeldUploads, takeHeldUploads } from '~/lib/projects/held-uploads.server'
import { removeOrphanedFiles, storeFile } from '~/lib/projects/stored-files.server'
import { createProject, listProjects } from '~/lib/projects/projects.server'
import { cultureCookie } from '~/lib/i18n/i18n.server'
import { loader as indexLoader } from '~/routes/_index'
import { signedInUser } from './accounts'
import { context, get, settle } from './remix'
import { withTestDatabase } from './database'

/** Issue 19: the file list found by name, language pair and state, and ordered, a page at a time. */
withTestDatabase()
let ownerId: number

const files = [
  // name, pair, state (status, analysis, words total, words translated), created minutes ago
  { name: 'Atskaite 2026.docx', source: 'en', target: 'lv', status: 'READY', analysis: 'DONE', words: 1200, translated: 1200, ago: 50 },
  { name: 'report-draft.txt', source: 'en', target: 'lv', status: 'READY', analysis: 'DONE', words: 300, translated: 100, ago: 40 },
  { name: 'Отчёт.docx', source: 'ru', target: 'lv', status: 'READY', analysis: 'DONE', words: 800, translated: 0, ago: 30 },
  { name: 'broken.docx', source: 'en', target: 'lv', status: 'FAILED', analysis: 'NEW', words: 0, translated: 0, ago: 20 },
  { name: 'REPORT final.html', source: 'en', target: 'ru', status: 'WAITING', analysis: 'NEW', words: 0, translated: 0, ago: 10 },
] as const

beforeAll(async () => {
  ownerId = (await signedInUser('saraksts@example.lv')).user.id
  const other = (await signedInUser('cits-saraksts@example.lv')).user.id
  for (const file of files) {
    const { id } = await createProject({ ownerId, name: file.name, format: 'txt', bytes: new TextEncoder().encode('x'), sourceLang: file.source, targetLang: file.target, tmPretranslate: false, mtPretranslate: false })
    await db().query(
      `update projects set status = $2, analysis_status = $3, word_count = $4::int, words_total = $4::int, words_translated = $5, created_at = now() - make_interval(mins => $6) where id = $1`,
      [id, file.status, file.analysis, file.words, file.translated, file.ago],
    )
  }
  await createProject({ ownerId: other, name: 'report of another user.txt', format: 'txt', bytes: new TextEncoder().encode('x'), sourceLang: 'en', targetLang: 'lv', tmPretranslate: false, mtPretranslate: false })
})

async function names(search: string, page = 1, perPage = 10) {
  const { total, projects } = await listProjects(ownerId, page, perPage, readFileListQuery(new URLSearchParams(search)))
  return { total, names: projects.map((project) => project.name) }
}

describe('the file list', () => {
  it('is newest first by default', async () => {
    expect((await names('')).names).toEqual(['REPORT final.html', 'broken.docx', 'Отчёт.docx', 'report-draft.txt', 'Atskaite 2026.docx'])
  })

  it('finds names in any case, its own files only', async () => {
    expect(await names('q=report')).toEqual({ total: 2, names: ['REPORT final.html', 'report-draft.txt'] })
    expect(await names('q=отчёт')).toEqual({ total: 1, names: ['Отчёт.docx'] })
    expect(await names('q=100%')).toEqual({ total: 0, names: [] })
  })

  it('filters by language pair and by state', async () => {
    expect((await names('pair=en-lv')).names).toEqual(['broken.docx', 'report-draft.txt', 'Atskaite 2026.docx'])
    expect((await names('state=done')).names).toEqual(['Atskaite 2026.docx'])
    expect((await names('state=broken')).names).toEqual(['broken.docx'])
    expect((await names('state=progress')).names).toEqual(['REPORT final.html', 'Отчёт.docx', 'report-draft.txt'])
    expect((await names('state=progress&pair=en-lv')).names).toEqual(['report-draft.txt'])
  })

  it('sorts by name, words and progress either way, and pages keep the order', async () => {
    expect((await names('sort=name')).names).toEqual(['Atskaite 2026.docx', 'broken.docx', 'REPORT final.html', 'report-draft.txt', 'Отчёт.docx'])
    expect((await names('sort=words')).names.slice(0, 3)).toEqual(['Atskaite 2026.docx', 'Отчёт.docx', 'report-draft.txt'])
    expect((await names('sort=progress&order=desc')).names.slice(0, 2)).toEqual(['Atskaite 2026.docx', 'report-draft.txt'])
    const pages = [await names('sort=name', 1, 2), await names('sort=name', 2, 2), await names('sort=name', 3, 2)]
    expect(pages.flatMap((page) => page.names)).toEqual((await names('sort=name')).names)
    expect(pages[0]!.total).toBe(5)
  })
})

describe('files held across a language swap without JavaScript', () => {
  it('are listed to their owner only, taken once when ticked, and dropped when not', async () => {
    const other = (await signedInUser('cits-turētājs@example.lv')).user.id
    for (const name of ['a.txt', 'b.txt']) await holdUpload(ownerId, { fileId: await storeFile(new TextEncoder().encode(name)), name, format: 'txt' })
    const held = await listHeldUploads(ownerId)
    expect(held.map((file) => file.name)).toEqual(['a.txt', 'b.txt'])
    expect(await listHeldUploads(other)).toEqual([])
    // Another user's Analyze with these ids takes nothing.
    expect(await takeHeldUploads(other, held.map((file) => file.id))).toEqual([])
    // The owner ticked a.txt only: it is taken, b.txt is dropped, and nothing is held after.
    const taken = await takeHeldUploads(ownerId, [held[0]!.id])
    expect(taken.map((file) => file.name)).toEqual(['a.txt'])
    expect(await listHeldUploads(ownerId)).toEqual([])
    expect(await takeHeldUploads(ownerId, [held[1]!.id])).toEqual([])
  })

  it('expire after an hour, their stored files with them', async () => {
    const fileId = await storeFile(new TextEncoder().encode('vecs'))
    await holdUpload(ownerId, { fileId, name: 'vecs.txt', format: 'txt' })
    expect(await removeOrphanedFiles()).toBe(0)
    await db().query(`update held_uploads set created_at = now() - interval '61 minutes' where file_id = $1`, [fileId])
    await db().query(`update stored_files set created_at = now() - interval '61 minutes' where id = $1`, [fileId])
    expect(await listHeldUploads(ownerId)).toEqual([])
    expect(await removeOrphanedFiles()).toBeGreaterThanOrEqual(1)
    expect(await db().query('select 1 from held_uploads where file_id = $1', [fileId])).toEqual([])
  })
})

describe('the progress of a file being analysed or pretranslated, on its row', () => {
  it('shows the percent and the time left at the pace so far, per interface language', async () => {
    const { user, cookie } = await signedInUser('progress@example.lv')
    const { id } = await createProject({ ownerId: user.id, name: 'gara.txt', format: 'txt', bytes: new TextEncoder().encode('x'), sourceLang: 'en', targetLang: 'lv', tmPretranslate: false, mtPretranslate: false })
    // A quarter done in 100 s: 300 s left at that pace.
    await db().query(
      `update projects set status = 'READY', analysis_status = 'ANALYSING', segment_count = 12000, segments_analyzed = 3000, created_at = now() - interval '100 seconds' where id = $1`,
      [id],
    )
    const progress = async (language: 'lv' | 'en' | 'ru') => {
      const culture = (await cultureCookie.serialize(language)).split(';')[0]!
      const page = await settle<{ projects: { name: string; progress?: string }[] }>(() => indexLoader({ request: get('/', `${cookie}; ${culture}`), params: {}, context }))
      return page.data.projects.find((project) => project.name === 'gara.txt')!.progress
    }
    expect(await progress('lv')).toBe('25%; vēl aptuveni 5 minūtes')
    expect(await progress('en')).toBe('25%; about 5 minutes left')
    // Russian puts a no-break space before the percent sign (CLDR).
    expect(await progress('ru')).toBe('25\u00a0%; осталось примерно 5 минут')
    // Pretranslation shows its percent.
    await db().query(`update projects set analysis_status = 'PRETRANSLATING', pretranslated = 9000 where id = $1`, [id])
    expect(await progress('en')).toBe('75%')
    await db().query(`update projects set analysis_status = 'DONE' where id = $1`, [id])
    expect(await progress('en')).toBeUndefined()
  })
})
