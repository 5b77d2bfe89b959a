import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPO, startServer, type RunningServer } from '../bench/app-server'
import { signIn } from '../bench/translator/client'
import { createUser } from '~/lib/auth/users.server'
import { setDatabase } from '~/lib/db/db.server'
import { migrate } from '~/lib/db/migrate.server'
import { answerChecker } from './api-client/client'
import { databaseForProcesses, engine } from './database'
import { formsOfPage } from './fuzz-forms'
import { poll } from './http-client'

/**
 * Issue 56: any value in any field. Against the real server, every operation /openapi.json describes gets, field by
 * field, a list of hostile values beside valid values for the other fields; every route gets them in its address; and
 * every form of every page (each of its intents) is posted with them. Nothing answers 5xx; every JSON refusal has the
 * shape the description gives; the translator's words with a U+0000 are saved without it; another user's data, and
 * the owner's data no request named, stay as they were. A new call, route or intent is covered as it appears: the test
 * iterates the description, the built route table and the pages' forms.
 */
const PASSWORD = 'a long enough password'
const TEXT = 'Open the file now.\n\nClose the window.\n\nSave the file before you close it.\n'

/** The hostile values: empty, huge, negative, overflowing, fractional, control characters, SQL, markup, prototypes. */
const HOSTILE = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '-1',
  '0',
  '2147483648',
  '99999999999999999999999',
  '1.5',
  '1e3',
  '0x10',
  'NaN',
  '\uD800',
  '\uFFFF',
  'a\u202Eb',
  '\r\n\t',
  '<script>alert(1)</script>',
  "' or 1=1; drop table segments; --",
  '__proto__',
  '{"__proto__":{"x":1}}',
  '../../../../etc/passwd',
  'x'.repeat(1_000_000),
]
/** A shorter list for the pages' forms and addresses (each page's POST renders a whole page). */
const HOSTILE_FOR_PAGES = ['', '\u0000', 'a\u0000b', '-1', '2147483648', '1.5', '\uD800', '<b>x</b>', "'--", 'x'.repeat(200_000)]

let where: Awaited<ReturnType<typeof databaseForProcesses>>
let server: RunningServer
let owner = ''
let stranger = ''
type Project = { projectId: string; projectPassword: string }
let target: Project
let bystander: Project
let theirs: Project
let segmentId = ''
let theirSegmentId = ''

async function call(path: string, fields: Record<string, string>, cookie: string) {
  const response = await fetch(`${server.origin}${path}`, { method: 'POST', headers: { Cookie: cookie, Origin: server.origin }, body: new URLSearchParams(fields) })
  return (await response.json()) as Record<string, unknown>
}

async function upload(cookie: string, name: string): Promise<Project> {
  const form = new FormData()
  form.set('source_language', 'en')
  form.set('target_language', 'lv')
  form.append('files', new Blob([TEXT]), name)
  const answer = (await (await fetch(`${server.origin}/files/upload`, { method: 'POST', headers: { Cookie: cookie, Origin: server.origin }, body: form })).json()) as {
    data: { id_project: number; password: string }
  }
  const project = { projectId: String(answer.data.id_project), projectPassword: answer.data.password }
  await poll(async () => (await call('/files/analysis', project, cookie)).status === 'DONE')
  return project
}

/** What a project holds: its segments (text and status), comments and info — to tell whether anything changed. */
async function stateOf(project: Project, cookie: string) {
  const segments = await call('/segments', { ...project, step: '100' }, cookie)
  const info = await call('/files/info', project, cookie)
  return JSON.stringify({ segments, info: { ...info, editingTime: undefined, lastSegmentId: undefined } })
}

beforeAll(async () => {
  where = await databaseForProcesses('fuzz')
  const database = await where.open()
  await migrate(database)
  setDatabase(database)
  for (const who of ['owner', 'stranger']) await createUser({ email: `fuzz-${who}-${engine()}@example.lv`, name: `Fuzz ${who}`, password: PASSWORD })
  setDatabase(undefined)
  await database.close()
  server = await startServer({ ...where.env, SIGN_IN_MAX_FAILURES_PER_ADDRESS: '100000', SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '100000' }, 3981)
  owner = await signIn(server.origin, `fuzz-owner-${engine()}@example.lv`, PASSWORD)
  stranger = await signIn(server.origin, `fuzz-stranger-${engine()}@example.lv`, PASSWORD)
  target = await upload(owner, 'target.txt')
  bystander = await upload(owner, 'bystander.txt')
  theirs = await upload(stranger, 'theirs.txt')
  segmentId = String(((await call('/segments', target, owner)).segments as { id: number }[])[0]!.id)
  theirSegmentId = String(((await call('/segments', theirs, stranger)).segments as { id: number }[])[0]!.id)
}, 240_000)

afterAll(async () => {
  await server?.stop()
  await where?.dispose()
})

interface Operation {
  operationId: string
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> }
  parameters?: { name: string }[]
}

/** A request each operation accepts: the valid values beside the one hostile field. */
function validFields(operationId: string): Record<string, string> {
  const ofProject = { ...target }
  const byOperation: Record<string, Record<string, string>> = {
    listFiles: { page: '1', filter: '' },
    uploadFiles: { source_language: 'en', target_language: 'lv' },
    pretranslate: { ...ofProject, useTm: '1' },
    deleteFile: { projectId: bystander.projectId, projectPassword: 'not its password' },
    segments: { ...ofProject, step: '5' },
    setActiveSegment: { segmentId },
    segmentHistory: { segmentId },
    revisionReport: { ...ofProject },
    setEditTime: { projectId: target.projectId, editingTime: '60' },
    translateSegment: { segmentId, status: 'DRAFT', translation: 'Atveriet failu.' },
    reviseSegment: { segmentId, decision: 'reject', issues: JSON.stringify([{ category: 'style', severity: 'minor', comment: 'Īsāk?' }]) },
    addComment: { segmentId, message: 'A question.' },
    resolveComments: { segmentId },
    tmMatches: { ...ofProject, text: 'Open the file now.' },
    concordanceSearch: { projectId: target.projectId, text: 'file' },
    memoriesForFile: { projectId: target.projectId },
    saveMemorySettings: { name: 'fuzzed', readMemory: '1', writeMemory: '1' },
    saveMemorySettingsForFile: { projectId: target.projectId, name: 'fuzzed', readMemory: '1', writeMemory: '1' },
    mtMatches: { text: 'Open the window.', mtId: 'nonexistent' },
    saveMtSystem: { projectId: target.projectId, mtSystemId: '' },
    saveUpdateMtForFile: { projectId: target.projectId, updateMt: '1' },
    updateMtForFile: { projectId: target.projectId },
    saveTmPretranslate: { pretranslate: '0' },
    saveMtPretranslate: { pretranslate: '0' },
    saveUpdateMt: { updateMt: '1' },
    tokenCall: { intent: 'revoke', id: '999999' },
    // Issue 52: an email no account has, so that no request shares the file with anyone.
    shareFile: { ...ofProject, email: 'nobody@example.lv', role: 'reviewer' },
    unshareFile: { ...ofProject, email: 'nobody@example.lv' },
  }
  return byOperation[operationId] ?? ofProject
}

describe('any value in any field of every described call (issue 56)', () => {
  it('answers no 5xx, refuses in the described shape, and changes no data it was not asked to', async () => {
    const description = (await (await fetch(`${server.origin}/openapi.json`)).json()) as { paths: Record<string, Record<string, Operation>> }
    const check = answerChecker(description as never)
    const before = { bystander: await stateOf(bystander, owner), theirs: await stateOf(theirs, stranger) }
    const problems: string[] = []
    let sent = 0
    for (const [path, methods] of Object.entries(description.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const multipart = Object.keys(operation.requestBody?.content ?? {})[0] === 'multipart/form-data'
        const schema = Object.values(operation.requestBody?.content ?? {})[0]?.schema
        const names = [...Object.keys(schema?.properties ?? {}), ...(operation.parameters ?? []).map((parameter) => parameter.name)].filter((name) => name !== 'files[]')
        const valid = validFields(operation.operationId)
        const variants: [string, [string, string][]][] = []
        for (const name of names) {
          for (const value of [...HOSTILE, theirs.projectId, theirs.projectPassword, theirSegmentId]) {
            variants.push([`${name}=${JSON.stringify(value.slice(0, 20))}`, [...Object.entries(valid).filter(([field]) => field !== name), [name, value]]])
          }
          // The field twice: an array where a value is expected.
          variants.push([`${name} twice`, [...Object.entries(valid).filter(([field]) => field !== name), [name, '1'], [name, 'x\u0000']]])
        }
        for (const [what, fields] of variants) {
          // A real delete of the owner's own file is an answer, not a fault; the test keeps its bystander.
          if (operation.operationId === 'deleteFile' && fields.some(([name, value]) => name === 'projectPassword' && value === bystander.projectPassword)) continue
          let url = `${server.origin}${path}`
          let body: BodyInit | undefined
          if (method === 'get') url += `?${new URLSearchParams(fields)}`
          else if (multipart) {
            const form = new FormData()
            for (const [name, value] of fields) form.append(name, value)
            form.append('files[]', new Blob([TEXT]), 'fuzz.txt')
            body = form
          } else body = new URLSearchParams(fields)
          const response = await fetch(url, { method: method.toUpperCase(), headers: { Cookie: owner, Origin: server.origin }, body, redirect: 'manual' })
          sent++
          const type = response.headers.get('Content-Type') ?? ''
          const answer = type.includes('json') ? ((await response.json()) as unknown) : await response.arrayBuffer()
          if (response.status >= 500) problems.push(`${method.toUpperCase()} ${path} ${what}: ${response.status}`)
          else if (type.includes('json')) {
            const why = check(method, path, response.status, answer)
            if (why) problems.push(`${what}: ${why}`)
          }
        }
      }
    }
    expect(problems, `${problems.length} of ${sent} requests`).toEqual([])
    expect(sent).toBeGreaterThan(1_500)
    expect(await stateOf(bystander, owner)).toBe(before.bystander)
    expect(await stateOf(theirs, stranger)).toBe(before.theirs)
  }, 900_000)

  it('saves a translation holding a U+0000 without it, and a comment too', async () => {
    const translated = await call('/segments/translate', { segmentId, status: 'TRANSLATED', translation: 'Atveriet\u0000 failu tagad.' }, owner)
    expect(translated).toMatchObject({ status: 'TRANSLATED', translation: 'Atveriet failu tagad.' })
    const comment = await call('/comments/add', { segmentId, message: 'Jautā\u0000jums.' }, owner)
    expect(comment).toMatchObject({ message: 'Jautājums.' })
    const wrong = await call('/files/info', { projectId: target.projectId, projectPassword: `${target.projectPassword}\u0000` }, owner)
    expect(wrong).toMatchObject({ errors: [{ code: 'NotFound' }] })
  })
})

/** A part of an address: a lone surrogate, which encodeURIComponent refuses, as the bytes of one (invalid UTF-8). */
function addressPart(value: string): string {
  try {
    return encodeURIComponent(value)
  } catch {
    return value.replace(/[\uD800-\uDFFF]/g, '\u0000').split('\u0000').map(encodeURIComponent).join('%ED%A0%80')
  }
}

/** A request whose connection failed is a problem to report, not a crash of the test; the server must still answer. */
async function tried(send: () => Promise<Response>): Promise<Response | string> {
  try {
    return await send()
  } catch (error) {
    return `${error instanceof Error ? `${error.message} ${(error.cause as Error | undefined)?.message ?? ''}` : String(error)}`
  }
}

describe('any value in every address and every form of every page (issue 56)', () => {
  const signedOutPages = ['/sign-in', '/sign-up']
  let pages: string[] = []

  beforeAll(async () => {
    const projectPages = (project: Project) => {
      const files = `/files/${project.projectId}/${project.projectPassword}`
      const translate = `/translate/${project.projectId}/${project.projectPassword}`
      // Issue 52: the revise mode's forms (approve, reject, issues) and the revision report's threshold.
      return [translate, `${translate}?panel=comments`, `${translate}?mode=revise`, `${translate}/qa`, `${translate}/revision`, `${files}/rename`, `${files}/new-version`, `${files}/delete`]
    }
    await fetch(`${server.origin}/glossaries`, { method: 'POST', headers: { Cookie: owner, Origin: server.origin }, body: new URLSearchParams({ intent: 'create', name: 'Fuzz', sourceLang: 'en', targetLang: 'lv' }) })
    pages = ['/', '/memories', '/glossaries', '/exchange', '/settings/tokens', ...projectPages(target)]
  })

  it('answers every route, with hostile values in its address, without a 5xx', async () => {
    const { routes } = (await import(`${REPO}/build/index.js`)) as { routes: Record<string, { path?: string }> }
    const problems: string[] = []
    const values = { projectId: target.projectId, password: target.projectPassword, glossaryId: '1', memoryId: '1', conceptId: '1', importId: '1', language: 'lv' }
    for (const { path } of Object.values(routes)) {
      if (path === undefined || path === '*') continue
      const params = [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!)
      const addresses = new Set<string>()
      for (const hostile of HOSTILE_FOR_PAGES) {
        for (const param of params) addresses.add(`/${path.replace(/:(\w+)/g, (_, name: string) => addressPart(name === param ? hostile : values[name as keyof typeof values] ?? '1'))}`)
        const valid = `/${path.replace(/:(\w+)/g, (_, name: string) => addressPart(values[name as keyof typeof values] ?? '1'))}`
        for (const query of ['q', 'segment', 'searchInSource', 'searchInTarget', 'page', 'panel', 'concordance', 'terms', 'sort', 'order', 'pair', 'state', 'back', 'redirectTo', 'before', 'after']) {
          addresses.add(`${valid}?${query}=${addressPart(hostile)}`)
        }
      }
      for (const address of addresses) {
        const response = await tried(() => fetch(`${server.origin}${address}`, { headers: { Cookie: owner }, redirect: 'manual' }))
        if (typeof response === 'string') problems.push(`GET ${address.slice(0, 120)}: ${response}`)
        else {
          await response.arrayBuffer()
          if (response.status >= 500) problems.push(`GET ${address.slice(0, 120)}: ${response.status}`)
        }
      }
    }
    expect(problems).toEqual([])
  }, 900_000)

  it('answers every form of every page, each intent, with hostile values in each field, without a 5xx', async () => {
    const problems: string[] = []
    let posted = 0
    let last = ''
    const visit = async (page: string, cookie: string) => {
      const opened = await tried(() => fetch(`${server.origin}${page}`, { headers: { Cookie: cookie } }))
      if (typeof opened === 'string') {
        problems.push(`GET ${page}: ${opened}; the server said: ${server.output().slice(-2_000)}`)
        return
      }
      const html = await opened.text()
      // Signing out would end the session the rest of the pages are posted with.
      for (const form of formsOfPage(html, page, server.origin).filter((each) => each.action !== '/sign-out')) {
        const intents = form.intents.length > 0 ? form.intents : ['']
        const post = async (fields: [string, string][], what: string) => {
          let body: BodyInit
          if (form.multipart) {
            const multipart = new FormData()
            for (const [name, value] of fields) multipart.append(name, value)
            multipart.append(form.fileField ?? 'file', new Blob([TEXT]), 'fuzz.txt')
            body = multipart
          } else body = new URLSearchParams(fields)
          const response = await tried(() => fetch(`${server.origin}${form.action}`, { method: 'POST', headers: { Cookie: cookie, Origin: server.origin }, body, redirect: 'manual' }))
          posted++
          if (typeof response === 'string') return problems.push(`POST ${form.action} (${page}) ${what}: ${response} (after ${last})`)
          last = `${form.action} ${what} ${response.status}`
          if (process.env.FUZZ_LOG) (await import('node:fs')).appendFileSync(process.env.FUZZ_LOG, `${last} ${response.headers.get('location') ?? ''}\n`)
          const text = await response.text()
          if (response.status >= 500 || text.includes('Unexpected Server Error')) problems.push(`POST ${form.action} (${page}) ${what}: ${response.status}`)
        }
        const base = [...form.fields.entries()]
        // Every intent, its fields as the page filled them but for the ones a person types, which hold a U+0000.
        for (const intent of intents) {
          await post([...base.map(([name, value]): [string, string] => [name, value === '' ? 'a\u0000b' : value]), ...(intent ? [['intent', intent] as [string, string]] : [])], `intent ${intent}`)
        }
        // Every field, hostile, beside the others as the page filled them, with the first intent.
        for (const name of [...form.fields.keys(), ...(form.intents.length > 0 ? ['intent'] : [])]) {
          for (const hostile of HOSTILE_FOR_PAGES) {
            const fields = base.filter(([field]) => field !== name)
            fields.push([name, hostile])
            if (name !== 'intent' && intents[0]) fields.push(['intent', intents[0]])
            await post(fields, `${name}=${JSON.stringify(hostile.slice(0, 20))}`)
          }
        }
      }
    }
    for (const page of pages.filter((each) => !process.env.FUZZ_PAGE || each === process.env.FUZZ_PAGE)) await visit(page, owner)
    for (const page of signedOutPages) await visit(page, '')
    expect(problems, `${problems.length} of ${posted} posts`).toEqual([])
    expect(posted).toBeGreaterThan(300)
  }, 900_000)
})
