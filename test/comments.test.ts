import { beforeAll, describe, expect, it } from 'vitest'
import { createSession } from '~/lib/auth/session.server'
import { createUser, type User } from '~/lib/auth/users.server'
import { addComment, commentedSegments, listComments, resolveComments } from '~/lib/projects/comments.server'
import type { ProjectSummary } from '~/lib/projects/projects.server'
import { withTestDatabase } from './database'
import { readyProject } from './ready-project'

/** Segment comments (SPEC §3 Comment, §5, §7 comments/add and comments/resolve, §8). */
const database = withTestDatabase()
let user: User
let project: ProjectSummary
let other: ProjectSummary
let ids: number[]
let otherIds: number[]

beforeAll(async () => {
  const made = await createUser({ email: 'c@example.lv', name: 'Cēsu Komentētāja', password: 'a long password' })
  const stranger = await createUser({ email: 'x@example.lv', name: 'X', password: 'a long password' })
  if (!made.ok || !stranger.ok) throw new Error('no user')
  user = made.user
  ;({ project, ids } = await readyProject(user.id, 'c.txt', 'One. Two. Three. Four.\n'))
  ;({ project: other, ids: otherIds } = await readyProject(stranger.user.id, 'x.txt', 'Other.\n'))
})

describe('adding comments (SPEC §7 comments/add, §5)', () => {
  it('adds a trimmed comment with the author name and opens a thread named by it', async () => {
    const added = await addComment(project, ids[0]!, user, '  Vai "līgums" te ir pareizi?\n')
    expect(added.ok).toBe(true)
    if (!added.ok) return
    expect(added.comment).toMatchObject({ segmentId: ids[0], messageType: 1, fullName: 'Cēsu Komentētāja', message: 'Vai "līgums" te ir pareizi?' })
    expect(added.comment.threadId).toBe(added.comment.id)
    expect(new Date(added.comment.createdAt).toISOString()).toBe(added.comment.createdAt)
    const second = await addComment(project, ids[0]!, user, 'Jā.')
    expect(second.ok && second.comment.threadId).toBe(added.comment.id)
    expect((await listComments(project, ids[0]!)).map((c) => c.message)).toEqual(['Vai "līgums" te ir pareizi?', 'Jā.'])
  })

  it.each([
    ['empty', ''],
    ['whitespace only', ' \n\t '],
  ])('refuses an %s comment', async (_, message) => {
    expect(await addComment(project, ids[1]!, user, message)).toEqual({ ok: false, errors: [{ code: 'empty' }] })
    expect(await listComments(project, ids[1]!)).toEqual([])
  })

  it('takes 750 characters and refuses 751', async () => {
    expect((await addComment(project, ids[1]!, user, 'ā'.repeat(750))).ok).toBe(true)
    expect(await addComment(project, ids[1]!, user, 'ā'.repeat(751))).toEqual({ ok: false, errors: [{ code: 'too-long', length: 751, max: 750 }] })
    expect(await listComments(project, ids[1]!)).toHaveLength(1)
  })

  it('keeps the author name after the account is renamed', async () => {
    await database.current().query('update users set name = $2 where id = $1', [user.id, 'Jauns Vārds'])
    const [first] = await listComments(project, ids[0]!)
    expect(first!.fullName).toBe('Cēsu Komentētāja')
    await database.current().query('update users set name = $2 where id = $1', [user.id, user.name])
  })
})

describe('resolving (SPEC §7 comments/resolve, §3 message type 2)', () => {
  it('adds a resolved marker that closes the thread; the next comment starts a new one', async () => {
    const [first] = await listComments(project, ids[0]!)
    const resolved = await resolveComments(project, ids[0]!, user)
    expect(resolved.ok).toBe(true)
    if (!resolved.ok) return
    expect(resolved.comment).toMatchObject({ messageType: 2, message: '', fullName: 'Cēsu Komentētāja', threadId: first!.id })
    const again = await addComment(project, ids[0]!, user, 'Vēl viens jautājums.')
    expect(again.ok && again.comment.threadId).toBe(again.ok && again.comment.id)
    expect(again.ok && again.comment.threadId).not.toBe(first!.id)
  })

  it('refuses when nothing is unresolved', async () => {
    expect(await resolveComments(project, ids[2]!, user)).toEqual({ ok: false, errors: [{ code: 'nothing-to-resolve' }] })
    await addComment(project, ids[2]!, user, 'x')
    expect((await resolveComments(project, ids[2]!, user)).ok).toBe(true)
    expect(await resolveComments(project, ids[2]!, user)).toEqual({ ok: false, errors: [{ code: 'nothing-to-resolve' }] })
  })
})

describe('another project\'s segments are not found', () => {
  it('cannot add, resolve or list through a project the segment is not in', async () => {
    expect(await addComment(project, otherIds[0]!, user, 'x')).toEqual({ ok: false, errors: [{ code: 'not-found' }] })
    expect(await addComment(other, ids[0]!, user, 'x')).toEqual({ ok: false, errors: [{ code: 'not-found' }] })
    expect(await resolveComments(other, ids[0]!, user)).toEqual({ ok: false, errors: [{ code: 'not-found' }] })
    expect(await listComments(other, ids[0]!)).toEqual([])
    expect(await commentedSegments(other.id, ids)).toEqual({})
  })
})

describe('commentedSegments (the chat icon)', () => {
  it('tells open from resolved and leaves out segments without comments', async () => {
    // ids[0]: new comment after a marker → open; ids[1]: one comment → open; ids[2]: resolved; ids[3]: none.
    expect(await commentedSegments(project.id, ids)).toEqual({ [ids[0]!]: 'open', [ids[1]!]: 'open', [ids[2]!]: 'resolved' })
    expect(await commentedSegments(project.id, [ids[3]!])).toEqual({})
    expect(await commentedSegments(project.id, [])).toEqual({})
  })
})

describe('the translator route\'s comment intents', () => {
  async function call(fields: Record<string, string>) {
    const { action } = await import('~/routes/translate.$projectId.$password')
    const { settle, post, context } = await import('./remix')
    const cookie = (await createSession(user.id, new Request('http://localhost:3000/'))).split(';')[0]!
    const path = `/translate/${project.id}/${project.password}`
    return settle<{ comments: Record<string, unknown> }>(() =>
      action({ request: post(path, fields, cookie), params: { projectId: String(project.id), password: project.password }, context }),
    )
  }

  it('redirects back to the segment\'s comments after a plain post', async () => {
    const answer = await call({ intent: 'comment-add', segmentId: String(ids[3]), message: 'No route.' })
    expect(answer.status).toBe(302)
    expect(answer.location).toBe(`/translate/${project.id}/${project.password}?segment=${ids[3]}&panel=comments#comments`)
  })

  it('answers data to the enhanced form', async () => {
    const answer = await call({ intent: 'comment-resolve', segmentId: String(ids[3]), reply: 'data' })
    expect(answer.status).toBe(200)
    expect(answer.data.comments).toMatchObject({ ok: true, intent: 'comment-resolve', comment: { messageType: 2 } })
  })

  it('refuses 751 characters and hands the typed text back', async () => {
    const typed = 'x'.repeat(751)
    const answer = await call({ intent: 'comment-add', segmentId: String(ids[3]), message: typed })
    expect(answer.status).toBe(400)
    expect(answer.data.comments).toEqual({ ok: false, intent: 'comment-add', segmentId: ids[3], problem: 'too-long', max: 750, message: typed })
  })

  it('answers SPEC §8 "failed to save" for a segment of another project, and for a missing one', async () => {
    const foreign = await call({ intent: 'comment-add', segmentId: String(otherIds[0]), message: 'x' })
    expect(foreign.status).toBe(404)
    expect(foreign.data.comments).toMatchObject({ ok: false, problem: 'save-failed', message: 'x' })
    const missing = await call({ intent: 'comment-add', message: 'x' })
    expect(missing.data.comments).toMatchObject({ ok: false, problem: 'save-failed' })
  })

  it('loads the active segment\'s comments and the window\'s chat icons', async () => {
    const { loader } = await import('~/routes/translate.$projectId.$password')
    const { settle, get, context } = await import('./remix')
    const cookie = (await createSession(user.id, new Request('http://localhost:3000/'))).split(';')[0]!
    const page = await settle<{ comments: { message: string }[]; commented: Record<number, string> }>(() =>
      loader({ request: get(`/translate/${project.id}/${project.password}?segment=${ids[1]}`, cookie), params: { projectId: String(project.id), password: project.password }, context }),
    )
    expect(page.data.comments.map((comment) => comment.message)).toEqual(['ā'.repeat(750)])
    expect(page.data.commented).toMatchObject({ [ids[0]!]: 'open', [ids[2]!]: 'resolved' })
  })

  it('leaves the other intents to the segment form', async () => {
    const answer = await call({ intent: 'save-draft', segmentId: String(ids[3]), target: 'Četri.' })
    expect(answer.status).toBe(302)
    expect(answer.location).toBe(`/translate/${project.id}/${project.password}?segment=${ids[3]}`)
  })
})
