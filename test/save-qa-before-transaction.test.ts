import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { User } from '~/lib/auth/users.server'
import { db } from '~/lib/db/db.server'
import { saveTranslation } from '~/lib/projects/save-translation.server'
import type { ProjectSummary } from '~/lib/projects/projects.server'
import { segmentWarnings } from '~/lib/qa/segment-qa.server'
import type * as Spelling from '~/lib/qa/spelling.server'
import { createMemory } from '~/lib/tm/memories.server'
import { signedInUser } from './accounts'
import { withTestDatabase } from './database'
import { readyProject } from './ready-project'

/**
 * Issue 53: a save with the TM write-back is a transaction, and on PGlite a transaction holds the database thread —
 * every other statement of every user waits until it ends. The new translation's QA (a glossary read, term recognition,
 * the spelling checker's answer) is found before it. The spelling checker here reads the database before it answers:
 * inside the transaction that read would wait for the transaction, which waits for the answer.
 */
vi.mock('~/lib/qa/spelling.server', async (importOriginal) => {
  const original = await importOriginal<typeof Spelling>()
  return {
    ...original,
    misspelledWords: async (text: string) => {
      const { db: database } = await import('~/lib/db/db.server')
      await database().query('select 1')
      return text.includes('eirro') ? ['eirro'] : []
    },
  }
})

withTestDatabase()
let owner: User
let project: ProjectSummary
let ids: number[]

beforeAll(async () => {
  owner = (await signedInUser('save-qa@example.lv', 'Ātra Kvalitāte')).user
  await createMemory(owner.id, { name: 'Written back', sourceLang: 'en', targetLang: 'lv' })
  ;({ project, ids } = await readyProject(owner.id, 'save-qa.txt', 'The computer costs 1,250 euros.\n\nClose the window.\n'))
})

const inTime = <T>(work: Promise<T>) =>
  Promise.race([work, new Promise<'stuck'>((resolve) => setTimeout(() => resolve('stuck'), 5_000))])

describe("a save's QA, found before its transaction (issue 53)", () => {
  it('confirms with the write-back, the spelling warning kept with the translation', async () => {
    const confirm = { target: 'Dators maksā 1250 eirro.', status: 'TRANSLATED', saveType: 'MANUAL', saveMatch: 0 } as const
    const saved = await inTime(saveTranslation(project, owner, ids[0]!, confirm, 0))
    expect(saved).toMatchObject({ ok: true })
    const warnings = (await segmentWarnings(project.id, [ids[0]!])).get(ids[0]!) ?? []
    expect(warnings.map((warning) => warning.key)).toEqual(['spelling:eirro'])
    const [unit] = await db().query<{ target: string }>('select target from tm_units where source = $1', ['The computer costs 1,250 euros.'])
    expect(unit?.target).toBe('Dators maksā 1250 eirro.')
  })
})
