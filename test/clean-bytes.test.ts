import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../bench/app-server'
import { signIn } from '../bench/translator/client'
import { createUser } from '~/lib/auth/users.server'
import { setDatabase } from '~/lib/db/db.server'
import { migrate } from '~/lib/db/migrate.server'
import { cultureCookie } from '~/lib/i18n/i18n.server'
import type { Language } from '~/lib/i18n/config'
import { databaseForProcesses } from './database'
import { readyProject } from './ready-project'

/**
 * Issue 15 "clean bytes": React 18.3.1's Node renderer put a U+0000 wherever a multi-byte character met its
 * 2,048-byte buffer's end (every Russian translator page had one at byte 4095). Pages of the real server, in every
 * interface language, at many window positions, must hold exactly the characters their data holds.
 */
const PASSWORD = 'clean bytes everywhere'

// Two-, three- and four-byte characters in every line, of lengths that move the buffer boundaries around.
const lines = Array.from({ length: 60 }, (_, index) =>
  [
    `Rinda ${index + 1}: ${'ā'.repeat(index % 7)}Ēriks — “pārtulkots” teikums ${'€'.repeat(index % 5)} ar garumzīmēm.`,
    `Строка ${index + 1}: ${'ж'.repeat(index % 11)}машинный перевод… ${'😀'.repeat(index % 3)} готово.`,
  ].join(' '),
)

let server: RunningServer
let cookie = ''
let translator = ''
let ids: number[] = []
let dispose: () => Promise<void> = async () => {}

beforeAll(async () => {
  const where = await databaseForProcesses('bytes')
  dispose = where.dispose
  const database = await where.open()
  await migrate(database)
  setDatabase(database)
  const user = await createUser({ email: 'bytes@example.lv', name: 'Baiba Šķēle', password: PASSWORD })
  if (!user.ok) throw new Error('no user')
  for (const name of ['Ābeces grāmata.txt', 'Русский документ.txt', 'long — name ✓.txt']) await readyProject(user.user.id, name, lines.join('\n'))
  const ready = await readyProject(user.user.id, 'Tulkojums.txt', lines.join('\n'))
  ids = ready.ids
  translator = `/translate/${ready.project.id}/${ready.project.password}`
  setDatabase(undefined)
  await database.close()
  server = await startServer(where.env, 3931)
  cookie = await signIn(server.origin, 'bytes@example.lv', PASSWORD)
}, 120_000)

afterAll(async () => {
  await server?.stop()
  await dispose()
})

async function pageBytes(path: string, language: Language): Promise<Uint8Array> {
  const culture = (await cultureCookie.serialize(language)).split(';')[0]
  const response = await fetch(`${server.origin}${path}`, { headers: { Cookie: `${cookie}; ${culture}` } })
  expect(response.status, path).toBe(200)
  return new Uint8Array(await response.arrayBuffer())
}

/** The positions of bytes that are not clean UTF-8 text: NUL, and anything that does not decode. */
function dirtyBytes(bytes: Uint8Array): string[] {
  const problems: string[] = []
  const nul = bytes.indexOf(0)
  if (nul >= 0) problems.push(`U+0000 at byte ${nul}`)
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    const replacement = text.indexOf('\uFFFD')
    if (replacement >= 0) problems.push(`U+FFFD at character ${replacement}`)
  } catch {
    problems.push('bytes that are not UTF-8')
  }
  return problems
}

describe('pages hold only the characters their data holds', () => {
  for (const language of ['lv', 'en', 'ru'] as const) {
    it(`file list, memories and translator windows in ${language}`, async () => {
      const paths = ['/', '/memories', ...ids.filter((_, index) => index % 3 === 0).map((id) => `${translator}?segment=${id}`)]
      const dirty: string[] = []
      for (const path of paths) {
        const problems = dirtyBytes(await pageBytes(path, language))
        if (problems.length > 0) dirty.push(`${path}: ${problems.join(', ')}`)
      }
      expect(dirty).toEqual([])
    }, 120_000)
  }
})
