/**
 * bench/load/capacity.ts (issue 53 point 5): how many requests a second one server answers with p95 ≤ 200 ms.
 *
 *   npx remix build && npx tsx bench/load/capacity.ts [--translators 50] [--seconds 20] [--step 5]
 *   npm run bench:capacity      (PGlite, then two web instances and a worker process on a throw-away PostgreSQL)
 *
 * Every translator (bench/load's seed: a memory of 300 units, a file of 120 segments near them) works through its
 * file: every 0.5 s it either opens the translator window on its segment (a GET, as a link or a reload does) or
 * confirms the segment without JavaScript (the form's POST, then the page the redirect names) and moves on — the two
 * alternately, each after a pause of 0.5 s from the last answer. The same servers take 5, 10, … up to
 * `--translators` people, `--seconds` each, after a warm-up.
 *
 * Printed per step: requests a second, p50 / p95 / max per request, errors, and the servers' CPU per request (their
 * Node processes, every thread: on PostgreSQL the database server's own CPU is not in it). The
 * capacity figure is the highest rate of a step with p95 ≤ 200 ms and no errors; the baseline, measured in the same
 * run, is the rate the machine's cores would allow at that CPU per request if nothing waited on anything
 * (cores × 1,000 ÷ CPU ms per request): the ratio says how near to its CPU the server gets before p95 passes 200 ms.
 */
import os from 'node:os'
import { setDatabase } from '../../app/lib/db/db.server'
import { migrate } from '../../app/lib/db/migrate.server'
import { requireBuild, type RunningProcess } from '../app-server'
import { numberFlag, percentile, seeded } from '../measure'
import { printTable } from '../print'
import { benchDatabase } from '../translator/project'
import { get, post, printLoggedErrors, seed, segmentsOf, signInAll, startServers, summarise, timed, type Sample, type Translator } from './common'

const TRANSLATORS = numberFlag('--translators', 50)
const SECONDS = numberFlag('--seconds', 20)
const STEP = numberFlag('--step', 5)
const PAUSE_MS = 500
const WARM_UP_SECONDS = 5
const TARGET_P95_MS = 200
const KINDS = ['window', 'confirm', 'page after confirm']

const pause = () => new Promise((resolve) => setTimeout(resolve, PAUSE_MS))

/** One translator's loop until `until`: a window, a confirm and its page, a window, … each 0.5 s after the last answer. */
async function work(origin: string, cookie: string, translator: Translator, until: number, random: () => number, samples: Sample[]) {
  let at = Math.floor(random() * translator.segments.length)
  // Not all in step: the first action comes within one pause.
  await new Promise((resolve) => setTimeout(resolve, PAUSE_MS * random()))
  while (performance.now() < until) {
    const segment = translator.segments[at % translator.segments.length]!
    const page = `${translator.base}?segment=${segment.id}`
    await timed(samples, 'window', () => get(origin, page, cookie))
    await pause()
    if (performance.now() >= until) return
    const fields = { intent: 'confirm', segmentId: String(segment.id), source: segment.source, target: `${segment.source} (tulkots)`, renderedAt: String(Date.now()) }
    const location = await timed(samples, 'confirm', () => post(origin, page, cookie, fields))
    if (location) await timed(samples, 'page after confirm', () => get(origin, location, cookie))
    at++
    await pause()
  }
}

interface Step {
  translators: number
  samples: Sample[]
  seconds: number
  cpuMs: number
}

async function main() {
  requireBuild()
  const database = await benchDatabase()
  const cores = os.availableParallelism()
  console.log(
    `bench/load capacity: up to ${TRANSLATORS} translators on ${database.engine}, each a window or a no-JavaScript confirm every ` +
      `${PAUSE_MS / 1000} s after the last answer, ${SECONDS} s a step; ${cores} cores`,
  )
  const processes: RunningProcess[] = []
  try {
    const seeding = await database.open()
    await migrate(seeding)
    setDatabase(seeding)
    const translators = await seed(TRANSLATORS, false)
    setDatabase(undefined)
    await seeding.close()
    await segmentsOf(translators, () => database.open())
    const { instances, processes: running } = await startServers(database)
    processes.push(...running)
    console.log(database.engine === 'PGlite' ? 'one instance (npm start)' : 'two web instances (WORKER=false) and one worker process (npm run worker)')
    const origin = (index: number) => instances[index % instances.length]!.origin
    const cookies = await signInAll(
      translators.map((translator) => translator.email),
      translators.map((_, index) => origin(index)),
    )
    const cpu = () => processes.reduce((sum, process) => sum + process.cpuMs(), 0)
    const run = async (count: number, seconds: number, seed: number): Promise<Step> => {
      const samples: Sample[] = []
      const cpuBefore = cpu()
      const started = performance.now()
      const until = started + seconds * 1000
      await Promise.all(translators.slice(0, count).map((translator, index) => work(origin(index), cookies[index]!, translator, until, seeded(seed + index), samples)))
      return { translators: count, samples, seconds: (performance.now() - started) / 1000, cpuMs: cpu() - cpuBefore }
    }

    await run(Math.min(STEP, TRANSLATORS), WARM_UP_SECONDS, 500)
    const steps: Step[] = []
    const counts = new Set([...Array.from({ length: Math.floor(TRANSLATORS / STEP) }, (_, index) => (index + 1) * STEP), TRANSLATORS])
    for (const count of counts) steps.push(await run(count, SECONDS, 1_000 * count))

    const rate = (step: Step) => step.samples.length / step.seconds
    const p95 = (step: Step) => percentile(step.samples.map((sample) => sample.ms), 0.95)
    const errors = (step: Step) => step.samples.filter((sample) => !sample.ok).length
    const cpuPerRequest = (step: Step) => step.cpuMs / step.samples.length
    console.log()
    printTable(
      ['translators', 'requests/s', 'p50', 'p95', 'max', 'errors', 'server CPU a request'],
      steps.map((step) => {
        const ms = step.samples.map((sample) => sample.ms)
        return [
          String(step.translators),
          rate(step).toFixed(1),
          `${percentile(ms, 0.5).toFixed(1)} ms`,
          `${p95(step).toFixed(1)} ms`,
          `${Math.max(...ms).toFixed(0)} ms`,
          String(errors(step)),
          `${cpuPerRequest(step).toFixed(1)} ms`,
        ]
      }),
    )
    const last = steps.at(-1)!
    summarise(`${last.translators} translators, ${SECONDS} s`, last.samples, KINDS)

    const within = steps.filter((step) => p95(step) <= TARGET_P95_MS && errors(step) === 0)
    const best = within.reduce<Step | undefined>((top, step) => (top && rate(top) >= rate(step) ? top : step), undefined)
    if (best) {
      const ceiling = (cores * 1000) / cpuPerRequest(best)
      console.log(
        `\ncapacity: ${rate(best).toFixed(1)} requests/s at p95 ${p95(best).toFixed(1)} ms (${best.translators} translators); the cores' ceiling at ` +
          `${cpuPerRequest(best).toFixed(1)} ms of CPU a request ${ceiling.toFixed(0)} requests/s — ${(rate(best) / ceiling).toFixed(2)}× of it`,
      )
    } else {
      console.log(`\ncapacity: no step kept p95 ≤ ${TARGET_P95_MS} ms without errors`)
    }
    const verdict = p95(last) <= TARGET_P95_MS && errors(last) === 0 ? 'met' : 'NOT met'
    console.log(
      `target (issue 53) ${TRANSLATORS} translators p95 ≤ ${TARGET_P95_MS} ms, no errors: ${rate(last).toFixed(1)} requests/s, ` +
        `p95 ${p95(last).toFixed(1)} ms, ${errors(last)} errors — ${verdict}`,
    )
    if (steps.some((step) => errors(step) > 0)) printLoggedErrors(processes)
  } finally {
    await Promise.all(processes.map((running) => running.stop()))
    await database.dispose()
  }
}

await main()
