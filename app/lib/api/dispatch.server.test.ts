import { describe, expect, it } from 'vitest'
import { answerGet, answerPost } from './dispatch.server'

const at = (path: string, method = 'GET') => new Request(`http://localhost${path}`, { method })

/** What the dispatcher answers without reaching a call's own function (the calls themselves: test/*-calls.test.ts, api-flow). */
async function outcome(answering: () => Promise<Response>): Promise<[number, string | null]> {
  try {
    const response = await answering()
    return [response.status, response.headers.get('Location') ?? response.headers.get('Allow')]
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    return [thrown.status, thrown.headers.get('Location')]
  }
}

describe('SPEC §7 calls in one route', () => {
  it('send a GET of a POST call to its page, and of an unknown address to the file list', async () => {
    expect(await outcome(() => answerGet(at('/segments/translate')))).toEqual([302, '/'])
    expect(await outcome(() => answerGet(at('/tm/save-settings')))).toEqual([302, '/memories'])
    expect(await outcome(() => answerGet(at('/TM/Save-Settings-For-File/')))).toEqual([302, '/memories'])
    expect(await outcome(() => answerGet(at('/files/no-such-call')))).toEqual([302, '/'])
    expect(await outcome(() => answerGet(at('/')))).toEqual([302, '/'])
  })

  it('answer a POST to a GET call with 405 and Allow, in any case and with a trailing slash, as the routes matched', async () => {
    for (const path of ['/tm', '/TM/', '/profile', '/tm/for-file', '/settings/update-mt-for-file//']) {
      expect([path, ...(await outcome(() => answerPost(at(path, 'POST'))))]).toEqual([path, 405, 'GET'])
    }
    expect(await outcome(() => answerPost(at('/tm/for-file/more', 'POST')))).toEqual([302, '/'])
  })
})
