/**
 * bench/low-end (issue 19, point 11): the translator as an old laptop feels it — Debian's Chromium with the CPU slowed
 * 4× (DevTools' CPU throttling), beside the same run unthrottled (the baseline, ×1) — against the built app.
 *
 *   npx remix build && npx tsx bench/low-end/run.ts [--segments N] [--samples N]
 *
 * Each rate has a project and a user of its own (and so its own default memory): the ×4 run does not find the ×1
 * run's translations in its segments or among its suggestions.
 *
 * Figures, each as p50 / p95 over the samples:
 * - typing kept: from navigation until the server's textarea has the caret (autofocus, before any script has run;
 *   what is typed into it is kept when the editor takes its place), timed the same way;
 * - ready: from navigation to the translator until the editor has the caret (hydrated, typing goes into it), as the
 *   page itself times it: from its navigation start (performance.timeOrigin) to the focus entering the editor, which
 *   the page reports on the console. Watching for it from outside (Playwright's waitForFunction) would put Playwright's
 *   own script into the page while it loads, on the same slowed CPU (about 40 ms at 4×). This is the page loaded at
 *   its address (a reload, a bookmark, a new tab, a link followed without JavaScript), on which the target is judged;
 * - opened from the file list: the same, from the click on the file's name in the file list (with JavaScript the
 *   translator's page comes without a new document: its data, then a render), timed by the page from the click's
 *   event to the focus entering the editor;
 * - keystroke: from a key's keydown (or, for a letter typed as text, its beforeinput) to the next animation frame
 *   after its input event (what the eye waits for), at two paces, every other sample: a fast typist's (each key held
 *   TYPIST_MS, the next pressed as it is released — about 100 words a minute), on which the target is judged, and a
 *   burst (BURST_MS), faster than anyone types, where a key often arrives while the page is still busy with the one
 *   before;
 * - confirm: from Ctrl+Enter until the next segment's editor has the caret (network and render included).
 * Beside the keystroke, the browser's own floor: the same keys typed into a blank page holding only one editable
 * element, in the same browser at the same throttling.
 * - work per key: the page's main thread busy per key typed (every task it ran while 3 × KEYS keys more were typed
 *   at the typist's pace once the page was idle, from a trace, divided by the keys).
 * - of ready, two moments of the same loads, from the browser's navigation timing: the page's HTML received (the
 *   server's answer and its transfer) and DOMContentLoaded (parsed, and the module scripts run);
 * Targets at 4×: ready ≤ 500 ms, keystroke ≤ 16 ms p95, confirm ≤ 300 ms.
 *
 * `--build DIR`: serve the app built in DIR (another checkout, e.g. a `git worktree` of an earlier commit, built) with
 * this checkout's bench, project and measurements, so that two builds are measured the same way.
 * `BENCH_PAGE_PROFILE=DIR`: also the page's CPU profile over the samples of ready, typing and opened from the file list, per
 * rate, in DIR (for DevTools, or to sum by script); `BENCH_PAGE_TRACE=DIR` a Chromium trace of each ready sample, from the navigation to the caret, and of the work per key.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test'
import { setDatabase } from '../../app/lib/db/db.server'
import { migrate } from '../../app/lib/db/migrate.server'
import { requireBuild, startServer } from '../app-server'
import { signIn } from '../translator/client'
import { benchDatabase, createBenchProject, translatorDocument, USER, type CreatedProject } from '../translator/project'
import { numberFlag, percentile, textFlag } from '../measure'
import { printTable } from '../print'

const SEGMENTS = numberFlag('--segments', 2_000)
const SAMPLES = numberFlag('--samples', 10)
const BUILD = textFlag('--build')
const KEYS = 40
/** Ms each key is held, the next pressed as it is released: a fast typist (about 100 words a minute), and a burst. */
const TYPIST_MS = 100
const BURST_MS = 30
const PACES = { typist: TYPIST_MS, burst: BURST_MS }
type Pace = keyof typeof PACES
/** Samples alternate between the two paces, the typist's first. */
const paceOf = (sample: number): Pace => (sample % 2 === 0 ? 'typist' : 'burst')
const TYPED = 'Tulkojums tiek rakstīts uz vājas mašīnas '.slice(0, KEYS)
const TARGETS = { ready: 500, keystroke: 16, confirm: 300 }

const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0))

/** The caret is in the editor of the segment with that number (the editor is the JS enhancement of its textarea). */
function caretIn(page: Page, number: number) {
  return page.waitForFunction(
    (label) => {
      const editor = document.querySelector(`[aria-label="${label}"]`)
      return !!editor && editor.contains(document.activeElement) && document.activeElement?.getAttribute('contenteditable') === 'true'
    },
    `${number}. segmenta tulkojums`,
    { polling: 'raf', timeout: 30_000 },
  )
}

/**
 * Types KEYS keys `pace` ms apart into the focused field and returns each key's time from its keydown (for a letter
 * typed as text — ā, ī, š — its beforeinput) to the animation frame after its input event.
 */
async function typeKeys(page: Page, pace: Pace): Promise<number[]> {
  await page.evaluate(() => {
    const times: number[] = []
    // A letter outside the keyboard layout (ā, ī, š: Playwright types them as text) has no keydown: its
    // beforeinput starts the clock instead, never the previous key's keydown.
    let pressed: number | undefined
    document.addEventListener('keydown', (event) => (pressed = event.timeStamp), { capture: true })
    document.addEventListener('beforeinput', (event) => (pressed ??= event.timeStamp), { capture: true })
    document.addEventListener(
      'input',
      () => {
        const start = pressed
        pressed = undefined
        if (start !== undefined) requestAnimationFrame(() => times.push(performance.now() - start))
      },
      { capture: true },
    )
    ;(window as unknown as { keyTimes: number[] }).keyTimes = times
  })
  await typeAt(page, TYPED, pace)
  return page.evaluate(() => (window as unknown as { keyTimes: number[] }).keyTimes)
}

/**
 * Types `text` with a key every `pace` ms. At the typist's pace each letter gets the same rhythm: Playwright's own
 * `type` waits only before a letter it types as text (ā, ī, š), so the key after it would arrive at once, while the
 * page is still taking that letter — two keys at a time, which is a burst, not a typist. The burst keeps Playwright's.
 */
async function typeAt(page: Page, text: string, pace: Pace) {
  const delay = PACES[pace]
  if (pace === 'burst') return page.keyboard.type(text, { delay })
  for (const letter of text) {
    if (/^[\x20-\x7e]$/.test(letter)) await page.keyboard.press(letter, { delay })
    else {
      await page.keyboard.insertText(letter)
      await page.waitForTimeout(delay)
    }
  }
}

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  dur?: number
  args?: { name?: string }
}

/** Types 3 × KEYS keys more, once the page is idle, under a trace; returns its main thread's time per key, in ms. */
async function workPerKey(browser: Browser, page: Page): Promise<number> {
  // After what the page does once it is shown (its suggestions arriving): the keys' own work.
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(500)
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] })
  const typed = TYPED.repeat(3)
  await typeAt(page, typed, 'typist')
  const trace = await browser.stopTracing()
  if (process.env.BENCH_PAGE_TRACE) {
    fs.mkdirSync(process.env.BENCH_PAGE_TRACE, { recursive: true })
    fs.writeFileSync(path.join(process.env.BENCH_PAGE_TRACE, `typing-${Date.now()}.json`), trace)
  }
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents
  // Each renderer main thread's tasks, in ms; the page typed into is the busiest (a spare renderer idles).
  const mains = new Set(events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map((event) => `${event.pid}:${event.tid}`))
  const busy = new Map<string, number>()
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`
    if (event.ph === 'X' && event.name === 'RunTask' && mains.has(thread)) busy.set(thread, (busy.get(thread) ?? 0) + (event.dur ?? 0) / 1000)
  }
  if (busy.size === 0) throw new Error('the trace has no task of a renderer main thread')
  return Math.max(...busy.values()) / typed.length
}

/**
 * The browser's own floor: the same keys typed into a blank page holding one editable element (the kind the
 * translator's editor is), in the same browser at the same throttling. No page can be quicker than this.
 */
async function measureBlankPage(rate: number) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' })
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate })
    const keystroke = { typist: [] as number[], burst: [] as number[] }
    // Each sample on a fresh document, as the translator's are (typeKeys adds its listeners to the page it is given).
    const blank = async () => {
      await page.setContent('<!doctype html><html lang="lv"><title>blank</title><div contenteditable="true" aria-label="blank"></div></html>')
      await page.focus('[contenteditable]')
    }
    for (let sample = 0; sample < SAMPLES; sample++) {
      await blank()
      const pace = paceOf(sample)
      keystroke[pace].push(...(await typeKeys(page, pace)))
    }
    await blank()
    return { keystroke, work: await workPerKey(browser, page) }
  } finally {
    await browser.close()
  }
}

/**
 * With BENCH_PAGE_PROFILE=DIR, the page's JavaScript CPU profile (DevTools' sampling profiler) over the samples of a
 * kind — from the navigation or the click to the caret — merged into DIR/{kind}-x{rate}.cpuprofile, to see where a
 * page load's time goes (the samples' profiles are concatenated; the warm-up is left out).
 */
function pageProfiler(cdp: CDPSession, rate: number) {
  const dir = process.env.BENCH_PAGE_PROFILE
  const merged = new Map<string, { nodes: unknown[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }>()
  // Node ids are offset by the largest id written so far, so that the samples' trees stay apart in one file.
  let offset = 0
  let on = false
  return {
    async start(sample: number) {
      on = Boolean(dir) && sample >= 0
      if (!on) return
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
      await cdp.send('Profiler.start')
    },
    async stop(kind: string) {
      if (!on || !dir) return
      const { profile } = await cdp.send('Profiler.stop')
      const nodes = profile.nodes.map((node) => ({ ...node, id: node.id + offset, children: node.children?.map((child) => child + offset) }))
      const samples = profile.samples?.map((id) => id + offset) ?? []
      offset += profile.nodes.reduce((largest, node) => Math.max(largest, node.id), 0)
      const into = merged.get(kind)
      if (!into) merged.set(kind, { nodes, samples, timeDeltas: profile.timeDeltas ?? [], startTime: profile.startTime, endTime: profile.endTime })
      else {
        into.nodes = into.nodes.concat(nodes)
        into.samples = into.samples.concat(samples)
        into.timeDeltas = into.timeDeltas.concat(profile.timeDeltas ?? [])
        into.endTime += profile.endTime - profile.startTime
      }
      fs.mkdirSync(dir, { recursive: true })
      fs.writeFileSync(path.join(dir, `${kind}-x${rate}.cpuprofile`), JSON.stringify(merged.get(kind)))
    },
  }
}

/** `segment(n)`: the id of the project's n-th segment (the address names a segment by its id). */
async function measure(origin: string, cookie: string, base: string, segment: (number: number) => number, rate: number) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' })
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const [name, value] = cookie.split('=') as [string, string]
    await context.addCookies([{ name, value, url: origin }])
    // The focus entering a segment's editor, or before the scripts its textarea, timed by the page (see "ready" above).
    await context.addInitScript(() => {
      document.addEventListener(
        'focusin',
        (event) => {
          const target = event.target as Element
          const editor = target.getAttribute('contenteditable') === 'true' ? target.closest('[aria-label$="segmenta tulkojums"]') : null
          if (editor) console.debug(`caret in ${editor.getAttribute('aria-label')} at ${performance.now()}`)
          if (target.localName === 'textarea') console.debug(`textarea of ${document.querySelector(`label[for="${target.id}"]`)?.textContent} at ${performance.now()}`)
        },
        true,
      )
      document.addEventListener('click', (event) => console.debug(`click at ${event.timeStamp}`), true)
    })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate })
    const profile = pageProfiler(cdp, rate)
    const ready: number[] = []
    const phases = { html: [] as number[], parsed: [] as number[] }
    const early: number[] = []
    const keystroke = { typist: [] as number[], burst: [] as number[] }
    const confirm: number[] = []
    // One warm-up navigation (the browser's cache of scripts), then the samples, each on its own segment.
    const tracing = process.env.BENCH_PAGE_TRACE
    for (let sample = -1; sample < SAMPLES; sample++) {
      const number = 1 + Math.max(0, sample) * 3
      const prefix = `caret in ${number}. segmenta tulkojums at `
      const caret = page.waitForEvent('console', { predicate: (message) => message.text().startsWith(prefix), timeout: 30_000 })
      const textarea = `textarea of ${number}. segmenta tulkojums at `
      const typing = page.waitForEvent('console', { predicate: (message) => message.text().startsWith(textarea), timeout: 30_000 })
      await profile.start(sample)
      if (tracing && sample >= 0) await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink', ...(process.env.BENCH_TRACE_CATEGORIES?.split(',') ?? [])] })
      await page.goto(`${origin}${base}?segment=${segment(number)}`, { waitUntil: 'commit' })
      const focused = Number((await caret).text().slice(prefix.length))
      await profile.stop('ready')
      if (tracing && sample >= 0) {
        fs.mkdirSync(tracing, { recursive: true })
        fs.writeFileSync(path.join(tracing, `ready-x${rate}-${sample}.json`), await browser.stopTracing())
      }
      const kept = Number((await typing).text().slice(textarea.length))
      await caretIn(page, number)
      if (sample >= 0) ready.push(focused)
      if (sample >= 0) early.push(kept)
      if (sample >= 0) {
        const timing = await page.evaluate(() => {
          const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
          return { html: navigation.responseEnd, parsed: navigation.domContentLoadedEventEnd }
        })
        phases.html.push(timing.html)
        phases.parsed.push(timing.parsed)
      }
      if (sample < 0) continue
      const pace = paceOf(sample)
      await profile.start(sample)
      keystroke[pace].push(...(await typeKeys(page, pace)))
      await profile.stop('typing')
      const confirmStart = performance.now()
      await page.keyboard.press('Control+Enter')
      await caretIn(page, number + 1)
      confirm.push(performance.now() - confirmStart)
    }
    // Opened from the file list: the click on the file's name to the caret in an editor, in the same document.
    const opened: number[] = []
    for (let sample = -1; sample < SAMPLES; sample++) {
      await page.goto(`${origin}/`)
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      await page.waitForLoadState('networkidle')
      const click = page.waitForEvent('console', { predicate: (message) => message.text().startsWith('click at '), timeout: 30_000 })
      const caret = page.waitForEvent('console', { predicate: (message) => message.text().startsWith('caret in '), timeout: 30_000 })
      await profile.start(sample)
      await page.locator(`a[href="${base}"]`).first().click()
      const clicked = Number((await click).text().slice('click at '.length))
      const focused = Number((await caret).text().split(' at ').at(-1))
      await profile.stop('opened')
      if (sample >= 0) opened.push(focused - clicked)
    }
    // The traced sample, on a segment of its own.
    const number = 2 + SAMPLES * 3
    const caret = caretIn(page, number)
    await page.goto(`${origin}${base}?segment=${segment(number)}`)
    await caret
    return { ready, phases, early, opened, keystroke, confirm, work: await workPerKey(browser, page) }
  } finally {
    await browser.close()
  }
}

async function main() {
  if (!BUILD) requireBuild()
  console.log(`bench/low-end — ${os.cpus().length} CPU (${os.cpus()[0]?.model.trim()}), Node ${process.version}, ${new Date().toISOString()}`)
  console.log(`Chromium ${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}, 1280×800; ${SEGMENTS} segments; ${SAMPLES} samples (${KEYS} keys each), half at each pace.\n`)
  const database = await benchDatabase()
  try {
    const opened = await database.open()
    setDatabase(opened)
    // A user and a project for each rate (see the top of this file).
    const users = { plain: USER, slow: { ...USER, email: 'bench-slow@example.org' } }
    let projects
    try {
      await migrate(opened)
      const bytes = translatorDocument(SEGMENTS).bytes
      projects = { plain: await createBenchProject(bytes, users.plain), slow: await createBenchProject(bytes, users.slow) }
    } finally {
      setDatabase(undefined)
      await opened.close()
    }
    const server = await startServer(database.serverEnv, 3996, BUILD)
    if (BUILD) console.log(`Serving the app built in ${BUILD}.\n`)
    try {
      const run = async (rate: number, user: typeof USER, project: CreatedProject) => {
        // Segment ids in document order: the n-th segment is the one numbered n.
        const ids = [...project.positions].sort((a, b) => a[1] - b[1]).map(([id]) => id)
        const base = `/translate/${project.id}/${project.password}`
        return measure(server.origin, await signIn(server.origin, user.email, user.password), base, (number) => ids[number - 1]!, rate)
      }
      const plain = await run(1, users.plain, projects.plain)
      const slow = await run(4, users.slow, projects.slow)
      const blank = { plain: await measureBlankPage(1), slow: await measureBlankPage(4) }
      const workRow = (label: string, runs: { plain: { work: number }; slow: { work: number } }) => [
        label,
        ms(runs.plain.work),
        ms(runs.slow.work),
        `${(runs.slow.work / runs.plain.work).toFixed(1)}×`,
        '',
        '',
      ]
      const figures = (label: string, runs: { plain: number[]; slow: number[] }) => {
        const [p50, p95, base50] = [percentile(runs.slow, 0.5), percentile(runs.slow, 0.95), percentile(runs.plain, 0.5)]
        return [label, `${ms(base50)} / ${ms(percentile(runs.plain, 0.95))}`, `${ms(p50)} / ${ms(p95)}`, `${(p50 / base50).toFixed(1)}×`, '', '']
      }
      const row = (label: string, key: keyof typeof TARGETS, runs: { plain: number[]; slow: number[] }) => {
        const figure = key === 'keystroke' ? percentile(runs.slow, 0.95) : percentile(runs.slow, 0.5)
        return [...figures(label, runs).slice(0, 4), `≤ ${TARGETS[key]}${key === 'keystroke' ? ' (p95)' : ''}`, figure <= TARGETS[key] ? 'met' : 'not met']
      }
      printTable(
        ['ms, p50 / p95', 'CPU ×1 (baseline)', 'CPU ×4', '×4 ÷ ×1', 'target at ×4', ''],
        [
          figures('caret in the textarea, typing kept (before scripts)', { plain: plain.early, slow: slow.early }),
          row('ready for typing after navigation (page loaded)', 'ready', { plain: plain.ready, slow: slow.ready }),
          figures("  of which the page's HTML received", { plain: plain.phases.html, slow: slow.phases.html }),
          figures('  of which DOMContentLoaded', { plain: plain.phases.parsed, slow: slow.phases.parsed }),
          figures('  opened from the file list (click to caret)', { plain: plain.opened, slow: slow.opened }),
          row(`keystroke to frame, a typist (keys held ${TYPIST_MS} ms)`, 'keystroke', { plain: plain.keystroke.typist, slow: slow.keystroke.typist }),
          row('  the same keys, blank editable page (floor)', 'keystroke', { plain: blank.plain.keystroke.typist, slow: blank.slow.keystroke.typist }),
          figures(`keystroke to frame, a burst (keys held ${BURST_MS} ms)`, { plain: plain.keystroke.burst, slow: slow.keystroke.burst }),
          figures('  the same keys, blank editable page (floor)', { plain: blank.plain.keystroke.burst, slow: blank.slow.keystroke.burst }),
          row('confirm to next segment active', 'confirm', { plain: plain.confirm, slow: slow.confirm }),
          workRow('main-thread work per key (mean)', { plain, slow }),
          workRow('main-thread work per key, blank page', blank),
        ],
      )
      console.log('\nThe floor: the same keys typed into a blank page holding only an editable element, same browser and throttling.')
      console.log(`Keystroke: samples alternate between a typist's pace (judged) and a burst; ${SAMPLES} samples of ${KEYS} keys in all.`)
      console.log(`Work per key: every task of the page's main thread while ${3 * KEYS} keys more were typed at the typist's pace, from a trace, per key.`)
    } finally {
      await server.stop()
    }
  } finally {
    await database.dispose()
  }
}

await main()
