import { spawn } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createUser } from '~/lib/auth/users.server'
import { setDatabase } from '~/lib/db/db.server'
import { migrate } from '~/lib/db/migrate.server'
import { releaseAbandoned } from '~/lib/jobs/queue.server'
import { startWorker } from '~/lib/jobs/worker.server'
import { taskHandlers } from '~/lib/projects/pipeline.server'
import { createProject } from '~/lib/projects/projects.server'
import { databaseForProcesses, engine } from './database'

/**
 * Issue #3: a worker killed in the middle of a task; after a restart the task completes. The doomed worker
 * is a real process (SIGKILL, no clean-up); the database is a PGlite directory or a PostgreSQL schema.
 */
const root = path.resolve(import.meta.dirname, '..')

describe('a worker killed mid-task', () => {
  it('leaves the task to be completed after a restart', async () => {
    const where = await databaseForProcesses('restart')
    try {
      let database = await where.open()
      await migrate(database)
      setDatabase(database)
      const user = await createUser({ email: 'k@example.lv', name: 'K', password: 'a long password' })
      if (!user.ok) throw new Error('no user')
      const project = await createProject({
        ownerId: user.user.id,
        name: 'kill.txt',
        format: 'txt',
        bytes: new TextEncoder().encode('First sentence. Second sentence.\nThird line.\n'),
        sourceLang: 'en',
        targetLang: 'lv',
        tmPretranslate: false,
        mtPretranslate: false,
      })
      // PGlite: one process per directory, so hand it over to the doomed worker.
      if (engine() === 'pglite') await database.close()

      const doomed = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/claim-and-hang.ts'], {
        cwd: root,
        env: { ...process.env, ...where.env, LEASE_MS: '1000' },
      })
      await new Promise<void>((resolve, reject) => {
        let output = ''
        doomed.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString()
          if (output.includes('claimed')) resolve()
          if (output.includes('nothing to claim')) reject(new Error('the doomed worker found no task'))
        })
        doomed.on('exit', (code) => reject(new Error(`doomed worker exited early (${code})`)))
      })
      doomed.kill('SIGKILL')
      await new Promise((resolve) => doomed.once('exit', resolve))

      if (engine() === 'pglite') {
        database = await where.open() // takes over the dead process's lock
        setDatabase(database)
        expect(await releaseAbandoned()).toBe(1) // what boot() does for the embedded database
      } else {
        await new Promise((resolve) => setTimeout(resolve, 1100)) // the dead worker's lease runs out
      }
      const [held] = await database.query<{ status: string; lockedBy: string | null }>(
        `select status, locked_by as "lockedBy" from tasks where project_id = $1 and kind = 'convert'`,
        [project.id],
      )
      expect(held?.status).toBe(engine() === 'pglite' ? 'queued' : 'running')

      const worker = startWorker({ handlers: taskHandlers, pollMs: 50, log: () => {} })
      await worker.idle()
      await worker.stop()
      const [done] = await database.query<{ status: string; analysisStatus: string; segmentCount: number }>(
        `select status, analysis_status as "analysisStatus", segment_count as "segmentCount" from projects where id = $1`,
        [project.id],
      )
      expect(done).toEqual({ status: 'READY', analysisStatus: 'DONE', segmentCount: 3 })
      const tasks = await database.query<{ kind: string; status: string; attempts: number }>(
        `select kind, status, attempts from tasks where project_id = $1 order by id`,
        [project.id],
      )
      expect(tasks).toEqual([
        { kind: 'convert', status: 'done', attempts: 2 },
        { kind: 'analyse', status: 'done', attempts: 1 },
      ])
      setDatabase(undefined)
      await database.close()
    } finally {
      await where.dispose()
    }
  })
})
