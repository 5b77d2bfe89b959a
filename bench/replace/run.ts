/**
 * bench/replace (issue 58): find and replace across a large file's translations, as the translator's Replace all does
 * it — the preview, the replace itself (a background task, 500 segments a transaction; statuses kept, confirmed
 * segments' memory units updated) and its undo — against the same changes written the way a translator without Replace
 * all makes them, one segment save at a time (saveTranslation, timed on a sample and scaled). For the background
 * work it prints the longest batch too: the longest any other request waits for the database behind it.
 *
 *   npx tsx bench/replace/run.ts [--segments 50000] [--sample 500]
 *
 * Every translation holds the word found ("datne"), half of them confirmed: the worst case, every segment changes.
 */
import os from 'node:os'
import { verifyLogin } from '../../app/lib/auth/users.server'
import { db, setDatabase } from '../../app/lib/db/db.server'
import { migrate } from '../../app/lib/db/migrate.server'
import { findProject } from '../../app/lib/projects/projects.server'
import { replaceAll, replaceTaskStep, undoReplace } from '../../app/lib/projects/replace.server'
import { saveTranslation } from '../../app/lib/projects/save-translation.server'
import { numberFlag } from '../measure'
import { printTable, thousands, times } from '../print'
import { benchDatabase, createBenchProject, translatorDocument, USER } from '../translator/project'

const SEGMENTS = numberFlag('--segments', 50_000)
const SAMPLE = numberFlag('--sample', 500)

async function main() {
  console.log(`bench/replace — ${os.cpus().length} CPU (${os.cpus()[0]?.model.trim()}), Node ${process.version}, ${new Date().toISOString()}`)
  const database = await benchDatabase()
  const opened = await database.open()
  setDatabase(opened)
  try {
    await migrate(opened)
    const created = await createBenchProject(translatorDocument(SEGMENTS).bytes)
    const user = (await verifyLogin(USER.email, USER.password))!
    const project = (await findProject(user.id, created.id, created.password))!
    // Every translation holds "datne"; every other one is confirmed. Repetitions are not filled (the writes are direct).
    await db().query(
      `update segments set target = 'Atveriet datni: ' || source, status = case when position % 2 = 0 then 'TRANSLATED' else 'DRAFT' end,
              save_type = 'MANUAL', save_match = 0
        where project_id = $1`,
      [project.id],
    )
    const query = { find: 'datni', replace: 'failu', matchCase: false, wholeWord: true }
    const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
      const start = performance.now()
      const result = await work()
      return [result, performance.now() - start]
    }
    const [preview, previewMs] = await timed(() => replaceAll(project, user, query, true))
    // The task's batches, each timed, as the worker runs them (runReplaceTask).
    const steps = async (batchId: number) => {
      const batches: number[] = []
      for (let more = true; more; ) {
        const start = performance.now()
        more = await replaceTaskStep(batchId)
        batches.push(performance.now() - start)
      }
      return Math.max(...batches)
    }
    const [[replaced, replaceLongest], replaceMs] = await timed(async () => {
      const started = await replaceAll(project, user, query, false)
      return [started, started.running ? await steps(started.batchId!) : 0] as const
    })
    const [[undone, undoLongest], undoMs] = await timed(async () => {
      const started = await undoReplace(project, user, replaced.batchId!)
      return [started, started?.running ? await steps(replaced.batchId!) : 0] as const
    })
    // The baseline: the same change saved segment by segment, as Replace (one at a time) or a translator's edits make it.
    const sample = await db().query<{ id: number; target: string; status: 'TRANSLATED' | 'DRAFT' }>(
      `select id, replace(target, 'datni', 'failu') as target, status from segments where project_id = $1 order by position limit $2`,
      [project.id, SAMPLE],
    )
    const [, sampleMs] = await timed(async () => {
      for (const row of sample) await saveTranslation(project, user, row.id, { target: row.target, status: row.status, saveType: 'MANUAL', saveMatch: 0 }, 0)
    })
    const baselineMs = (sampleMs / sample.length) * preview.changed
    console.log(`${thousands(created.segmentCount)} segments (${database.engine}); every translation holds the word, half of them confirmed.\n`)
    printTable(
      ['measure', 'time', 'segments', 'baseline: one save a segment', 'ratio'],
      [
        ['preview (nothing written)', `${(previewMs / 1000).toFixed(2)} s`, thousands(preview.changed), '', ''],
        [
          'replace all (background task, memory units of the confirmed ones)',
          `${(replaceMs / 1000).toFixed(2)} s`,
          thousands(replaced.changed),
          `${(baselineMs / 1000).toFixed(1)} s (${SAMPLE} timed, scaled)`,
          `${times(baselineMs / replaceMs)} faster`,
        ],
        ['  its longest batch (what another request waits at most)', `${(replaceLongest / 1000).toFixed(2)} s`, '500', '', ''],
        ['undo (background task)', `${(undoMs / 1000).toFixed(2)} s`, thousands(undone?.count ?? 0), '', ''],
        ['  its longest batch', `${(undoLongest / 1000).toFixed(2)} s`, '500', '', ''],
      ],
    )
  } finally {
    setDatabase(undefined)
    await opened.close()
    await database.dispose()
  }
}

await main()
