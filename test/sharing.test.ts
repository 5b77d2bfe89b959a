import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../bench/app-server'
import { signIn } from '../bench/translator/client'
import { createUser } from '~/lib/auth/users.server'
import { setDatabase } from '~/lib/db/db.server'
import { migrate } from '~/lib/db/migrate.server'
import { databaseForProcesses, engine } from './database'
import { analysisStatus, confirmSegment, poll, uploadFile } from './http-client'

/**
 * Issue 52 point 1 against the real server: a file shared with a translator and a reviewer, one colleague whose access
 * was removed, and a stranger. Every page, download and export of the file answers its members as its owner, except
 * what manages the file (403); the former member and the stranger get 404 everywhere (the API: test/api-flow.test.ts).
 */
const PASSWORD = 'a long enough password'
const TEXT = 'Open the file now.\n\nClose the window.\n\nOpen the file now.\n'
const email = (who: string) => `share-${who}-${engine()}@example.lv`

let where: Awaited<ReturnType<typeof databaseForProcesses>>
let server: RunningServer
const cookies: Record<string, string> = {}
let project: { id: number; password: string }
let second: { id: number; password: string }

async function post(path: string, fields: [string, string][], cookie: string) {
  const response = await fetch(`${server.origin}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Cookie: cookie, Origin: server.origin, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  })
  return { status: response.status, location: response.headers.get('Location'), text: await response.text() }
}

async function get(path: string, cookie: string) {
  const response = await fetch(`${server.origin}${path}`, { headers: { Cookie: cookie }, redirect: 'manual' })
  return { status: response.status, text: await response.text() }
}

beforeAll(async () => {
  where = await databaseForProcesses('share')
  const database = await where.open()
  await migrate(database)
  setDatabase(database)
  for (const who of ['owner', 'translator', 'reviewer', 'former', 'stranger']) {
    await createUser({ email: email(who), name: `Share ${who}`, password: PASSWORD })
  }
  setDatabase(undefined)
  await database.close()
  server = await startServer(where.env, 3961)
  for (const who of ['owner', 'translator', 'reviewer', 'former', 'stranger']) cookies[who] = await signIn(server.origin, email(who), PASSWORD)
  project = await uploadFile(server.origin, cookies.owner!, 'shared.txt', TEXT)
  second = await uploadFile(server.origin, cookies.owner!, 'second.txt', TEXT)
  await poll(async () => (await analysisStatus(server.origin, cookies.owner!, project)) === 'DONE')
  await poll(async () => (await analysisStatus(server.origin, cookies.owner!, second)) === 'DONE')
}, 240_000)

afterAll(async () => {
  await server?.stop()
  await where?.dispose()
})

/** The table row of a segment in a translator page's HTML. */
const rowOf = (html: string, id: string) => {
  const start = html.indexOf(`<tr id="s${id}"`)
  return start < 0 ? '' : html.slice(start, html.indexOf('</tr>', start))
}

const base = () => `/files/${project.id}/${project.password}`
const translator = () => `/translate/${project.id}/${project.password}`

describe('sharing a file (issue 52 point 1)', () => {
  it('shares with a translator and a reviewer by email, refuses an unknown email and the owner, and removes an access', async () => {
    const share = (who: string, role: string, cookie = cookies.owner!) => post(`${base()}/share`, [['intent', 'share'], ['email', email(who)], ['role', role]], cookie)
    expect((await share('translator', 'translator')).status).toBe(302)
    expect((await share('reviewer', 'reviewer')).status).toBe(302)
    expect((await share('former', 'translator')).status).toBe(302)
    const unknown = await post(`${base()}/share`, [['intent', 'share'], ['email', 'nobody@example.lv'], ['role', 'translator']], cookies.owner!)
    expect(unknown.status).toBe(400)
    expect(unknown.text).toContain('Nevienam Tulks kontam nav šī e-pasta.')
    expect((await share('owner', 'reviewer')).text).toContain('Tas ir jūsu pašu konts')
    expect((await post(`${base()}/share`, [['intent', 'share'], ['email', email('stranger')], ['role', 'owner']], cookies.owner!)).status).toBe(400)

    const page = await get(`${base()}/share`, cookies.owner!)
    for (const who of ['translator', 'reviewer', 'former']) expect(page.text).toContain(email(who))
    const formerId = /name="userId" value="(\d+)"/g
    const ids = [...page.text.matchAll(formerId)].map((match) => match[1])
    expect(ids).toHaveLength(3)
    expect((await post(`${base()}/share`, [['intent', 'remove'], ['userId', ids[2]!]], cookies.owner!)).status).toBe(302)
    const after = await get(`${base()}/share`, cookies.owner!)
    expect(after.text).not.toContain(email('former'))
    // A member shares nothing; a stranger does not even find the page.
    expect((await share('stranger', 'translator', cookies.translator!)).status).toBe(403)
    expect((await share('stranger', 'translator', cookies.stranger!)).status).toBe(404)
  })

  it('lists the file for its members with the owner’s name and their role, and for nobody else', async () => {
    const list = (who: string) => get('/', cookies[who]!)
    expect((await list('translator')).text).toContain('Kopīgoja Share owner · tulkotājs')
    expect((await list('reviewer')).text).toContain('Kopīgoja Share owner · redaktors')
    expect((await list('owner')).text).toContain('Kopīgota ar 2 kolēģiem')
    for (const who of ['former', 'stranger']) expect((await list(who)).text).not.toContain('shared.txt')
  })

  it('opens every page, download and export of the file to its members as to its owner, and to nobody else', async () => {
    const pages = [
      translator(),
      `${translator()}?panel=translations`,
      `${translator()}/qa`,
      `${translator()}/qa.csv`,
      `${base()}/original`,
      `${base()}/translated`,
      `/exchange/export?format=xliff12&project=${project.id}`,
      `/exchange/export?format=tmx&project=${project.id}`,
    ]
    const managing = [`${base()}/rename`, `${base()}/delete`, `${base()}/new-version`, `${base()}/share`]
    const problems: string[] = []
    const expectStatus = async (who: string, path: string, wanted: number) => {
      const { status } = await get(path, cookies[who]!)
      if (status !== wanted) problems.push(`${who} GET ${path}: ${status}, not ${wanted}`)
    }
    for (const path of pages) {
      for (const who of ['owner', 'translator', 'reviewer']) await expectStatus(who, path, 200)
      for (const who of ['former', 'stranger']) await expectStatus(who, path, 404)
    }
    for (const path of managing) {
      await expectStatus('owner', path, 200)
      for (const who of ['translator', 'reviewer']) await expectStatus(who, path, 403)
      for (const who of ['former', 'stranger']) await expectStatus(who, path, 404)
    }
    expect(problems).toEqual([])
  })

  it('lets a member translate with the owner’s memory, and never delete, rename or replace the file', async () => {
    const page = await get(`${translator()}`, cookies.translator!)
    const segment = /name="segmentId" value="(\d+)"/.exec(page.text)
    expect(segment).not.toBeNull()
    const segmentId = Number(segment![1])
    expect(await confirmSegment(server.origin, translator(), cookies.translator!, { id: segmentId, source: 'Open the file now.' }, 'Atveriet failu tagad.')).toBe(302)
    // The owner's memory took the member's confirm: the owner's other file gets it as a 100% match.
    const matches = await post('/tm/matches', [['projectId', String(second.id)], ['projectPassword', second.password], ['text', 'Open the file now.']], cookies.owner!)
    expect(JSON.parse(matches.text)[0]).toMatchObject({ match: 100, translation: 'Atveriet failu tagad.', createdBy: 'Share translator' })

    for (const who of ['translator', 'reviewer']) {
      expect((await post(`${base()}/rename`, [['name', 'taken.txt']], cookies[who]!)).status).toBe(403)
      expect((await post(`${base()}/delete`, [], cookies[who]!)).status).toBe(403)
      const ticked = await post('/files/delete-selected', [['project', String(project.id)], ['confirm', 'yes']], cookies[who]!)
      expect(ticked.status).toBe(302)
    }
    expect((await get('/', cookies.owner!)).text).toContain('shared.txt')
    expect((await get(translator(), cookies.reviewer!)).status).toBe(200)
  })

  it('shows who is on which segment, and opens the file for each member where they left it', async () => {
    const page = await get(translator(), cookies.owner!)
    const ids = [...page.text.matchAll(/<tr id="s(\d+)"/g)].map((match) => match[1]!)
    expect(ids.length).toBeGreaterThanOrEqual(3)
    await get(`${translator()}?segment=${ids[0]}`, cookies.owner!)
    await get(`${translator()}?segment=${ids[2]}`, cookies.reviewer!)
    const owners = await get(`${translator()}?segment=${ids[0]}`, cookies.owner!)
    expect(rowOf(owners.text, ids[2]!)).toContain('Šeit tagad: Share reviewer')
    expect(rowOf(owners.text, ids[0]!)).not.toContain('Share reviewer')
    const reviewers = await get(translator(), cookies.reviewer!)
    // The reviewer opens the file on their own segment, and sees the owner on theirs.
    expect(reviewers.text).toMatch(new RegExp(`<tr id="s${ids[2]}" class="segment-active"`))
    expect(rowOf(reviewers.text, ids[0]!)).toContain('Šeit tagad: Share owner')
    // A file shared with no one notes nothing and shows no one.
    const alone = await get(`/translate/${second.id}/${second.password}`, cookies.owner!)
    expect(alone.text).not.toContain('Šeit tagad')
  })

  it('shares the ticked files of the owner’s own at once, leaving out a file shared with the user', async () => {
    const ticked = await post('/files/share-selected', [['project', String(project.id)], ['project', String(second.id)]], cookies.owner!)
    expect(ticked.status).toBe(200)
    expect(ticked.text).toContain('second.txt')
    const shared = await post(
      '/files/share-selected',
      [['project', String(project.id)], ['project', String(second.id)], ['intent', 'share'], ['email', email('stranger')], ['role', 'reviewer']],
      cookies.owner!,
    )
    expect(shared.status).toBe(302)
    expect((await get(`/translate/${second.id}/${second.password}`, cookies.stranger!)).status).toBe(200)
    // A member ticking a file shared with them shares nothing.
    const byMember = await post('/files/share-selected', [['project', String(project.id)], ['intent', 'share'], ['email', email('former')], ['role', 'reviewer']], cookies.translator!)
    expect(byMember.status).toBe(302)
    expect((await get(translator(), cookies.former!)).status).toBe(404)
  })
})
