import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '~/lib/db/db.server'
import { findProject, type ProjectSummary } from '~/lib/projects/projects.server'
import { saveTranslation } from '~/lib/projects/save-translation.server'
import { segmentWindow } from '~/lib/projects/segments.server'
import { shareProjects } from '~/lib/projects/sharing.server'
import type { User } from '~/lib/auth/users.server'
import { signedInUser } from './accounts'
import { withTestDatabase } from './database'
import { readyProject } from './ready-project'
import { BASE, context, post, settle } from './remix'
import { editDistance } from '~/lib/projects/edit-distance'
import { exchangeChunks } from '~/lib/exchange/exchange-export.server'

/**
 * Issue 52 point 4: a reviewer approves or rejects each translation, with edits kept against the translator's text and
 * issues by category and severity; the translator answers and confirms again, which hands the segment back to revision.
 * Through the translator's forms (as without JavaScript) and the API's segments/revise, on both databases.
 */
withTestDatabase()
let project: ProjectSummary
let ids: number[]
let owner: { user: User; cookie: string }
let reviewer: { user: User; cookie: string }
let translator: { user: User; cookie: string }

const SOURCES = ['Open the file.', 'Close the window.', 'Save the file.', 'Print the page.', 'Send the mail.']

beforeAll(async () => {
  owner = await signedInUser('revision-owner@example.lv', 'Ilze Īpašniece')
  reviewer = await signedInUser('revision-reviewer@example.lv', 'Rita Redaktore')
  translator = await signedInUser('revision-translator@example.lv', 'Toms Tulkotājs')
  ;({ project, ids } = await readyProject(owner.user.id, 'revision.html', SOURCES.map((text) => `<p>${text}</p>`).join('')))
  await shareProjects(owner.user, [project], 'revision-reviewer@example.lv', 'reviewer')
  await shareProjects(owner.user, [project], 'revision-translator@example.lv', 'translator')
  project = (await findProject(owner.user.id, project.id))!
  const confirm = (index: number, target: string) => saveTranslation(project, translator.user, ids[index]!, { target, status: 'TRANSLATED', saveType: 'MANUAL', saveMatch: 0 }, 0)
  await confirm(0, 'Atveriet failu.')
  await confirm(1, 'Aizveriet logu.')
  // Segment 3 stays a draft: not ready for revision.
  await saveTranslation(project, translator.user, ids[2]!, { target: 'Saglabājiet', status: 'DRAFT', saveType: 'MANUAL', saveMatch: 0 }, 0)
  await confirm(3, 'Drukājiet lapu.')
})

async function translatorPost(fields: Record<string, string>, cookie: string) {
  const { action } = await import('~/routes/translate.$projectId.$password')
  return settle(() => action({ request: post(`/translate/${project.id}/${project.password}`, fields, cookie), params: { projectId: String(project.id), password: project.password }, context }))
}

async function api(path: string, fields: Record<string, string>, cookie: string) {
  const { action } = await import('~/routes/$')
  const response = (await action({ request: post(path, fields, cookie), params: { '*': path.slice(1) }, context })) as Response
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { errors?: { code: string }[] } }
}

async function stored(segmentId: number) {
  const [row] = await db().query<{ target: string; status: string; revision: string | null; base: string | null }>(
    'select target, status, revision, revision_base as base from segments where id = $1',
    [segmentId],
  )
  return row!
}

const issuesOf = (segmentId: number) =>
  db().query<{ category: string; severity: string; comment: string; answer: string | null }>(
    'select category, severity, comment, answer from revision_issues where segment_id = $1 order by id',
    [segmentId],
  )

describe('revision (issue 52 point 4)', () => {
  it("approves a reviewer's edit with an issue, keeps the translator's text to show the edit against, and goes on to the next unrevised", async () => {
    const approved = await translatorPost(
      {
        intent: 'approve',
        segmentId: String(ids[0]),
        target: 'Atveriet datni.',
        issueCategory: 'terminology',
        issueSeverity: 'major',
        issueComment: '“datne”, ne “fails”',
      },
      reviewer.cookie,
    )
    // Segment 3 is a draft, not ready for revision: the next unrevised is segment 2.
    expect(approved.location).toBe(`/translate/${project.id}/${project.password}?segment=${ids[1]}`)
    expect(await stored(ids[0]!)).toEqual({ target: 'Atveriet datni.', status: 'TRANSLATED', revision: 'REVISED', base: 'Atveriet failu.' })
    expect(await issuesOf(ids[0]!)).toEqual([{ category: 'terminology', severity: 'major', comment: '“datne”, ne “fails”', answer: null }])
    // The window shows the decision and the translator's text beside the revised one.
    const window = await segmentWindow(project.id, { first: true }, 10)
    expect(window.segments[0]).toMatchObject({ revision: 'REVISED', revisionBase: 'Atveriet failu.', target: 'Atveriet datni.' })
    // One version in the history for the edit and its approval, made by the reviewer, shown as revised.
    const [last] = await db().query<{ how: string; status: string; target: string }>(
      'select how, status, target from segment_history where segment_id = $1 order by id desc limit 1',
      [ids[0]],
    )
    expect(last).toEqual({ how: 'approve', status: 'REVISED', target: 'Atveriet datni.' })
    expect(await db().query('select 1 from segment_history where segment_id = $1 and how = $2', [ids[0], 'approve'])).toHaveLength(1)
  })

  it('rejects; the translator answers and confirms again, which makes it unrevised; a translator may not decide', async () => {
    const id = ids[1]!
    const refused = await translatorPost({ intent: 'reject', segmentId: String(id), target: 'Aizveriet logu.' }, translator.cookie)
    expect(refused.status).toBe(403)
    // A comment without a category is refused and changes nothing.
    const noCategory = await translatorPost({ intent: 'reject', segmentId: String(id), target: 'Aizveriet logu.', issueComment: 'Kāpēc?' }, reviewer.cookie)
    expect(noCategory.location).toBe(`/translate/${project.id}/${project.password}?segment=${id}`)
    expect((await stored(id)).revision).toBeNull()
    await translatorPost({ intent: 'reject', segmentId: String(id), target: 'Aizveriet logu.', issueCategory: 'accuracy', issueSeverity: 'critical', issueComment: 'Ne logu: cilni.' }, reviewer.cookie)
    expect(await stored(id)).toEqual({ target: 'Aizveriet logu.', status: 'TRANSLATED', revision: 'REJECTED', base: 'Aizveriet logu.' })
    const [issue] = await db().query<{ id: number }>('select id from revision_issues where segment_id = $1', [id])
    // The translator answers (a member translator may), then corrects and confirms.
    const answered = await translatorPost({ intent: `answer-issue:${issue!.id}`, segmentId: String(id), [`answer:${issue!.id}`]: 'Labots.' }, translator.cookie)
    expect(answered.location).toBe(`/translate/${project.id}/${project.password}?segment=${id}`)
    expect((await issuesOf(id))[0]!.answer).toBe('Labots.')
    const rejected = await segmentWindow(project.id, { first: true }, 10, { filter: 'rejected' })
    expect(rejected.segments.map((segment) => segment.id)).toEqual([id])
    await translatorPost({ intent: 'confirm', segmentId: String(id), target: 'Aizveriet cilni.' }, translator.cookie)
    expect(await stored(id)).toEqual({ target: 'Aizveriet cilni.', status: 'TRANSLATED', revision: null, base: null })
    const unrevised = await segmentWindow(project.id, { first: true }, 10, { filter: 'unrevised' })
    expect(unrevised.segments.map((segment) => segment.id)).toEqual([id, ids[3]])
  })

  it("keeps the status of a reviewer's edit saved as they type, and the translator's change starts revision over", async () => {
    const id = ids[3]!
    const { action } = await import('~/routes/translate.$projectId.$password_.save')
    const draft = await action({
      request: post(`/translate/${project.id}/${project.password}/save`, { intent: 'save-draft', respond: 'data', segmentId: String(id), target: 'Izdrukājiet lapu.', mode: 'revise' }, owner.cookie),
      params: { projectId: String(project.id), password: project.password },
      context,
    })
    expect(draft.status).toBe(200)
    expect(await stored(id)).toEqual({ target: 'Izdrukājiet lapu.', status: 'TRANSLATED', revision: null, base: 'Drukājiet lapu.' })
    // The same draft from the owner's translating page (no mode) is a translator's: a draft, nothing to show against.
    await translatorPost({ intent: 'save-draft', segmentId: String(id), target: 'Izdrukājiet šo lapu.' }, owner.cookie)
    expect(await stored(id)).toEqual({ target: 'Izdrukājiet šo lapu.', status: 'DRAFT', revision: null, base: null })
  })

  it('answers segments/revise for the owner and a reviewer, refuses a translator (403), an empty segment and a bad issue (400)', async () => {
    const id = ids[0]!
    const issues = JSON.stringify([{ category: 'style', severity: 'minor', comment: 'Īsāk?' }])
    const byReviewer = await api('/segments/revise', { segmentId: String(id), decision: 'reject', issues }, reviewer.cookie)
    expect(byReviewer.status).toBe(200)
    expect(byReviewer.body).toMatchObject({ segmentId: id, number: 1, revision: 'REJECTED' })
    expect((byReviewer.body.issues as { category: string; createdBy: string }[]).map((issue) => [issue.category, issue.createdBy])).toEqual([
      ['terminology', 'Rita Redaktore'],
      ['style', 'Rita Redaktore'],
    ])
    expect((await api('/segments/revise', { segmentId: String(id), decision: 'approve' }, translator.cookie)).status).toBe(403)
    const empty = await api('/segments/revise', { segmentId: String(ids[4]), decision: 'approve' }, owner.cookie)
    expect([empty.status, empty.body.errors?.[0]?.code]).toEqual([400, 'NothingToRevise'])
    const badIssue = await api('/segments/revise', { segmentId: String(id), decision: 'approve', issues: '[{"category":"grammar"}]' }, owner.cookie)
    expect([badIssue.status, badIssue.body.errors?.[0]?.code]).toEqual([400, 'InvalidValue'])
    const notJson = await api('/segments/revise', { segmentId: String(id), decision: 'approve', issues: '{' }, owner.cookie)
    expect(notJson.status).toBe(400)
    const byOwner = await api('/segments/revise', { segmentId: String(id), decision: 'approve', translation: 'Atveriet šo datni.' }, owner.cookie)
    expect(byOwner.body).toMatchObject({ revision: 'REVISED' })
    // The first translator's text stays the one the edits are shown against.
    expect(await stored(id)).toEqual({ target: 'Atveriet šo datni.', status: 'TRANSLATED', revision: 'REVISED', base: 'Atveriet failu.' })
    const segments = await api('/segments', { projectId: String(project.id), projectPassword: project.password, filter: 'revised' }, owner.cookie)
    expect((segments.body.segments as { id: number; revision: string }[]).map((segment) => [segment.id, segment.revision])).toEqual([[id, 'REVISED']])
  })
})

describe('the revision report (issue 52 point 5)', () => {
  const ofProject = () => ({ projectId: String(project.id), projectPassword: project.password })

  it('counts words revised, issues by category and severity, the score against the threshold and the edit distance', async () => {
    // Segment 1 is approved (3 words: "Open the file."), segment 2 was rejected and confirmed again; three issues.
    const report = await api('/files/revision-report', ofProject(), translator.cookie)
    expect(report.status).toBe(200)
    expect(report.body).toMatchObject({
      wordsRevised: 3,
      segments: { revised: 1, rejected: 0, unrevised: 1, untranslated: 3 },
      issueCount: 3,
      // major terminology 5 + critical accuracy 10 + minor style 1, per 1,000 of 3 words.
      points: 16,
      score: 5333.3,
      threshold: 15,
      passed: false,
      reviewers: ['Ilze Īpašniece'],
      // "Atveriet failu." → "Atveriet šo datni.": the reviewer's characters, of the translator's 15.
      editDistance: { characters: editDistance('Atveriet failu.', 'Atveriet šo datni.'), percent: Math.round((editDistance('Atveriet failu.', 'Atveriet šo datni.') * 1000) / 15) / 10 },
    })
    expect((report.body.issues as Record<string, Record<string, number>>).terminology).toEqual({ minor: 0, major: 1, critical: 0 })
    expect((report.body.issues as Record<string, Record<string, number>>).accuracy).toEqual({ minor: 0, major: 0, critical: 1 })
    expect((report.body.list as { number: number; category: string; answer: string | null }[]).map((issue) => [issue.number, issue.category, issue.answer])).toEqual([
      [1, 'terminology', null],
      [1, 'style', null],
      [2, 'accuracy', 'Labots.'],
    ])
    // The file list's revision progress: 3 of the file's words approved.
    const [{ revisedPercent } = { revisedPercent: 0 }] = await db().query<{ revisedPercent: number }>(
      'select round(100.0 * words_revised / words_total, 2)::float8 as "revisedPercent" from projects where id = $1',
      [project.id],
    )
    expect((await findProject(owner.user.id, project.id))!.revisedPercent).toBe(revisedPercent)
    expect(revisedPercent).toBeGreaterThan(0)
  })

  it('exports an approved translation as signed off (XLIFF 1.2) and reviewed (XLIFF 2.0)', async () => {
    const text = async (format: 'xliff12' | 'xliff20') => {
      const chunks: Uint8Array[] = []
      for await (const chunk of exchangeChunks([project], format, 'test')) chunks.push(chunk)
      return Buffer.concat(chunks).toString('utf8')
    }
    expect(await text('xliff12')).toMatch(new RegExp(`<trans-unit id="${ids[0]}"[^>]*>\\s*<source>[^<]*</source>\\s*<target state="signed-off"`))
    expect(await text('xliff12')).toMatch(new RegExp(`<trans-unit id="${ids[1]}"[^>]*>\\s*<source>[^<]*</source>\\s*<target state="translated"`))
    expect(await text('xliff20')).toMatch(new RegExp(`<unit id="${ids[0]}"[^>]*>[^]*?<segment state="reviewed"`))
  })

  it('lets the owner set the pass threshold on the page, refuses a bad one, and gives the CSV in the interface language', async () => {
    const { action, loader } = await import('~/routes/translate.$projectId.$password_.revision')
    const params = { projectId: String(project.id), password: project.password }
    const setThreshold = (value: string, cookie = owner.cookie) =>
      settle(() => action({ request: post(`/translate/${project.id}/${project.password}/revision`, { threshold: value }, cookie), params, context }))
    expect((await setThreshold('1000', reviewer.cookie)).status).toBe(403)
    for (const bad of ['-1', '1001', 'abc']) expect((await setThreshold(bad)).location).toBe(`/translate/${project.id}/${project.password}/revision`)
    expect((await findProject(owner.user.id, project.id))!.revisionThreshold).toBeNull()
    await setThreshold('1000')
    const page = await settle<{ passed: boolean; threshold: number }>(() =>
      loader({ request: new Request(`${BASE}/translate/${project.id}/${project.password}/revision`, { headers: { Cookie: reviewer.cookie } }), params, context }),
    )
    // 16 points on 3 words revised is 5,333 a thousand: still over.
    expect(page.data).toMatchObject({ passed: false, threshold: 1000, score: 5333.3 })
    const csv = await import('~/routes/translate.$projectId.$password_.revision[.]csv')
    const response = (await csv.loader({ request: new Request(`${BASE}/translate/${project.id}/${project.password}/revision.csv`, { headers: { Cookie: `${translator.cookie}; culture=${encodeURIComponent('c=en-GB|uic=en-GB')}` } }), params, context })) as Response
    const text = await response.text()
    expect(text).toContain('Words revised,3')
    expect(text).toContain('Pass threshold,1000')
    expect(text).toContain('Result,Fail')
    expect(text).toContain('2,Close the window.,Aizveriet cilni.,Accuracy,Critical,Ne logu: cilni.,Rita Redaktore,Labots.')
  })
})
