/**
 * bench/mt (issue 6): pretranslate a 2,000-segment project through Apertium — the app's own pretranslation task
 * (pretranslateFromMt: reading the segments, masking tags, batching, calling APY, unmasking, writing the drafts,
 * progress, the MT band) — beside calling APY directly with the very same batches in the same run.
 *
 *   APERTIUM_URL=$(scripts/start-apertium.sh 2737) npx tsx bench/mt/run.ts [--segments N] [--rounds N]
 *
 * The project is an HTML document of NTREX-128 news sentences (bold, italic and link tags in some), uploaded with
 * createProject and converted by the app's worker into a fresh PGlite database (or a PostgreSQL schema when
 * DATABASE_URL is set). Each round empties the translations and runs the task again; the two paths alternate
 * which goes first, and the best round of each is compared. Target: Tulks ≤ 1.2× the direct calls.
 */
import os from 'node:os'
import { db, setDatabase } from '../../app/lib/db/db.server'
import { migrate } from '../../app/lib/db/migrate.server'
import { pretranslateFromMt, PRETRANSLATE_BATCH } from '../../app/lib/mt/project-mt.server'
import { batches, resetMtRegistryForTests } from '../../app/lib/mt/registry.server'
import { maskTags } from '../../app/lib/mt/tag-mask'
import { parse, plainText } from '../../app/lib/tags'
import { getEnv } from '../../app/lib/env.server'
import { printTable, thousands, times } from '../print'
import { benchDatabase, createBenchProject, translatorDocument } from '../translator/project'
import { numberFlag } from '../measure'

const TARGET_RATIO = 1.2
const SYSTEM = 'apertium:eng|spa'

const SEGMENTS = numberFlag('--segments', 2000)
const ROUNDS = numberFlag('--rounds', 2)
const url = process.env.APERTIUM_URL
if (!url) {
  console.error('Set APERTIUM_URL, e.g. APERTIUM_URL=$(scripts/start-apertium.sh 2737) npx tsx bench/mt/run.ts')
  process.exit(1)
}

/**
 * The requests pretranslateFromMt makes, made directly: the segments in steps of PRETRANSLATE_BATCH, those with a
 * letter masked, grouped by the registry's own `batches` with the configured limits, one POST each, in order.
 */
function directBatches(sources: readonly string[], batchSegments: number, batchCharacters: number): string[] {
  const requests: string[] = []
  for (let step = 0; step < sources.length; step += PRETRANSLATE_BATCH) {
    const pending = sources
      .slice(step, step + PRETRANSLATE_BATCH)
      .map((source) => parse(source))
      .filter((tokens) => /\p{L}/u.test(plainText(tokens)))
      .map((tokens) => ({ mask: maskTags(tokens) }))
    for (const batch of batches(pending, batchSegments, batchCharacters)) requests.push(batch.map(({ mask }) => `<p>${mask.masked}</p>`).join(''))
  }
  return requests
}

async function direct(requests: readonly string[]): Promise<void> {
  for (const q of requests) {
    const response = await fetch(new URL('translate', `${url}/`), {
      method: 'POST',
      body: new URLSearchParams({ langpair: 'eng|spa', q, markUnknown: 'no' }),
    })
    if (!response.ok) throw new Error(`APY answered ${response.status}`)
    await response.json()
  }
}

async function emptyTranslations(projectId: number): Promise<void> {
  await db().query(`update segments set target = null, status = 'NEW', save_type = null, save_match = null where project_id = $1`, [projectId])
}

async function main() {
  process.env.APERTIUM_URL = url
  resetMtRegistryForTests()
  const env = getEnv()
  const database = await benchDatabase()
  const opened = await database.open()
  try {
    await migrate(opened)
    setDatabase(opened)
    console.log(`bench/mt — ${os.cpus().length} CPU (${os.cpus()[0]?.model.trim()}), Node ${process.version}, ${new Date().toISOString()}`)
    console.log(`Engine: ${database.engine}; Apertium APY at ${url}, eng→spa; load average at start: ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}`)

    const project = await createBenchProject(translatorDocument(SEGMENTS).bytes)
    await db().query('update projects set mt_system_id = $2 where id = $1', [project.id, SYSTEM])
    const sources = (await db().query<{ source: string }>('select source from segments where project_id = $1 order by id', [project.id])).map((row) => row.source)
    const requests = directBatches(sources, env.MT_BATCH_SEGMENTS, env.MT_BATCH_CHARACTERS)
    console.log(
      `Project: ${thousands(sources.length)} segments; ${requests.length} requests to APY per run (steps of ${PRETRANSLATE_BATCH} segments, ` +
        `batches of ≤ ${env.MT_BATCH_SEGMENTS} segments / ${thousands(env.MT_BATCH_CHARACTERS)} characters), best of ${ROUNDS} rounds.\n`,
    )

    await direct(requests.slice(0, 3)) // start APY's pipeline
    const best = { direct: Infinity, tulks: Infinity }
    let filled = 0
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which goes first, so neither always meets a warmer (or busier) engine.
      const order = round % 2 === 0 ? (['direct', 'tulks'] as const) : (['tulks', 'direct'] as const)
      for (const path of order) {
        if (path === 'tulks') await emptyTranslations(project.id)
        const start = performance.now()
        if (path === 'direct') {
          await direct(requests)
        } else {
          const result = await pretranslateFromMt(project.id, async () => {})
          if (result.error) throw new Error(`pretranslation failed: ${result.error}`)
          filled = result.filled
        }
        best[path] = Math.min(best[path], performance.now() - start)
      }
    }
    const [check] = await db().query<{ drafts: number }>(
      `select count(*)::integer as drafts from segments where project_id = $1 and save_type = 'MT' and status = 'DRAFT'`,
      [project.id],
    )

    const perSecond = (ms: number) => thousands((sources.length / ms) * 1000)
    printTable(
      ['path', 'seconds', 'segments/s', 'ratio'],
      [
        ['APY directly, the same requests', (best.direct / 1000).toFixed(2), perSecond(best.direct), times(1)],
        ['Tulks pretranslation task (pretranslateFromMt)', (best.tulks / 1000).toFixed(2), perSecond(best.tulks), `${(best.tulks / best.direct).toFixed(2)}×`],
      ],
    )
    console.log(`\nThe task filled ${thousands(filled)} segments; ${thousands(check?.drafts ?? 0)} are MT drafts in the database.`)
    const ratio = best.tulks / best.direct
    console.log(`Tulks overhead ${ratio.toFixed(2)}× (target ≤ ${TARGET_RATIO}×): ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'}`)
    console.log(`Load average at the end: ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}`)
  } finally {
    setDatabase(undefined)
    await opened.close()
    await database.dispose()
  }
}

await main()
