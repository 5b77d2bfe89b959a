/**
 * bench/mt (issue 6), first part: Tulks's MT path — mask tags, batch, call Apertium, unmask — for N segments,
 * beside calling APY directly with the very same batches in this run. The pretranslate task (database reads and
 * writes around it) is not built yet; when it is, it joins this table.
 *
 *   APERTIUM_URL=$(scripts/start-apertium.sh 2737) npx tsx bench/mt/run.ts [--segments N] [--rounds N]
 *
 * Segments: sentences of the GPL 3 text (every Debian system has it), every third one with inline tags.
 * Target: Tulks ≤ 1.2× the direct calls.
 */
import { readFileSync } from 'node:fs'
import { parse } from '../../app/lib/tags'
import { apertiumProvider } from '../../app/lib/mt/apertium.server'
import { batches, createMtRegistry } from '../../app/lib/mt/registry.server'
import { maskTags } from '../../app/lib/mt/tag-mask'
import { printTable, thousands, times } from '../print'

const TARGET_RATIO = 1.2
const BATCH_SEGMENTS = 40
const BATCH_CHARACTERS = 8000

function numberFlag(name: string, fallback: number): number {
  const index = process.argv.indexOf(name)
  if (index < 0) return fallback
  const value = Number(process.argv[index + 1])
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} expects a positive whole number`)
  return value
}

const SEGMENTS = numberFlag('--segments', 2000)
const ROUNDS = numberFlag('--rounds', 2)
const url = process.env.APERTIUM_URL
if (!url) {
  console.error('Set APERTIUM_URL, e.g. APERTIUM_URL=$(scripts/start-apertium.sh 2737) npx tsx bench/mt/run.ts')
  process.exit(1)
}

function segments(count: number): string[] {
  const sentences = readFileSync('/usr/share/common-licenses/GPL-3', 'utf8')
    .replace(/\s+/g, ' ')
    .split(/(?<=[.;:])\s+/)
    .filter((sentence) => /\p{L}{3}/u.test(sentence))
    .map((sentence) => sentence.replace(/[<>&]/g, ' '))
  return Array.from({ length: count }, (_, index) => {
    const sentence = sentences[index % sentences.length] ?? ''
    if (index % 3 !== 0) return sentence
    const words = sentence.split(' ')
    const middle = Math.floor(words.length / 2)
    return [...words.slice(0, middle), `<g1>${words[middle] ?? ''}</g1>`, ...words.slice(middle + 1), '<x2/>'].join(' ')
  })
}

async function direct(texts: readonly string[]): Promise<void> {
  const masked = texts.map((text) => ({ mask: maskTags(parse(text)) }))
  for (const batch of batches(masked, BATCH_SEGMENTS, BATCH_CHARACTERS)) {
    const q = batch.map(({ mask }) => `<p>${mask.masked}</p>`).join('')
    const response = await fetch(new URL('translate', `${url}/`), {
      method: 'POST',
      body: new URLSearchParams({ langpair: 'eng|spa', q, markUnknown: 'no' }),
    })
    await response.json()
  }
}

async function main() {
  const texts = segments(SEGMENTS)
  const registry = createMtRegistry({
    providers: [apertiumProvider({ url: url ?? '' })],
    timeoutMs: 60_000,
    cacheSeconds: 60,
    batchSegments: BATCH_SEGMENTS,
    batchCharacters: BATCH_CHARACTERS,
  })
  await direct(texts.slice(0, 50)) // start APY's pipeline
  const best = { direct: Infinity, tulks: Infinity }
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which goes first, so neither always meets a warmer (or busier) engine.
    const order = round % 2 === 0 ? (['direct', 'tulks'] as const) : (['tulks', 'direct'] as const)
    for (const path of order) {
      const start = performance.now()
      if (path === 'direct') {
        await direct(texts)
      } else {
        const result = await registry.translate('apertium:eng|spa', texts)
        if (!result.ok) throw new Error(`MT failed: ${result.error.code} ${result.error.detail ?? ''}`)
      }
      best[path] = Math.min(best[path], performance.now() - start)
    }
  }
  const perSecond = (ms: number) => thousands((SEGMENTS / ms) * 1000)
  console.log(`\n${thousands(SEGMENTS)} segments, eng→spa, batches of ≤ ${BATCH_SEGMENTS} segments / ${BATCH_CHARACTERS} characters, best of ${ROUNDS}\n`)
  printTable(
    ['path', 'ms', 'segments/s', 'ratio'],
    [
      ['APY directly, same batches', thousands(best.direct), perSecond(best.direct), times(1)],
      ['Tulks registry.translate', thousands(best.tulks), perSecond(best.tulks), times(best.tulks / best.direct)],
    ],
  )
  const ratio = best.tulks / best.direct
  console.log(`\nTulks overhead ${times(ratio)} (target ≤ ${TARGET_RATIO}×): ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'}`)
}

await main()
