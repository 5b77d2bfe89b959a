import { beforeAll, describe, expect, it } from 'vitest'
import { action as callAction } from '~/routes/$'
import { signedInUser } from './accounts'
import { withTestDatabase } from './database'
import { readyProject } from './ready-project'
import { BASE, context } from './remix'

/** Issue 16 (SPEC §7): comments/add and comments/resolve as JSON calls, through the translator's comment function. */
withTestDatabase()
let cookie: string
let strangerCookie: string
let segmentId: number

beforeAll(async () => {
  const owner = await signedInUser('komentari@example.lv', 'Līga Komentāre')
  ;({ cookie } = owner)
  strangerCookie = (await signedInUser('svesa@example.lv')).cookie
  const { ids } = await readyProject(owner.user.id, 'komentari.txt', 'First sentence.\n\nSecond sentence.\n')
  segmentId = ids[0]!
})

const [addAction, resolveAction] = ['/comments/add', '/comments/resolve']

async function call(path: string, form: Record<string, string>, who = cookie) {
  const answer = await callAction({ request: new Request(`${BASE}${path}`, { method: 'POST', body: new URLSearchParams(form), headers: { Cookie: who } }), params: {}, context })
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> & { errors?: { code: string; message: string }[] } }
}

describe('comments/add and comments/resolve', () => {
  it('add a comment and a resolved marker in one thread, in SPEC §3 comment fields', async () => {
    const added = await call(addAction, { segmentId: String(segmentId), message: '  Vai šeit domāts “fails”?  ' })
    expect(added.status).toBe(200)
    expect(added.body).toMatchObject({ segmentId, messageType: 1, message: 'Vai šeit domāts “fails”?', fullName: 'Līga Komentāre' })
    expect(added.body.threadId).toBe(added.body.id)
    expect(Math.abs((added.body.timestamp as number) - Date.now() / 1000)).toBeLessThan(60)
    const resolved = await call(resolveAction, { segmentId: String(segmentId) })
    expect(resolved.body).toMatchObject({ segmentId, messageType: 2, message: '', threadId: added.body.id })
    const again = await call(resolveAction, { segmentId: String(segmentId) })
    expect(again).toEqual({ status: 409, body: { errors: [{ code: 'NothingToResolve', message: 'Nav neatrisinātu komentāru.' }] } })
  })

  it('refuse an empty or too long comment with SPEC §5 texts, and a segment that is not the caller’s with 404', async () => {
    expect(await call(addAction, { segmentId: String(segmentId), message: '   ' })).toEqual({
      status: 400,
      body: { errors: [{ code: 'EmptyComment', message: 'Komentāra lauks nedrīkst būt tukšs' }] },
    })
    const long = await call(addAction, { segmentId: String(segmentId), message: 'ā'.repeat(751) })
    expect(long).toEqual({ status: 400, body: { errors: [{ code: 'CommentTooLong', message: 'Komentārā var būt ne vairāk kā 750 rakstzīmju.' }] } })
    for (const [form, who] of [
      [{ segmentId: String(segmentId), message: 'Svešs' }, strangerCookie],
      [{ segmentId: '999999', message: 'Nav' }, cookie],
      [{ segmentId: 'abc', message: 'Nav' }, cookie],
      [{ message: 'Nav' }, cookie],
    ] as const) {
      expect(await call(addAction, form, who)).toEqual({ status: 404, body: { errors: [{ code: 'NotFound', message: 'Nav atrasts.' }] } })
    }
  })
})
